package db

// ActiveGamesOfAddresses lists the active games, oldest first, with a seat
// whose player's address matches a LIKE pattern: the games of the
// computer player, whose addresses share a form.
func (t *Tx) ActiveGamesOfAddresses(like string) ([]int64, error) {
	return t.ids("active games of "+like, `SELECT DISTINCT g.id FROM games g
		JOIN seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id
		WHERE g.state = ? AND p.address LIKE ? ORDER BY g.id`, Active, like)
}
