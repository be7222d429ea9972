-- The first schema: players, games and their seats, plies, watchers, offers,
-- processed mail, the outbox and the server's secrets.

CREATE TABLE players (
	id         INTEGER PRIMARY KEY,
	address    TEXT NOT NULL UNIQUE,          -- lower case
	name       TEXT NOT NULL DEFAULT '',      -- display name from From:
	settings   TEXT NOT NULL DEFAULT '{}',    -- JSON object of name -> value
	created_at TIMESTAMP NOT NULL
);

CREATE TABLE games (
	id          INTEGER PRIMARY KEY,
	kind        TEXT NOT NULL,                -- rules kind name: "Pente", "Pinuid Quatro"
	options     TEXT NOT NULL DEFAULT '',     -- complete options, "name=value ..."
	state       TEXT NOT NULL CHECK (state IN ('invited', 'declined', 'active', 'finished')),
	result      TEXT NOT NULL DEFAULT '*',    -- the record's result token
	termination TEXT NOT NULL DEFAULT '',     -- why it ended: "five in a row", "resignation"
	tags        TEXT NOT NULL DEFAULT '{}',   -- JSON: further record tags (imported games)
	seed        INTEGER NOT NULL DEFAULT 0,   -- dice source for games with dice
	created_at  TIMESTAMP NOT NULL,
	started_at  TIMESTAMP,
	finished_at TIMESTAMP,
	updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX games_state ON games(state);

-- A seat is also the invitation to it: a game starts when every seat has
-- accepted.
CREATE TABLE seats (
	game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat        INTEGER NOT NULL,             -- 0-based turn order
	player_id   INTEGER NOT NULL REFERENCES players(id),
	invitation  TEXT NOT NULL CHECK (invitation IN ('pending', 'accepted', 'declined')),
	answered_at TIMESTAMP,
	PRIMARY KEY (game_id, seat),
	UNIQUE (game_id, player_id)
);
CREATE INDEX seats_player ON seats(player_id);

-- Processed incoming mail: each is acted on once, keyed by Message-ID and by
-- its place in the mailbox.
CREATE TABLE messages (
	id          INTEGER PRIMARY KEY,
	message_id  TEXT UNIQUE,                  -- NULL when the mail had none
	mailbox     TEXT,
	uidvalidity INTEGER,
	uid         INTEGER,
	sender      TEXT NOT NULL DEFAULT '',
	subject     TEXT NOT NULL DEFAULT '',
	outcome     TEXT NOT NULL DEFAULT '',     -- answered, ignored, rejected, limited
	size        INTEGER NOT NULL DEFAULT 0,
	raw         BLOB,                         -- kept for mail that could not be read
	received_at TIMESTAMP NOT NULL,
	UNIQUE (mailbox, uidvalidity, uid)
);

CREATE TABLE plies (
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n          INTEGER NOT NULL,              -- 1-based
	seat       INTEGER NOT NULL,
	token      TEXT NOT NULL,                 -- canonical token
	played_at  TIMESTAMP NOT NULL,
	message_id INTEGER REFERENCES messages(id),
	PRIMARY KEY (game_id, n)
);

CREATE TABLE watchers (
	game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	player_id INTEGER NOT NULL REFERENCES players(id),
	since     TIMESTAMP NOT NULL,
	PRIMARY KEY (game_id, player_id)
);

-- Open offers in a game: a draw offer or a takeback request, with the seats
-- that agreed so far.
CREATE TABLE offers (
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	kind       TEXT NOT NULL CHECK (kind IN ('draw', 'takeback')),
	seat       INTEGER NOT NULL,              -- who made it
	agreed     TEXT NOT NULL DEFAULT '',      -- comma-separated seats
	ply        INTEGER NOT NULL,              -- plies played when it was made
	created_at TIMESTAMP NOT NULL,
	PRIMARY KEY (game_id, kind)
);

CREATE TABLE outbox (
	id             INTEGER PRIMARY KEY,
	message_id     TEXT NOT NULL UNIQUE,
	recipient      TEXT NOT NULL,
	subject        TEXT NOT NULL,
	headers        TEXT NOT NULL DEFAULT '{}', -- JSON: In-Reply-To, References, Reply-To ...
	body           TEXT NOT NULL,
	attachments    TEXT NOT NULL DEFAULT '[]', -- JSON: [{name, type, data}]
	game_id        INTEGER REFERENCES games(id),
	source_message INTEGER REFERENCES messages(id),
	created_at     TIMESTAMP NOT NULL,
	attempts       INTEGER NOT NULL DEFAULT 0,
	next_try       TIMESTAMP NOT NULL,
	sent_at        TIMESTAMP,
	failed_at      TIMESTAMP,                 -- permanent failure
	last_error     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox(next_try) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_recipient ON outbox(recipient, created_at);

CREATE TABLE secrets (
	name  TEXT PRIMARY KEY,
	value BLOB NOT NULL
);
