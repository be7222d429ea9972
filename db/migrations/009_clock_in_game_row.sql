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
