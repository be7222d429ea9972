package play

import (
	"pbem/db"
	"pbem/grammar"
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

// languageCmd handles "language [LANG]": show the sender's language, or
// set it. The answer is in the language it leaves.
func (h *handling) languageCmd(c *grammar.Command, _ *table) error {
	if c.Language.Lang == "" {
		h.say(c.String(), "%s", i18n.Tr(h.lang, "play.language_is", map[string]any{"Name": h.lang.Name()}))
		return nil
	}
	l, ok := i18n.Parse(c.Language.Lang)
	if !ok {
		h.say(c.String(), "%s", i18n.Tr(h.lang, "play.language_unknown", map[string]any{"Word": c.Language.Lang}))
		return nil
	}
	if err := h.tx.SetSetting(h.sender.ID, languageSetting, string(l)); err != nil {
		return err
	}
	if err := h.refreshSender(); err != nil {
		return err
	}
	h.lang = l
	h.say(c.String(), "%s", i18n.Tr(l, "play.language_set", map[string]any{"Name": l.Name()}))
	return nil
}
