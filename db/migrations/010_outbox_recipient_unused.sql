-- Speed: no query looks a mail up by its recipient, yet every mail queued
-- (two a ply) wrote an entry of this index, at a place of its own in the
-- index: more pages written at each commit.
DROP INDEX outbox_recipient;
