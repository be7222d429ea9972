-- The web archive: a game started with private=yes stays out of it. The
-- option is kept with the others in games.options (sorted "name=value"
-- words, as rules.Options writes them); the column is derived from it, so
-- no way of making a game can forget to set it.
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL
	GENERATED ALWAYS AS (instr(' ' || options || ' ', ' private=yes ') > 0) VIRTUAL;

-- The archive's list of one game kind, newest first, stops after a page
-- of rows however rare the kind. The list of all games walks the table
-- backwards by id, and the one of a state walks games_state (state, then
-- id).
CREATE INDEX games_archive_kind ON games(kind, id DESC) WHERE NOT private;
