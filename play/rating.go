package play

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/ratings"
	"pbem/rules"
	"pbem/rules/games"
)

// topRatings is how many players "ratings GAME" lists.
const topRatings = 10

// gameOver stops a finished game's clock and, in a rated game, updates
// the seats' ratings: whatever ended it (the rules, a resignation, the
// clock, an agreed draw).
func (h *handling) gameOver(t *table) error {
	if err := h.tx.DeleteClock(t.row.ID); err != nil {
		return err
	}
	if !isRated(t) {
		return nil
	}
	return h.rate(t)
}

// ratingScores is each seat's score for the ratings, from the result. A
// game of three or more seats that a seat left (resigned or lost on time:
// no winner, and the termination says "... of Seat 3") counts as that
// seat's loss to every other seat and draws among the rest. ok is false
// for a result that rates nobody.
func ratingScores(t *table) (scores []float64, ok bool) {
	parts := strings.Split(t.row.Result, "-")
	if len(parts) != len(t.row.Seats) || len(parts) < 2 {
		return nil, false
	}
	scores = make([]float64, len(parts))
	none := true
	for i, p := range parts {
		switch p {
		case "1":
			scores[i] = 1
		case "1/2":
			scores[i] = 0.5
		case "0":
		default:
			return nil, false
		}
		if p != "0" {
			none = false
		}
	}
	if !none {
		if parts[0] == "1/2" {
			// A draw is agreed by the seats in play: a seat that left
			// lost to them.
			for i := range scores {
				if !rules.InPlay(t.game, rules.Seat(i)) {
					scores[i] = 0
				}
			}
		}
		return scores, true
	}
	_, who, found := strings.Cut(t.row.Termination, " of ")
	if !found || len(parts) < 3 {
		return nil, false
	}
	for i := range scores {
		if t.game.SeatName(rules.Seat(i)) == who {
			for j := range scores {
				if j != i {
					scores[j] = 0.5
				}
			}
			return scores, true
		}
	}
	return nil, false
}

// rate updates the ratings of a finished rated game's seats in its game
// (Glicko-2, the game as one rating period, pairwise for three or more
// seats) and records the change. A game is rated once.
func (h *handling) rate(t *table) error {
	done, err := h.tx.RatingChanges(t.row.ID)
	if err != nil || len(done) > 0 {
		return err
	}
	scores, ok := ratingScores(t)
	if !ok {
		return nil
	}
	kind := t.entry.Name
	before := make([]ratings.Rating, len(t.row.Seats))
	for i, s := range t.row.Seats {
		r, ok, err := h.tx.Rating(s.PlayerID, kind)
		if err != nil {
			return err
		}
		before[i] = ratings.Initial
		if ok {
			before[i] = ratings.Rating{R: r.R, RD: r.RD, Vol: r.Vol, Games: r.Games}
		}
	}
	after := ratings.Default.Game(before, scores)
	changes := make([]db.RatingChange, len(after))
	for i, s := range t.row.Seats {
		changes[i] = db.RatingChange{PlayerID: s.PlayerID, Kind: kind,
			Before: storedRating(s.PlayerID, kind, before[i]), After: storedRating(s.PlayerID, kind, after[i])}
		if err := h.tx.PutRating(changes[i].After, h.now); err != nil {
			return err
		}
	}
	return h.tx.AddRatingChanges(t.row.ID, changes)
}

func storedRating(player int64, kind string, r ratings.Rating) db.Rating {
	return db.Rating{PlayerID: player, Kind: kind, R: r.R, RD: r.RD, Vol: r.Vol, Games: r.Games}
}

// ratingText shows a rating rounded, with "?" while it is provisional.
func ratingText(r db.Rating) string {
	s := strconv.Itoa(int(math.Round(r.R)))
	if (ratings.Rating{Games: r.Games}).IsProvisional() {
		s += "?"
	}
	return s
}

// ratingDelta is the change of a rating in whole points: "+162", "-7".
func ratingDelta(c db.RatingChange) string {
	return fmt.Sprintf("%+d", int(math.Round(c.After.R))-int(math.Round(c.Before.R)))
}

// provisionalNote explains the "?" of ratingText, in lang.
func provisionalNote(lang i18n.Lang) string {
	return i18n.Tr(lang, "clocks.rating.provisional", map[string]any{"Games": ratings.Provisional})
}

// ratingLines shows what a finished rated game did to the ratings, for
// its final mail in lang; "" for a game that was not rated.
func (h *handling) ratingLines(lang i18n.Lang, t *table) (string, error) {
	if t.row.State != db.Finished {
		return "", nil // only a game that ended was rated
	}
	changes, err := h.tx.RatingChanges(t.row.ID)
	if err != nil || len(changes) == 0 {
		return "", err
	}
	var b strings.Builder
	b.WriteString(i18n.Tr(lang, "clocks.rating.changes", map[string]any{"Game": t.entry.Title, "Note": provisionalNote(lang)}))
	for _, c := range changes {
		fmt.Fprintf(&b, "\n  %-24s %6s -> %-6s %s", t.seatLabelIn(lang, t.row.SeatOf(c.PlayerID)),
			ratingText(c.Before), ratingText(c.After), ratingDelta(c))
	}
	return b.String(), nil
}

// myRatingChange is what a finished game did to the sender's rating, for
// "games": "rating 1662? (+162)"; "" when it did nothing.
func (h *handling) myRatingChange(t *table, playerID int64) (string, error) {
	changes, err := h.tx.RatingChanges(t.row.ID)
	if err != nil {
		return "", err
	}
	for _, c := range changes {
		if c.PlayerID == playerID {
			return h.tr("clocks.rating.mine", map[string]any{"Rating": ratingText(c.After), "Delta": ratingDelta(c)}), nil
		}
	}
	return "", nil
}

// ratingsCmd handles "ratings [GAME]": the sender's ratings, or a game's
// top players and the sender's place among them.
func (h *handling) ratingsCmd(c *grammar.Command, _ *table) error {
	if c.Ratings.Game == "" {
		return h.myRatings(c)
	}
	entry, err := games.Lookup(c.Ratings.Game)
	if err != nil {
		h.say(c.String(), "%s.", upperFirst(h.errText(err)))
		return nil
	}
	top, err := h.tx.TopRatings(entry.Name, topRatings)
	if err != nil {
		return err
	}
	if len(top) == 0 {
		h.say(c.String(), "%s", h.tr("clocks.rating.nobody", map[string]any{"Game": entry.Title}))
		return nil
	}
	var b strings.Builder
	b.WriteString(h.tr("clocks.rating.best", map[string]any{"Game": entry.Title, "Note": provisionalNote(h.lang)}))
	listed := false
	for i, r := range top {
		b.WriteString("\n" + ratingRow(h.lang, i+1, r))
		listed = listed || r.PlayerID == h.sender.ID
	}
	mine, ok, err := h.tx.Rating(h.sender.ID, entry.Name)
	if err != nil {
		return err
	}
	switch {
	case !ok:
		b.WriteString("\n" + h.tr("clocks.rating.none_in", map[string]any{"Game": entry.Title}))
	case !listed:
		rank, _, err := h.tx.RatingRank(mine)
		if err != nil {
			return err
		}
		mine.Address, mine.Name = h.sender.Address, h.sender.Name
		b.WriteString("\n  ...\n" + ratingRow(h.lang, rank, mine))
	}
	h.say(c.String(), "%s", b.String())
	return nil
}

// ratingRow is one line of a list of ratings, in lang.
func ratingRow(lang i18n.Lang, rank int, r db.Rating) string {
	games := i18n.Tr(lang, "clocks.rating.games", map[string]any{i18n.CountArg: r.Games})
	return fmt.Sprintf("%4d. %-20s %6s  RD %3.0f  %s", rank, shortName(r.Address, r.Name), ratingText(r), r.RD, games)
}

// myRatings answers "ratings" alone: the sender's rating in every game.
func (h *handling) myRatings(c *grammar.Command) error {
	mine, err := h.tx.RatingsOf(h.sender.ID)
	if err != nil {
		return err
	}
	if len(mine) == 0 {
		h.say(c.String(), "%s", h.tr("clocks.rating.none", nil))
		return nil
	}
	var b strings.Builder
	b.WriteString(h.tr("clocks.rating.yours", map[string]any{"Note": provisionalNote(h.lang)}))
	for _, r := range mine {
		rank, of, err := h.tx.RatingRank(r)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n  %-12s %6s  RD %3.0f  %s", r.Kind, ratingText(r), r.RD,
			h.tr("clocks.rating.place", map[string]any{i18n.CountArg: r.Games, "Rank": rank, "Of": of}))
	}
	b.WriteString("\n" + h.tr("clocks.rating.more", nil))
	h.say(c.String(), "%s", b.String())
	return nil
}
