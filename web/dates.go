package web

import (
	"time"

	"pbem/i18n"
)

// The archive writes times as the mails do (i18n.When: "Mon 11 May 2026
// 10:00 UTC", "Mo., 11. Mai 2026, 10:00 UTC"), always in UTC: a page has
// no reader's time zone to go by.

// whenIn writes a moment in lang.
func whenIn(lang i18n.Lang, t time.Time) string { return i18n.When(lang, t.UTC()) }

// dateIn writes a day in lang: "4 May 2026", "4. Mai 2026".
func dateIn(lang i18n.Lang, t time.Time) string {
	u := t.UTC()
	return i18n.Tr(lang, "web.date", map[string]any{"Day": u.Day(), "Month": i18n.Month(lang, u.Month()), "Year": u.Year()})
}
