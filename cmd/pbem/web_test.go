package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var archiveURL = regexp.MustCompile(`The web archive of games is at (http://\S+/)`)

// waitArchive waits for the line that says where the archive is.
func waitArchive(t *testing.T, out *syncBuffer) string {
	t.Helper()
	deadline := time.Now().Add(mailWait)
	for time.Now().Before(deadline) {
		if m := archiveURL.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no archive address within %v; output:\n%s", mailWait, out)
	return ""
}

func getPage(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestWebServesAStore runs `pbem web` on a store of imported records.
func TestWebServesAStore(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	var out, errs syncBuffer
	if code := runImport(context.Background(), []string{"--data", data, "testdata/dobbal.pgn"}, nil, &out, &errs); code != exitOK {
		t.Fatalf("import exit %d: %s", code, errs.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var stdout, stderr syncBuffer
	go func() { done <- runWeb(ctx, []string{"--data", data, "--http", "127.0.0.1:0"}, nil, &stdout, &stderr) }()
	base := waitArchive(t, &stdout)
	if code, body := getPage(t, base); code != 200 || !strings.Contains(body, "Pinuid Dobbal") {
		t.Errorf("GET %s: %d\n%s", base, code, body)
	}
	if code, body := getPage(t, base+"games/1.pgn"); code != 200 || !strings.Contains(body, `[Game "Pinuid Dobbal"]`) {
		t.Errorf("GET the record: %d\n%s", code, body)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("pbem web exit %d: %s", code, stderr.String())
		}
	case <-time.After(mailWait):
		t.Fatal("pbem web did not stop")
	}
}

// TestServeServesTheArchiveWhileImporting: `pbem serve --http` serves the
// archive beside the mail service, and pages read the store while another
// process writes it.
func TestServeServesTheArchiveWhileImporting(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	d := startServe(t, "--data", data, "--imap-port", "0", "--smtp-port", "0", "--http", "127.0.0.1:0", "--log", "warn")
	base := waitArchive(t, d.stdout)
	if code, body := getPage(t, base); code != 200 || !strings.Contains(body, "No games here.") {
		t.Fatalf("GET %s: %d\n%s", base, code, body)
	}
	imported := make(chan int, 1)
	go func() {
		var out, errs syncBuffer
		code := exitOK
		for range 5 {
			if c := runImport(context.Background(), []string{"--data", data, "testdata/dobbal.pgn"}, nil, &out, &errs); c != exitOK {
				code = c
			}
		}
		imported <- code
	}()
	deadline := time.Now().Add(mailWait)
	for {
		code, body := getPage(t, base+"?game=dobbal")
		if code != 200 {
			t.Fatalf("GET while importing: %d\n%s", code, body)
		}
		if strings.Count(body, `<a href="/games/`) == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the archive did not show the 5 imported games:\n%s", body)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if code := <-imported; code != exitOK {
		t.Errorf("import exit %d", code)
	}
}

func TestWebWithoutAStore(t *testing.T) {
	data := filepath.Join(t.TempDir(), "nothing")
	var stdout, stderr syncBuffer
	code := runWeb(context.Background(), []string{"--data", data, "--http", "127.0.0.1:0"}, nil, &stdout, &stderr)
	if code != exitInvalid || !strings.Contains(stderr.String(), "there is no store in "+data) {
		t.Errorf("exit %d, stderr %q; want %d and the folder named", code, stderr.String(), exitInvalid)
	}
}

func TestArchiveAddress(t *testing.T) {
	for _, tc := range []struct {
		http     string
		embedded bool
		want     string
		chosen   bool
	}{
		{"", true, defaultHTTP, false},
		{"", false, "", false},
		{"off", true, "", true},
		{"0.0.0.0:80", false, "0.0.0.0:80", true},
	} {
		c := &serveConfig{http: tc.http, embedded: tc.embedded}
		if got, chosen := c.archiveAddr(); got != tc.want || chosen != tc.chosen {
			t.Errorf("--http %q, embedded %v: %q, %v; want %q, %v", tc.http, tc.embedded, got, chosen, tc.want, tc.chosen)
		}
	}
}
