package web

import (
	"strconv"
	"strings"
	"time"

	"pbem/i18n"
)

// The archive writes times as the mails do, with the clocks area's words
// (weekdays, months and the order of a language: "Mon 11 May 2026 10:00
// UTC", "Mo., 11. Mai 2026, 10:00 UTC"), always in UTC: a page has no
// reader's time zone to go by.

// whenIn writes a moment in lang.
func whenIn(lang i18n.Lang, t time.Time) string {
	u := t.UTC()
	return i18n.Tr(lang, "clocks.when", map[string]any{
		"Weekday": nth(i18n.Tr(lang, "clocks.weekdays", nil), int(u.Weekday())),
		"Day":     u.Day(),
		"Month":   nth(i18n.Tr(lang, "clocks.months", nil), int(u.Month())-1),
		"Year":    u.Year(),
		"Time":    u.Format("15:04"),
		"Zone":    u.Format("MST"),
	})
}

// dateIn writes a day in lang: "4 May 2026", "4. Mai 2026".
func dateIn(lang i18n.Lang, t time.Time) string {
	u := t.UTC()
	return i18n.Tr(lang, "web.date", map[string]any{
		"Day":   u.Day(),
		"Month": nth(i18n.Tr(lang, "clocks.months", nil), int(u.Month())-1),
		"Year":  u.Year(),
	})
}

// nth is the i-th of the words of a catalog's list ("Sun Mon Tue ...").
func nth(list string, i int) string {
	f := strings.Fields(list)
	if i < 0 || i >= len(f) {
		return strconv.Itoa(i + 1)
	}
	return f[i]
}
