package db

// noRows is what a transaction knows a game lacks: rows of its own in the
// tables a ply's mail looks at (watchers for the notices, offers to
// clear, conditions to answer, reminders of the turn to come). Most games
// have none of them, so the game's row is read with four EXISTS, each a
// look into an index inside the one statement, and the statements that
// would find nothing are left out. What a game lacks holds until the
// transaction writes such a row for it (each writer says so), and is
// forgotten at a rollback to a savepoint.
type noRows struct {
	watchers, offers, conditions bool
	// reminders: none for a turn at or past remindersFrom.
	reminders     bool
	remindersFrom int
}

// noRowsColumns are read after gameColumns, from games unaliased.
const noRowsColumns = `NOT EXISTS (SELECT 1 FROM watchers WHERE game_id = games.id),
	NOT EXISTS (SELECT 1 FROM offers WHERE game_id = games.id),
	NOT EXISTS (SELECT 1 FROM conditions WHERE game_id = games.id),
	NOT EXISTS (SELECT 1 FROM reminders WHERE game_id = games.id AND turn >= COALESCE(games.clock_turn, 0)),
	COALESCE(clock_turn, 0)`

func (n *noRows) dest() []any {
	return []any{&n.watchers, &n.offers, &n.conditions, &n.reminders, &n.remindersFrom}
}

// lacks is what the transaction knows gameID lacks.
func (t *Tx) lacks(gameID int64) noRows { return t.none[gameID] }

// knowLacks keeps what a game's row, just read, says it lacks: read in
// the transaction, after all it wrote.
func (t *Tx) knowLacks(gameID int64, n noRows) {
	if t.none == nil {
		t.none = map[int64]noRows{}
	}
	t.none[gameID] = n
}

// mayHave notes a row written for a game in one of the tables.
func (t *Tx) mayHave(gameID int64, change func(*noRows)) {
	if n, known := t.none[gameID]; known {
		change(&n)
		t.none[gameID] = n
	}
}
