package play

import (
	"pbem/i18n"
	"pbem/rules"
)

// words is a text not yet put into its reader's language: a notice to
// several players is rendered once for each, in each one's language.
type words func(i18n.Lang) string

// tr is the catalog's message id with args, in any reader's language.
func tr(id string, args map[string]any) words {
	return func(lang i18n.Lang) string { return i18n.Tr(lang, id, args) }
}

// tr renders the catalog's message id with args for the sender, the
// reader of the reply.
func (h *handling) tr(id string, args map[string]any) string {
	return i18n.Tr(h.lang, id, args)
}

// seatName is a seat's name in lang: "Weiß", "Platz 3". The rules name
// seats in English, as records write them.
func (t *table) seatName(lang i18n.Lang, seat int) string {
	return seatNameIn(lang, t.game, rules.Seat(seat))
}

// seatNameIn is the name in lang of a seat of g.
func seatNameIn(lang i18n.Lang, g rules.Game, seat rules.Seat) string {
	return i18n.Render(lang, g.SeatMsg(seat))
}

// seatLabelIn is "bob (Schwarz)": the player and the seat's name in lang.
func (t *table) seatLabelIn(lang i18n.Lang, seat int) string {
	s := t.row.Seats[seat]
	return shortName(s.Address, s.Name) + " (" + t.seatName(lang, seat) + ")"
}
