-- Play over days: game clocks, the reminders sent, clocks held for a
-- bounce, vacations, ratings, daily digests and the scheduler's heartbeat.
-- Players' settings (timezone, notify, digest_hour) live in
-- players.settings. An adjourned game stays 'active': its clock is paused
-- with the reason 'adjourned' until the seat to move plays.

-- The clock of an active game: whose turn it is and until when. A pause or
-- the grace after downtime moves started_at and deadline on together, so
-- that the share of the turn used stays true.
CREATE TABLE clocks (
	game_id      INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
	turn         INTEGER NOT NULL,            -- counts the game's turns, from 1
	seat         INTEGER NOT NULL,            -- the seat to move
	plies        INTEGER NOT NULL,            -- plies played when the turn began
	started_at   TIMESTAMP NOT NULL,          -- when the turn began (moved on by pauses)
	deadline     TIMESTAMP NOT NULL,
	check_at     TIMESTAMP NOT NULL,          -- when the scheduler must look next
	paused_at    TIMESTAMP,                   -- NULL while the clock runs
	pause_reason TEXT NOT NULL DEFAULT ''
		CHECK (pause_reason IN ('', 'vacation', 'bounce', 'adjourned')),
	banks        TEXT NOT NULL DEFAULT ''     -- bank games: seconds left per seat, comma-separated
);
CREATE INDEX clocks_due ON clocks(check_at) WHERE paused_at IS NULL;

-- The reminders sent, one of each kind per turn at most, also across
-- restarts.
CREATE TABLE reminders (
	game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	turn    INTEGER NOT NULL,
	kind    TEXT NOT NULL CHECK (kind IN ('half', 'last')),
	sent_at TIMESTAMP NOT NULL,
	PRIMARY KEY (game_id, turn, kind)
);

-- A game mail to a player bounced: the game's clock stops until the player
-- writes to the service again.
CREATE TABLE bounce_holds (
	game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	player_id INTEGER NOT NULL REFERENCES players(id),
	since     TIMESTAMP NOT NULL,
	PRIMARY KEY (game_id, player_id)
);
CREATE INDEX bounce_holds_player ON bounce_holds(player_id);

-- A player's vacation and the allowance used in a year.
CREATE TABLE vacations (
	player_id  INTEGER PRIMARY KEY REFERENCES players(id),
	since      TIMESTAMP,                     -- start of the vacation; NULL when not away
	until      TIMESTAMP,                     -- its end; NULL when not away
	year       INTEGER NOT NULL,              -- the year days_used counts (UTC)
	days_used  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX vacations_until ON vacations(until) WHERE until IS NOT NULL;

-- Glicko-2 ratings, one per player and game (the game's command name:
-- pente, gomoku, quatro, ...).
CREATE TABLE ratings (
	player_id  INTEGER NOT NULL REFERENCES players(id),
	kind       TEXT NOT NULL,
	r          REAL NOT NULL,
	rd         REAL NOT NULL,
	vol        REAL NOT NULL,
	games      INTEGER NOT NULL,
	updated_at TIMESTAMP NOT NULL,
	PRIMARY KEY (player_id, kind)
);
CREATE INDEX ratings_top ON ratings(kind, r DESC);

-- What a rated game did to each seat's rating: shown in the final mail and
-- by "games"; its presence also marks the game as rated already.
CREATE TABLE rating_changes (
	game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	player_id   INTEGER NOT NULL REFERENCES players(id),
	kind        TEXT NOT NULL,
	r_before    REAL NOT NULL,
	rd_before   REAL NOT NULL,
	games_before INTEGER NOT NULL,
	r_after     REAL NOT NULL,
	rd_after    REAL NOT NULL,
	games_after INTEGER NOT NULL,
	PRIMARY KEY (game_id, player_id)
);

-- News held back for a player's daily digest.
CREATE TABLE digest_items (
	id         INTEGER PRIMARY KEY,
	player_id  INTEGER NOT NULL REFERENCES players(id),
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	text       TEXT NOT NULL,
	created_at TIMESTAMP NOT NULL
);
CREATE INDEX digest_items_player ON digest_items(player_id, created_at);

-- The scheduler's heartbeat: the last time the clocks were brought up to
-- date. A long gap is downtime and is given back to every running clock.
CREATE TABLE scheduler (
	id        INTEGER PRIMARY KEY CHECK (id = 1),
	last_tick TIMESTAMP NOT NULL
);

-- Games set up before clocks existed get their TimeControl tag from their
-- days= option, as new games get it when they are set up.
UPDATE games SET tags = json_set(tags, '$.TimeControl',
		'*' || (CAST(substr(options, instr(' ' || options, ' days=') + 5) AS INTEGER) * 86400))
	WHERE instr(' ' || options, ' days=') > 0 AND json_extract(tags, '$.TimeControl') IS NULL;
