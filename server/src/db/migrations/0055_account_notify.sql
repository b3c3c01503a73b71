-- Each agent's own choice of notification mails (My profile): which new tickets (all it may see,
-- only its groups', none), and whether a customer's reply and an assignment are mailed. The
-- defaults are what every account got before, so nothing changes until an agent chooses.
ALTER TABLE account ADD COLUMN IF NOT EXISTS notify_new text NOT NULL DEFAULT 'all';
ALTER TABLE account ADD COLUMN IF NOT EXISTS notify_replied boolean NOT NULL DEFAULT true;
ALTER TABLE account ADD COLUMN IF NOT EXISTS notify_assigned boolean NOT NULL DEFAULT true;
