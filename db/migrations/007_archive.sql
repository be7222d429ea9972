-- The web archive: a game started with private=yes stays out of it. The
-- option is kept with the others in games.options (sorted "name=value"
-- words, as rules.Options writes them); the column is derived from it, so
-- no way of making a game can forget to set it.
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL
	GENERATED ALWAYS AS (instr(' ' || options || ' ', ' private=yes ') > 0) VIRTUAL;

-- The archive's lists: newest first, by state and by kind, public games
-- only; a player's games through seats_player.
CREATE INDEX games_archive ON games(id DESC) WHERE NOT private AND state IN ('active', 'finished');
CREATE INDEX games_archive_kind ON games(kind, state, id DESC) WHERE NOT private;
CREATE INDEX games_archive_state ON games(state, id DESC) WHERE NOT private;
CREATE INDEX players_name ON players(name);
