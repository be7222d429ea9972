package web

import (
	"math"
	"net/http"
	"strings"
	"time"

	"pbem/i18n"
	"pbem/ratings"
	"pbem/rules"
	"pbem/rules/games"
)

// challengeRow is an open challenge on /challenges.
type challengeRow struct {
	ID      int64
	Title   string // the game's title: "Keryo-Pente"
	Name    string // the poster's public name
	Rating  int
	Rated   bool // false: the poster has no rating in the game yet
	Options string
	Range   string
	Expires time.Time
}

type challengesPage struct {
	layout
	Rows  []challengeRow
	Pager pager
	// Newcomer is the rating of a player who has none yet.
	Newcomer int
}

func (s *Server) challenges(w http.ResponseWriter, r *http.Request) {
	page := pageNumber(r)
	list, err := s.cfg.Archive.OpenChallenges(r.Context(), s.cfg.Now(), (page-1)*pageSize, pageSize+1)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := challengesPage{layout: s.layout(r, "web.challenges.title", nil), Pager: makePager(r, page, len(list) > pageSize),
		Newcomer: int(ratings.Initial.R)}
	for _, c := range list[:min(len(list), pageSize)] {
		entry, err := games.Lookup(c.Kind)
		if err != nil {
			continue // a game this build does not know: nobody could take it
		}
		// A poster without a rating counts as a newcomer, as the service
		// counts them when a taker's rating is checked. Only a rated one is
		// linked: the player page of someone with no public game and no
		// rating would be "not found".
		rating := ratings.Initial.R
		if c.Rated {
			rating = c.Rating
		}
		p.Rows = append(p.Rows, challengeRow{ID: c.ID, Title: entry.Title, Name: c.Name,
			Rating: int(math.Round(rating)), Rated: c.Rated, Options: shownChallengeOptions(entry, c.Options),
			Range: ratingRange(p.Lang, c.MinRating, c.MaxRating), Expires: c.Expires})
	}
	s.render(w, r, http.StatusOK, "challenges", p)
}

// serviceDefaults are the service's options (not the rules') at their
// defaults, as play completes a challenge's options: not worth showing.
var serviceDefaults = map[string]string{"rated": "yes", "private": "no"}

// shownChallengeOptions are a challenge's options worth reading, as the
// mail command "challenges" shows them but without the defaults: the
// rules' options that differ from theirs and that the game's name does
// not imply, and the service's that are not at theirs. first= is left
// out, as mail leaves it: it speaks from the poster's side.
func shownChallengeOptions(entry games.Entry, options string) string {
	all, err := rules.ParseOptions(strings.Fields(options))
	if err != nil {
		return options
	}
	shown := rules.Options{}
	for name, v := range all {
		if _, preset := entry.Preset[name]; preset || name == "first" || serviceDefaults[name] == v {
			continue
		}
		shown[name] = v
	}
	return entry.Kind.NonDefault(shown).String()
}

// ratingRange says which takers a challenge admits, in lang, as the mails
// say it after "for a player of"; 0 is no bound.
func ratingRange(lang i18n.Lang, low, high int) string {
	args := map[string]any{"Low": low, "High": high}
	switch {
	case low == 0 && high == 0:
		return i18n.Tr(lang, "invite.range_any", nil)
	case high == 0:
		return i18n.Tr(lang, "invite.range_min", args)
	case low == 0:
		return i18n.Tr(lang, "invite.range_max", args)
	}
	return i18n.Tr(lang, "invite.range_between", args)
}
