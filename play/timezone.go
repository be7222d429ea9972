package play

import (
	"errors"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // zone data inside the binary, for machines without /usr/share/zoneinfo

	"pbem/db"
	"pbem/grammar"
)

// timeLayout is how mails show a moment: "Tue 1 Dec 2026 10:01 CET".
const timeLayout = "Mon 2 Jan 2006 15:04 MST"

// when shows a moment in a time zone.
func when(t time.Time, loc *time.Location) string { return t.In(loc).Format(timeLayout) }

// span says a duration in words, to the minute: "2 days 23 hours",
// "5 hours 10 minutes", "40 minutes".
func span(d time.Duration) string {
	if d < time.Minute {
		return "no time"
	}
	d = d.Truncate(time.Minute)
	days, hours, mins := int(d/day), int(d%day/time.Hour), int(d%time.Hour/time.Minute)
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	var parts []string
	switch {
	case days > 0:
		parts = append(parts, unit(days, "day"))
		if hours > 0 {
			parts = append(parts, unit(hours, "hour"))
		}
	case hours > 0:
		parts = append(parts, unit(hours, "hour"))
		if mins > 0 {
			parts = append(parts, unit(mins, "minute"))
		}
	default:
		parts = append(parts, unit(mins, "minute"))
	}
	return strings.Join(parts, " ")
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
		h.say(c.String(), "Your mail shows times in %s, such as %s. Change it with \"timezone ZONE\", such as \"timezone Europe/Berlin\".",
			h.zone(h.sender), when(h.now, h.zone(h.sender)))
		return nil
	}
	loc, err := loadZone(name)
	if err != nil {
		h.say(c.String(), "There is no time zone %q. Write it as the tz database names it, such as Europe/Berlin, America/New_York, Asia/Tokyo or UTC. Nothing was changed.", name)
		return nil
	}
	if err := h.tx.SetSetting(h.sender.ID, "timezone", loc.String()); err != nil {
		return err
	}
	if err := h.refreshSender(); err != nil {
		return err
	}
	h.say(c.String(), "Your time zone is now %s: your mail shows times such as %s.", loc, when(h.now, loc))
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
