package play

import (
	"pbem/db"
	"pbem/i18n"
)

// langOf is the language player p reads: their language setting, else the
// service's default (Config.Language, English when unset).
func (s *Service) langOf(p db.Player) i18n.Lang {
	if l, ok := i18n.Parse(p.Settings[languageSetting]); ok {
		return l
	}
	return s.cfg.Language.Or(i18n.Default)
}

// languageSetting is the key of the player's language in their settings.
const languageSetting = "language"

// seatLang is the language of the player at seat of t.
func (h *handling) seatLang(t *table, seat int) (i18n.Lang, error) {
	if seat < 0 || seat >= len(t.row.Seats) {
		return h.s.cfg.Language.Or(i18n.Default), nil
	}
	if t.row.Seats[seat].PlayerID == h.sender.ID {
		return h.lang, nil
	}
	p, err := h.tx.PlayerByID(t.row.Seats[seat].PlayerID)
	if err != nil {
		return "", err
	}
	return h.s.langOf(p), nil
}

// errText renders err for the sender, the reader of the reply.
func (h *handling) errText(err error) string { return i18n.Error(h.lang, err) }
