-- The reply limit counts the mails one sender had answered in the last
-- hour.
CREATE INDEX messages_sender ON messages(sender, received_at);
