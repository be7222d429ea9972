package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// OfferKind is what an offer asks for.
type OfferKind string

// The kinds of offer.
const (
	DrawOffer OfferKind = "draw"
	Takeback  OfferKind = "takeback"
)

// Offer is an open draw offer or takeback request.
type Offer struct {
	Kind   OfferKind
	Seat   int   // who made it
	Agreed []int // seats that agreed, the maker included
	Ply    int   // plies played when it was made
	Made   time.Time
}

// PutOffer stores an offer, replacing one of the same kind.
func (t *Tx) PutOffer(gameID int64, o Offer) error {
	agreed := make([]string, len(o.Agreed))
	for i, s := range o.Agreed {
		agreed[i] = strconv.Itoa(s)
	}
	_, err := t.exec(`INSERT INTO offers (game_id, kind, seat, agreed, ply, created_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, kind) DO UPDATE SET seat = excluded.seat, agreed = excluded.agreed,
		ply = excluded.ply, created_at = excluded.created_at`,
		gameID, o.Kind, o.Seat, strings.Join(agreed, ","), o.Ply, o.Made.UTC())
	t.mayHave(gameID, func(n *noRows) { n.offers = false })
	if err != nil {
		return fmt.Errorf("game %d %s offer: %w", gameID, o.Kind, err)
	}
	return nil
}

// GetOffer returns the open offer of a kind, if any.
func (t *Tx) GetOffer(gameID int64, kind OfferKind) (Offer, bool, error) {
	if t.lacks(gameID).offers {
		return Offer{}, false, nil
	}
	var o Offer
	var agreed string
	err := t.queryRow(`SELECT kind, seat, agreed, ply, created_at FROM offers WHERE game_id = ? AND kind = ?`,
		gameID, kind).Scan(&o.Kind, &o.Seat, &agreed, &o.Ply, &o.Made)
	if errors.Is(err, sql.ErrNoRows) {
		return Offer{}, false, nil
	}
	if err != nil {
		return Offer{}, false, fmt.Errorf("game %d %s offer: %w", gameID, kind, err)
	}
	for _, s := range strings.Split(agreed, ",") {
		if n, err := strconv.Atoi(s); err == nil {
			o.Agreed = append(o.Agreed, n)
		}
	}
	return o, true, nil
}

// ClearOffers removes a game's open offers of the given kinds (all kinds
// when none is given).
func (t *Tx) ClearOffers(gameID int64, kinds ...OfferKind) error {
	if t.lacks(gameID).offers {
		return nil
	}
	if len(kinds) == 0 {
		kinds = []OfferKind{DrawOffer, Takeback}
	}
	args := []any{gameID}
	for _, k := range kinds {
		args = append(args, k)
	}
	if _, err := t.exec(`DELETE FROM offers WHERE game_id = ? AND kind IN (?`+strings.Repeat(`, ?`, len(kinds)-1)+`)`, args...); err != nil {
		return fmt.Errorf("game %d clear %v offers: %w", gameID, kinds, err)
	}
	return nil
}
