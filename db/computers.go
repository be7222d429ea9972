package db

// ActiveGamesOfAddresses lists the active games, oldest first, with a seat
// whose player's address matches a LIKE pattern: the games of the
// computer player, whose addresses share a form.
func (t *Tx) ActiveGamesOfAddresses(like string) ([]int64, error) {
	return t.ids("active games of "+like, `SELECT DISTINCT g.id FROM games g
		JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
		WHERE g.state = ? AND p.address LIKE ? ORDER BY g.id`, Active, like)
}

// ComputerTurns lists the active games, oldest first, where a seat whose
// player's address matches a LIKE pattern may have something to do: its
// turn by the game's clock (clock_seat), a game whose clock is not set up
// yet, or an open draw offer. It is a cheap superset for the computer's
// worker, which checks each game it lists against the rules.
func (t *Tx) ComputerTurns(like string) ([]int64, error) {
	return t.ids("turns of "+like, `SELECT DISTINCT g.id FROM games g
		JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
		WHERE g.state = ? AND p.address LIKE ?
		AND (g.clock_turn IS NULL OR g.clock_seat = s.seat
			OR EXISTS (SELECT 1 FROM offers o WHERE o.game_id = g.id AND o.kind = 'draw'))
		ORDER BY g.id`, Active, like)
}
