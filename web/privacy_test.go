package web

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
)

var addressLike = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)+`)

// TestPrivacyAndHeaders crawls the archive from its first page, and asks
// for the pages of every game and the open challenges besides: no
// response holds a mail address or a reply key, none shows the private
// game or the private challenge, and every one carries the security
// headers.
func TestPrivacyAndHeaders(t *testing.T) {
	f := newFixture(t)
	href := regexp.MustCompile(`(?:href|src|action)="(/[^"]*)"`)
	queue := []string{"/", "/rules/", "/ratings/", "/challenges", "/nowhere", "/games/9999", "/players/nobody"}
	for id := int64(1); id <= f.invited; id++ {
		for _, ext := range []string{"", ".svg", ".png", ".pgn", "?ply=1"} {
			queue = append(queue, fmt.Sprintf("/games/%d%s", id, ext))
		}
	}
	privateChallenge := fmt.Sprintf(`id="challenge-%d"`, f.privateChallenge)
	privateLink := regexp.MustCompile(fmt.Sprintf(`/games/%d["?.]`, f.private))
	seen := map[string]bool{}
	for len(queue) > 0 && len(seen) < 400 {
		target := queue[0]
		queue = queue[1:]
		if seen[target] {
			continue
		}
		seen[target] = true
		rec := f.get(t, target)
		body := rec.Body.String()
		for name, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "no-referrer",
		} {
			if got := rec.Header().Get(name); got != want {
				t.Errorf("GET %s: %s is %q, want %q", target, name, got, want)
			}
		}
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "default-src 'none'") ||
			strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s: Content-Security-Policy %q", target, csp)
		}
		// The rules documents write example addresses of their own; the
		// players' addresses appear nowhere, there either. A PNG's
		// compressed bytes may look like any short address by chance: the
		// known addresses and keys are looked for in it below.
		if !strings.HasPrefix(target, "/rules/") && rec.Header().Get("Content-Type") != "image/png" {
			if a := addressLike.FindString(body); a != "" {
				t.Errorf("GET %s shows the address %q", target, a)
			}
		}
		for _, a := range f.addresses {
			if strings.Contains(body, a) {
				t.Errorf("GET %s shows the address %q", target, a)
			}
		}
		for _, k := range f.keys {
			if strings.Contains(body, k) {
				t.Errorf("GET %s shows a reply key", target)
			}
		}
		if rec.Code == 200 && privateLink.MatchString(body) {
			t.Errorf("GET %s links the private game", target)
		}
		if strings.Contains(body, privateChallenge) {
			t.Errorf("GET %s shows the private challenge", target)
		}
		if strings.HasSuffix(target, ".png") || strings.HasSuffix(target, ".pgn") {
			continue
		}
		for _, m := range href.FindAllStringSubmatch(body, -1) {
			if link := html.UnescapeString(m[1]); !seen[link] {
				queue = append(queue, link)
			}
		}
	}
	if !seen["/challenges"] {
		t.Errorf("the crawl did not reach /challenges")
	}
	if len(seen) < 50 {
		t.Errorf("the crawl saw only %d pages", len(seen))
	}
}
