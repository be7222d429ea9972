-- Speed: a game's clock moves into the game's row, and an archived game's
-- plies into one column.
--
-- A ply's mail wrote the game's row (updated_at) and then the clock's row;
-- with the clock in the game's row one UPDATE writes both. clock_turn is
-- NULL while a game has no clock (not active, or not set up yet).
ALTER TABLE games ADD COLUMN clock_turn INTEGER;        -- counts the game's turns, from 1
ALTER TABLE games ADD COLUMN clock_seat INTEGER;        -- the seat to move
ALTER TABLE games ADD COLUMN clock_plies INTEGER;       -- plies played when the turn began
ALTER TABLE games ADD COLUMN clock_started_at TIMESTAMP; -- when the turn began (moved on by pauses)
ALTER TABLE games ADD COLUMN clock_deadline TIMESTAMP;
ALTER TABLE games ADD COLUMN clock_check_at TIMESTAMP;  -- when the scheduler must look next
ALTER TABLE games ADD COLUMN clock_paused_at TIMESTAMP; -- NULL while the clock runs
ALTER TABLE games ADD COLUMN clock_pause_reason TEXT NOT NULL DEFAULT ''
	CHECK (clock_pause_reason IN ('', 'vacation', 'bounce', 'adjourned'));
ALTER TABLE games ADD COLUMN clock_banks TEXT NOT NULL DEFAULT ''; -- bank games: seconds left per seat, comma-separated

UPDATE games SET clock_turn = c.turn, clock_seat = c.seat, clock_plies = c.plies,
	clock_started_at = c.started_at, clock_deadline = c.deadline, clock_check_at = c.check_at,
	clock_paused_at = c.paused_at, clock_pause_reason = c.pause_reason, clock_banks = c.banks
	FROM clocks c WHERE c.game_id = games.id;
DROP TABLE clocks;
CREATE INDEX games_clock_due ON games(clock_check_at) WHERE clock_turn IS NOT NULL AND clock_paused_at IS NULL;

-- The plies of a game that came in by import, in one column instead of a
-- row each: each ply is its seat's digit followed by its canonical token,
-- separated by spaces ("0K10 1L9"). They read as played when the game was
-- imported (created_at), by no mail. Plies played by mail afterwards are
-- rows of plies, numbered on from the archived ones. A row per ply took
-- about 2.5 KB of store per game and an INSERT per ply.
ALTER TABLE games ADD COLUMN archive TEXT NOT NULL DEFAULT '';

-- Plies and seats are read and written by their primary key (a game's
-- plies in order, its seats in order): stored WITHOUT ROWID they are one
-- b-tree each instead of a table and its key's index, so that a ply's
-- mail writes one page less and a game's plies lie together.
CREATE TABLE plies_by_game (
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n          INTEGER NOT NULL,              -- 1-based, after the archived plies
	seat       INTEGER NOT NULL,
	token      TEXT NOT NULL,                 -- canonical token
	played_at  TIMESTAMP NOT NULL,
	message_id INTEGER REFERENCES messages(id),
	PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
INSERT INTO plies_by_game SELECT game_id, n, seat, token, played_at, message_id FROM plies;
DROP TABLE plies;
ALTER TABLE plies_by_game RENAME TO plies;

CREATE TABLE seats_by_game (
	game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat        INTEGER NOT NULL,             -- 0-based turn order
	player_id   INTEGER NOT NULL REFERENCES players(id),
	invitation  TEXT NOT NULL CHECK (invitation IN ('pending', 'accepted', 'declined')),
	answered_at TIMESTAMP,
	PRIMARY KEY (game_id, seat),
	UNIQUE (game_id, player_id)
) WITHOUT ROWID;
INSERT INTO seats_by_game SELECT game_id, seat, player_id, invitation, answered_at FROM seats;
DROP TABLE seats;
ALTER TABLE seats_by_game RENAME TO seats;
CREATE INDEX seats_player ON seats(player_id);
