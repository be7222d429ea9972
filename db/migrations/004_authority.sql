-- Who may do what: the proof each mail carried (for limits that a stranger
-- cannot spend for a player), who started each game, settings waiting for a
-- confirmation round trip, and the addresses a player blocks.

ALTER TABLE messages ADD COLUMN proof TEXT NOT NULL DEFAULT ''; -- '', 'key' or 'dkim'

ALTER TABLE games ADD COLUMN owner_id INTEGER REFERENCES players(id);
-- Games started before: the seat that was accepted without answering an
-- invitation is the inviter's.
UPDATE games SET owner_id = (SELECT player_id FROM seats
	WHERE seats.game_id = games.id AND invitation = 'accepted' AND answered_at IS NULL
	ORDER BY seat LIMIT 1);

-- Commands that need proof of the sender's address, sent without it: they
-- wait until the address answers the mail that asked ("confirm").
CREATE TABLE confirmations (
	id         INTEGER PRIMARY KEY,
	player_id  INTEGER NOT NULL REFERENCES players(id),
	commands   TEXT NOT NULL,               -- the command lines, one per line
	mail_id    TEXT NOT NULL UNIQUE,        -- Message-ID of the mail that asks
	created_at TIMESTAMP NOT NULL,
	done_at    TIMESTAMP
);
CREATE INDEX confirmations_player ON confirmations(player_id, created_at);

-- A player's blocks: an address whose invitations are refused, or '*' for
-- every invitation.
CREATE TABLE blocks (
	player_id INTEGER NOT NULL REFERENCES players(id),
	blocked   TEXT NOT NULL,
	since     TIMESTAMP NOT NULL,
	PRIMARY KEY (player_id, blocked)
);
