// Package rules holds what every game engine shares: the Game interface that
// the rest of pbem programs against, seats, options, outcomes, rule errors and
// the ASCII board frame. The engines themselves live in sub-packages
// (rules/pente, rules/pinuid, rules/dobbal); rules/games names them all.
//
// Engines know nothing of mail, SQL or record files: a game is built from a
// Kind and its Options, plies go in as tokens, and positions, legal plies,
// outcomes and boards come out.
package rules

// Ply is one turn of one seat, as a value an engine understands. Its String
// is the canonical token of records.md ("K10", "b1-c2xc1", "213:c2-c4:-:e2-e3").
type Ply interface {
	String() string
}

// Game is a position together with the history that led to it. Methods that
// change it (Play) leave it unchanged when they fail. A Game is not safe for
// concurrent use; Clone gives an independent copy cheaply.
type Game interface {
	// Kind is the game's descriptor (name, seats, options).
	Kind() *Kind
	// Options are the game's options, complete with defaults.
	Options() Options
	// Seats is the number of seats in play order (2 for most games).
	Seats() int
	// SeatName names a seat as records write it: "White", "Black",
	// "Seat 3". Texts for players name it with SeatMsg.
	SeatName(Seat) string
	// SeatMsg names a seat in the reader's language (White, Black or
	// Numbered).
	SeatMsg(Seat) Msg
	// ToMove is the seat whose turn it is. Meaningless once the game is over.
	ToMove() Seat
	// Plies is how many plies have been played; the next ply is Plies()+1.
	Plies() int
	// History is the plies played so far, in order. The caller must not
	// modify the returned slice.
	History() []Ply
	// Parse reads one ply token for the current position. It checks the
	// token's form and coordinates, not whether the ply is legal; an error is
	// an *Error that says what is wrong and, for a likely typo, what was meant.
	Parse(token string) (Ply, error)
	// Play checks a ply against the rules and applies it. On failure the
	// game is unchanged and the error is an *Error naming the rule broken.
	Play(Ply) error
	// Legal lists every legal ply for the seat to move, in a stable order.
	// It is empty once the game is over.
	Legal() []Ply
	// Outcome says whether the game is over, who won and why.
	Outcome() Outcome
	// Clone returns an independent copy.
	Clone() Game
	// Board is the position for people: the grid in plain ASCII, at most
	// 72 columns wide, with coordinates on all four sides and the last ply
	// marked; then, as messages, captures or removed pins counted, the
	// last ply, and whose turn it is or how the game ended.
	Board() Text
	// Position is Board without its closing lines on whose turn it is
	// (with the roll and what the turn must be) or how the game ended: for
	// a caller that says those in its own words, such as a mail showing a
	// finished game, which may have ended by resignation or on time.
	Position() Text
}

// PlayToken parses and plays one token: the usual way to feed a game from
// text. Errors carry the ply number and the token.
func PlayToken(g Game, token string) error {
	p, err := g.Parse(token)
	if err != nil {
		return err
	}
	return g.Play(p)
}

// Roller is implemented by games that use dice (Pinuid Dobbal). The roll for
// the coming turn is part of the position: the service rolls with its own
// seeded source and calls SetRoll before the player answers; a record replay
// leaves it unset and takes the faces from each ply token.
type Roller interface {
	// Dice is how many dice a turn rolls and the highest face.
	Dice() (count, faces int)
	// SetRoll fixes the faces for the turn to come. Play then accepts only
	// plies that use exactly these faces, and Legal lists only those.
	SetRoll(faces []int) error
	// Roll is the roll fixed for the turn to come, if any.
	Roll() ([]int, bool)
	// RollFor is the roll of ply number ply (Plies()+1 for the turn to
	// come) in a game whose dice are seeded with seed. The same arguments
	// give the same roll on every machine and release, so a service can
	// store the seed alone and reproduce every turn's roll.
	RollFor(seed uint64, ply int) []int
}

// Hinter is implemented by games whose legal plies are too many to list
// usefully (Pente's 361 points): Hint says in one sentence which plies are
// legal now, as a message.
type Hinter interface {
	Hint() Msg
}

// Taker is implemented by games whose plies take pieces off the board as
// a consequence of the ply (Pente's captures and poofs, Dobbal's doubles
// removal), so that the service can say what a ply took. Pinuid Classic
// and Quatro do not implement it: their removals are the mover's own
// pins, named in the ply token itself.
type Taker interface {
	// LastTaken lists the pieces the last ply took off the board, in board
	// order; none when it took none or no ply was played.
	LastTaken() []Piece
}

// Piece is one piece on a board: whose it is and where it stands.
type Piece struct {
	Seat Seat
	// At is the point or square in the game's notation: "L10", "d7".
	At string
}

// Resetter is a Game that can be set up afresh in place, as its kind's New
// would set it up with the same options, reusing its memory: a reader of
// many records replays each on the game of the one before.
type Resetter interface {
	Reset(Options)
}

// Exampler is implemented by games that can name the legal ply in the
// middle of Legal's list without listing them all (Pente's 361 points).
type Exampler interface {
	MiddleLegal() (Ply, bool)
}

// ExamplePly is a legal ply to show a player as an example: the one in the
// middle of g's Legal list. False when there is none.
func ExamplePly(g Game) (Ply, bool) {
	if e, ok := g.(Exampler); ok {
		return e.MiddleLegal()
	}
	legal := g.Legal()
	if len(legal) == 0 {
		return nil, false
	}
	return legal[len(legal)/2], true
}

// Passer is implemented by games that can say, without listing every
// legal ply, whether the seat to move can do nothing but pass.
type Passer interface {
	OnlyPass() bool
}

// OnlyPass says whether "pass" is the one legal ply of g's seat to move.
func OnlyPass(g Game) bool {
	if p, ok := g.(Passer); ok {
		return p.OnlyPass()
	}
	legal := g.Legal()
	return len(legal) == 1 && legal[0].String() == "pass"
}
