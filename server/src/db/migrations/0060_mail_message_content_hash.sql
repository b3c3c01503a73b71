-- What an incoming mail said (a hash of its sender, subject, text and attachments): a second mail
-- with the same Message-ID but other words is not the same mail fetched twice, and the inbox log
-- lists it ('' for the mails stored before, and for the ones we send).
ALTER TABLE mail_message ADD COLUMN IF NOT EXISTS content_hash text NOT NULL DEFAULT '';
