package web

import (
	"strings"

	"pbem/i18n"
	"pbem/rules"
)

// The store keeps how a game ended in English, as its record writes it:
// the service's own terminations ("resignation of Seat 3"), the rules'
// reason with its particulars ("five in a row, K10 to O10"), or an
// imported record's ending ("White won by five in a row, K10 to K14").
// A page says each of those in the reader's language, with the messages
// the mails use; whatever else a record brought (its own Termination
// tag) is shown as stored.

// serviceEndings are the messages of the terminations the service
// stores; their English is the stored text.
var serviceEndings = []string{
	"section.termination_resignation",
	"section.termination_time_forfeit",
	"section.termination_agreed_draw",
}

// detailMark stands for an ending's particulars while its English form
// is matched with the stored text.
const detailMark = "\ue000"

// ending is what a page knows of how a game ended.
type ending struct {
	stored string
	// game names the seats; nil when the game's kind is unknown.
	game rules.Game
	// final is the rules' outcome at the game's end when the page
	// replayed the game that far (a game's page), nil in a list. Only with
	// it are the particulars said in the reader's language; a list leaves
	// them to the game's page.
	final *rules.Outcome
}

// endingIn says how a game ended, in lang.
func endingIn(lang i18n.Lang, e ending) string {
	if s, ok := serviceEnding(lang, e); ok {
		return s
	}
	if s, ok := ruleEnding(lang, e); ok {
		return s
	}
	return e.stored
}

// serviceEnding is a termination the service stored, in lang:
// "resignation", "time forfeit of Seat 3".
func serviceEnding(lang i18n.Lang, e ending) (string, bool) {
	how, who, of := strings.Cut(e.stored, " of ")
	for _, id := range serviceEndings {
		if i18n.Tr(i18n.English, id, nil) != how {
			continue
		}
		if !of {
			return i18n.Tr(lang, id, nil), true
		}
		for s := range seatsOf(e.game) {
			if e.game.SeatName(s) == who {
				return i18n.Tr(lang, "section.termination_of", map[string]any{"How": i18n.Tr(lang, id, nil), "Seat": e.game.SeatMsg(s)}), true
			}
		}
	}
	return "", false
}

// ruleEnding is an ending by the rules, as the service or a record's
// import stored it, in lang.
func ruleEnding(lang i18n.Lang, e ending) (string, bool) {
	for _, r := range rules.Reasons() {
		if !strings.Contains(e.stored, string(r)) {
			continue
		}
		for _, form := range endingForms(e.game) {
			if s, ok := matchEnding(lang, e, r, form); ok {
				return s, true
			}
		}
	}
	return "", false
}

// endingForm is a way the store words an ending, around why: the reason,
// with or without its particulars.
type endingForm func(why rules.Msg) rules.Msg

// endingForms are the ways the store words an ending of game: as the
// service stores it (the reason alone), as a record's import does ("it
// is drawn: ...", "White won by ...").
func endingForms(game rules.Game) []endingForm {
	forms := []endingForm{
		func(why rules.Msg) rules.Msg { return why },
		func(why rules.Msg) rules.Msg { return rules.M("notation.drawn", rules.Args{"Why": why}) },
	}
	for s := range seatsOf(game) {
		forms = append(forms, func(why rules.Msg) rules.Msg {
			return rules.M("notation.won", rules.Args{"Seats": rules.AndList{game.SeatMsg(s)}, "Why": why})
		})
	}
	return forms
}

// matchEnding says e in lang when its stored text is form's English for
// reason r, with or without particulars.
func matchEnding(lang i18n.Lang, e ending, r rules.Reason, form endingForm) (string, bool) {
	bare := form(rules.M(r.Code(), nil))
	if i18n.Render(i18n.English, bare) == e.stored {
		return i18n.Render(lang, bare), true
	}
	withDetail := func(detail any) rules.Msg {
		return form(rules.M("notation.reason_detail", rules.Args{"Reason": rules.M(r.Code(), nil), "Detail": detail}))
	}
	before, after, ok := strings.Cut(i18n.Render(i18n.English, withDetail(detailMark)), detailMark)
	if !ok || len(e.stored) < len(before)+len(after) || !strings.HasPrefix(e.stored, before) || !strings.HasSuffix(e.stored, after) {
		return "", false
	}
	detail := e.stored[len(before) : len(e.stored)-len(after)]
	if f := e.final; f != nil && f.Reason == r && f.Detail.Code != "" && i18n.Render(i18n.English, f.Detail) == detail {
		return i18n.Render(lang, withDetail(f.Detail)), true
	}
	return i18n.Render(lang, bare), true
}

// seatsOf yields the seats of game; none when game is nil.
func seatsOf(game rules.Game) func(yield func(rules.Seat) bool) {
	return func(yield func(rules.Seat) bool) {
		if game == nil {
			return
		}
		for s := range game.Seats() {
			if !yield(rules.Seat(s)) {
				return
			}
		}
	}
}
