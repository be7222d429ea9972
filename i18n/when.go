package i18n

import (
	"strconv"
	"strings"
	"time"
)

// When writes a moment in its own time zone as the mails and the web
// archive write it, with the weekday and the month in lang: "Tue 1 Dec
// 2026 10:01 CET", "Di., 1. Dez. 2026, 10:01 CET". The time and the
// zone's abbreviation are numeric or the tz database's in every language.
func When(lang Lang, t time.Time) string {
	return Tr(lang, "clocks.when", map[string]any{
		"Weekday": nth(Tr(lang, "clocks.weekdays", nil), int(t.Weekday())),
		"Day":     t.Day(),
		"Month":   Month(lang, t.Month()),
		"Year":    t.Year(),
		"Time":    t.Format("15:04"),
		"Zone":    t.Format("MST"),
	})
}

// Month is a month's name as lang writes it in a date: "Dec", "Dez.".
func Month(lang Lang, m time.Month) string {
	return nth(Tr(lang, "clocks.months", nil), int(m)-1)
}

// nth is the i-th of the words of a catalog's list ("Sun Mon Tue ...").
func nth(list string, i int) string {
	f := strings.Fields(list)
	if i < 0 || i >= len(f) {
		return strconv.Itoa(i + 1)
	}
	return f[i]
}
