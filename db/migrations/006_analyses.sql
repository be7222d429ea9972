-- Analyses asked for by mail ("analyze"): the computer goes through a
-- finished game, or a record the mail carried, outside the mail's
-- transaction, and mails the commented record when done.
CREATE TABLE analyses (
	id           INTEGER PRIMARY KEY,
	player_id    INTEGER NOT NULL REFERENCES players(id),
	game_id      INTEGER REFERENCES games(id) ON DELETE CASCADE, -- NULL: a record
	record       TEXT NOT NULL DEFAULT '',   -- the record's one game, when game_id is NULL
	requested_at TIMESTAMP NOT NULL,
	done_at      TIMESTAMP
);
CREATE INDEX analyses_waiting ON analyses(id) WHERE done_at IS NULL;
