-- Every outgoing mail gets its own envelope sender (SMTP MAIL FROM), made by
-- the service core and kept here so that the sender uses it as it is and a
-- returned delivery report can be matched to the one mail it answers. Mail
-- queued before has '' and goes out from the service's address.
ALTER TABLE outbox ADD COLUMN envelope_from TEXT NOT NULL DEFAULT '';
-- When a delivery report for the mail came back and was acted on; a mail
-- bounces once.
ALTER TABLE outbox ADD COLUMN bounced_at TIMESTAMP;
