package play

import (
	"errors"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // zone data inside the binary, for machines without /usr/share/zoneinfo

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
)

// when shows a moment in a time zone, in English: "Tue 1 Dec 2026 10:01
// CET".
func when(t time.Time, loc *time.Location) string { return whenIn(i18n.English, t, loc) }

// whenIn shows a moment in a time zone in lang: the weekday and the month
// are the language's ("Di. 1. Dez. 2026 10:01 CET").
func whenIn(lang i18n.Lang, t time.Time, loc *time.Location) string {
	return i18n.When(lang, t.In(loc))
}

// span says a duration in words, in English, to the minute: "2 days 23
// hours", "5 hours 10 minutes", "40 minutes".
func span(d time.Duration) string { return spanIn(i18n.English, d) }

// spanIn is span in lang.
func spanIn(lang i18n.Lang, d time.Duration) string {
	if d < time.Minute {
		return i18n.Tr(lang, "clocks.no_time", nil)
	}
	d = d.Truncate(time.Minute)
	days, hours, mins := int(d/day), int(d%day/time.Hour), int(d%time.Hour/time.Minute)
	unit := func(id string, n int) string { return i18n.Tr(lang, id, map[string]any{i18n.CountArg: n}) }
	pair := func(first, second string) string {
		return i18n.Tr(lang, "clocks.span_pair", map[string]any{"First": first, "Second": second})
	}
	switch {
	case days > 0 && hours > 0:
		return pair(unit("clocks.days", days), unit("clocks.hours", hours))
	case days > 0:
		return unit("clocks.days", days)
	case hours > 0 && mins > 0:
		return pair(unit("clocks.hours", hours), unit("clocks.minutes", mins))
	case hours > 0:
		return unit("clocks.hours", hours)
	}
	return unit("clocks.minutes", mins)
}

// errNoZone is a time zone name the zone database does not know.
var errNoZone = errors.New("no such time zone")

// loadZone finds a zone of the tz database by name, forgiving case:
// "europe/berlin" is Europe/Berlin. "Local", the server's own zone, is no
// player's.
func loadZone(name string) (*time.Location, error) {
	if name == "" || strings.EqualFold(name, "local") {
		return nil, errNoZone
	}
	for _, n := range []string{name, titleZone(name, false), titleZone(name, true), strings.ToUpper(name)} {
		if loc, err := time.LoadLocation(n); err == nil {
			return loc, nil
		}
	}
	return nil, errNoZone
}

// titleZone writes a zone name the way the tz database does: each word
// capitalised ("America/New_York"), the last part in capitals when
// upperLast ("Etc/GMT+2").
func titleZone(name string, upperLast bool) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		if upperLast && i == len(parts)-1 {
			parts[i] = strings.ToUpper(p)
			continue
		}
		b := []byte(strings.ToLower(p))
		for j := range b {
			if (j == 0 || b[j-1] == '_' || b[j-1] == '-') && b[j] >= 'a' && b[j] <= 'z' {
				b[j] -= 'a' - 'A'
			}
		}
		parts[i] = string(b)
	}
	return strings.Join(parts, "/")
}

// zone is a player's time zone: the "timezone" setting, UTC when none is
// set (or the stored one is no longer known).
func (h *handling) zone(p db.Player) *time.Location {
	if name := p.Settings["timezone"]; name != "" {
		if loc, err := loadZone(name); err == nil {
			return loc
		}
	}
	return time.UTC
}

// timezone handles "timezone [ZONE]": shows or sets the zone mails show
// times in.
func (h *handling) timezone(c *grammar.Command, _ *table) error {
	name := c.Timezone.Zone
	if name == "" {
		loc := h.zone(h.sender)
		h.say(c.String(), "%s", h.tr("clocks.zone.is", map[string]any{"Zone": loc.String(), "Example": whenIn(h.lang, h.now, loc)}))
		return nil
	}
	loc, err := loadZone(name)
	if err != nil {
		h.say(c.String(), "%s", h.tr("clocks.zone.unknown", map[string]any{"Name": strconv.Quote(name)}))
		return nil
	}
	if err := h.tx.SetSetting(h.sender.ID, "timezone", loc.String()); err != nil {
		return err
	}
	if err := h.refreshSender(); err != nil {
		return err
	}
	h.say(c.String(), "%s", h.tr("clocks.zone.set", map[string]any{"Zone": loc.String(), "Example": whenIn(h.lang, h.now, loc)}))
	return nil
}

// refreshSender reloads the sender after a change of settings, so that
// the reply already follows them.
func (h *handling) refreshSender() error {
	p, err := h.tx.PlayerByID(h.sender.ID)
	if err != nil {
		return err
	}
	h.sender = p
	return nil
}
