package db

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestArchiveOpenChallenges: the archive lists the challenges open now,
// oldest first, with the poster's public name and rating; not the taken,
// withdrawn, expired or private ones, and never an address.
func TestArchiveOpenChallenges(t *testing.T) {
	s, a := archiveStore(t)
	ctx := context.Background()
	now := t0.Add(time.Hour)
	ids := map[string]int64{}
	err := s.Update(ctx, func(tx *Tx) error {
		ann, err := tx.Player("ann@example.org", "ann@example.org", t0)
		if err != nil {
			return err
		}
		bo, err := tx.Player("bo@example.org", "Bo Brown", t0)
		if err != nil {
			return err
		}
		if err := tx.PutRating(Rating{PlayerID: bo.ID, Kind: "pente", R: 1623.4, RD: 80, Vol: 0.06, Games: 12}, t0); err != nil {
			return err
		}
		add := func(name string, player int64, options string, expires time.Time) error {
			id, err := tx.AddChallenge(Challenge{PlayerID: player, Kind: "pente", Options: options,
				MinRating: 1400, Created: t0, Expires: expires})
			ids[name] = id
			return err
		}
		for _, c := range []struct {
			name    string
			player  int64
			options string
			expires time.Time
		}{
			{"ann's", ann.ID, "first=me rated=yes variant=pente", now.Add(time.Hour)},
			{"bo's", bo.ID, "days=3 first=me rated=yes variant=pente", now.Add(time.Hour)},
			{"private", bo.ID, "first=me private=yes rated=yes variant=pente", now.Add(time.Hour)},
			{"not private", ann.ID, "first=me private=no rated=yes variant=pente", now.Add(time.Hour)},
			{"expired", ann.ID, "first=me rated=yes variant=pente", now},
			{"taken", ann.ID, "first=me rated=yes variant=pente", now.Add(time.Hour)},
			{"withdrawn", bo.ID, "first=me rated=yes variant=pente", now.Add(time.Hour)},
		} {
			if err := add(c.name, c.player, c.options, c.expires); err != nil {
				return err
			}
		}
		if _, err := tx.CloseChallenge(ids["taken"], ChallengeTaken, 0); err != nil {
			return err
		}
		_, err = tx.CloseChallenge(ids["withdrawn"], ChallengeWithdrawn, 0)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	list, err := a.OpenChallenges(ctx, now, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range list {
		got = append(got, fmt.Sprint(c.ID))
		if strings.Contains(c.Name, "@") {
			t.Errorf("challenge %d shows its poster as %q", c.ID, c.Name)
		}
	}
	want := fmt.Sprint(ids["ann's"], ids["bo's"], ids["not private"])
	if strings.Join(got, " ") != want {
		t.Fatalf("open challenges %q, want %q", strings.Join(got, " "), want)
	}
	ann, bo := list[0], list[1]
	if ann.Name != "ann" || ann.Rated || ann.Kind != "pente" || ann.MinRating != 1400 || ann.MaxRating != 0 ||
		!ann.Expires.Equal(now.Add(time.Hour)) {
		t.Errorf("ann's challenge: %+v", ann)
	}
	if bo.Name != "Bo Brown" || !bo.Rated || bo.Rating != 1623.4 || bo.Options != "days=3 first=me rated=yes variant=pente" {
		t.Errorf("bo's challenge: %+v", bo)
	}
	if page, err := a.OpenChallenges(ctx, now, 1, 1); err != nil || len(page) != 1 || page[0].ID != ids["bo's"] {
		t.Errorf("second page of one: %+v, %v; want bo's challenge", page, err)
	}
	if later, err := a.OpenChallenges(ctx, now.Add(2*time.Hour), 0, 100); err != nil || len(later) != 0 {
		t.Errorf("after they expire: %+v, %v; want none", later, err)
	}
}
