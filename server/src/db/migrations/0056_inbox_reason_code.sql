-- Why a mail made no ticket, as a stable code and its detail as written (a header's value, an
-- address, an error): the web says it in the reader's language by the code, whatever the English
-- words of `reason` (which API readers had before and still get).
ALTER TABLE mail_inbox_log ADD COLUMN IF NOT EXISTS reason_code text NOT NULL DEFAULT '';
ALTER TABLE mail_inbox_log ADD COLUMN IF NOT EXISTS reason_detail text NOT NULL DEFAULT '';
-- The entries written before: their code from the words they were written with.
UPDATE mail_inbox_log SET
  reason_code = CASE
    WHEN reason = 'delivery status report' THEN 'delivery_report'
    WHEN reason ~ '^from .' THEN 'from_daemon'
    WHEN reason ~ '^Auto-Submitted: ' THEN 'auto_submitted'
    WHEN reason IN ('x-autoreply', 'x-autorespond') THEN 'autoreply_header'
    WHEN reason = 'x-auto-response-suppress with an out-of-office subject' THEN 'out_of_office'
    WHEN reason ~ '^Precedence: ' THEN 'precedence'
    WHEN reason = 'mailing list' THEN 'mailing_list'
    WHEN reason = 'sent by our own mailbox' THEN 'own_mailbox'
    WHEN reason = 'sender is on the banned list' THEN 'banned'
    WHEN reason = 'no sender address' THEN 'no_sender'
    WHEN reason ~ '^could not be stored: ' THEN 'not_stored'
    WHEN outcome = 'bounce' THEN 'undeliverable'
    WHEN outcome = 'unparseable' THEN 'unreadable'
    ELSE ''
  END,
  reason_detail = CASE
    WHEN reason ~ '^from .' THEN substr(reason, 6)
    WHEN reason ~ '^Auto-Submitted: ' THEN substr(reason, 17)
    WHEN reason IN ('x-autoreply', 'x-autorespond') THEN reason
    WHEN reason ~ '^Precedence: ' THEN substr(reason, 13)
    WHEN reason ~ '^could not be stored: ' THEN substr(reason, 22)
    WHEN reason IN ('delivery status report', 'x-auto-response-suppress with an out-of-office subject',
      'mailing list', 'sent by our own mailbox', 'sender is on the banned list', 'no sender address') THEN ''
    WHEN outcome IN ('bounce', 'unparseable') THEN reason
    ELSE ''
  END
WHERE reason_code = '';
