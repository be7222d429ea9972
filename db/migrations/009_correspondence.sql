-- Conditional moves: each player's tree of answers to the opponent's next
-- plies in a game, kept hidden from everyone else until played. lines is
-- a JSON array of lines, each the plies in turn: the opponent's, the
-- answer, the opponent's, the answer, ...
CREATE TABLE conditions (
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL,
	lines      TEXT NOT NULL,
	at_ply     INTEGER NOT NULL,           -- plies played when the first level was set
	updated_at TIMESTAMP NOT NULL,
	PRIMARY KEY (game_id, seat)
);
-- A ply that a player's conditions played for them: records mark it.
ALTER TABLE plies ADD COLUMN conditional INTEGER NOT NULL DEFAULT 0;

-- Open challenges: "new pente with anyone". A challenge is open until
-- taken (game_id set), withdrawn or expired.
CREATE TABLE challenges (
	id          INTEGER PRIMARY KEY,
	player_id   INTEGER NOT NULL REFERENCES players(id),
	kind        TEXT NOT NULL,              -- the game as rules/games names it
	options     TEXT NOT NULL,              -- complete options, "name=value ..."
	min_rating  INTEGER NOT NULL DEFAULT 0, -- 0: no bound
	max_rating  INTEGER NOT NULL DEFAULT 0,
	created_at  TIMESTAMP NOT NULL,
	expires_at  TIMESTAMP NOT NULL,
	state       TEXT NOT NULL DEFAULT 'open',
	game_id     INTEGER REFERENCES games(id)
);
CREATE INDEX challenges_open ON challenges (state, expires_at);
