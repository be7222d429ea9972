package play

import (
	"strconv"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// langOf is the language player p reads: their language setting, else
// the language guessed from their mail (or, for an invitee who has not
// written yet, the inviter's), else the service's default
// (Config.Language, English when unset).
func (s *Service) langOf(p db.Player) i18n.Lang {
	if l, ok := i18n.Parse(p.Settings[languageSetting]); ok {
		return l
	}
	if l, ok := i18n.Parse(p.Settings[languageGuess]); ok {
		return l
	}
	return s.cfg.Language.Or(i18n.Default)
}

// The keys of the player's settings: the language they chose, and the one
// their mail suggests.
const (
	languageSetting = "language"
	languageGuess   = "language_guess"
)

// guessLanguage guesses the sender's language from their mail, when they
// have chosen none: the command words they wrote (words, the first word
// of each command line), else the mail's Content-Language, else the
// attribution line their mail client put above the quote ("Am ...
// schrieb ...:"). A guess is stored once the player has written, which
// this mail is; a mail that tells nothing keeps the guess there is, and
// the header and the attribution only make a first guess. A "language X"
// command says it best, even before it is confirmed: the answer asking for
// the confirmation is then in X already.
func (h *handling) guessLanguage(words []string, cmds []*grammar.Command) error {
	if _, chosen := i18n.Parse(h.sender.Settings[languageSetting]); chosen {
		return nil
	}
	l, strong, ok := mailLanguage(h.m, words)
	for _, c := range cmds {
		if c.Language != nil {
			if asked, valid := i18n.Parse(c.Language.Lang); valid {
				l, strong, ok = asked, true, true
			}
		}
	}
	if !ok {
		return nil
	}
	if !strong && h.sender.Settings[languageGuess] != "" {
		// The client's header or attribution does not overrule a guess
		// already made: the words a player typed say more.
		return nil
	}
	h.lang = l
	if h.sender.Settings[languageGuess] == string(l) {
		return nil
	}
	if err := h.tx.SetSetting(h.sender.ID, languageGuess, string(l)); err != nil {
		return err
	}
	return h.refreshSender()
}

// mailLanguage is what a mail shows of its writer's language; strong when
// it is the command words the writer typed.
func mailLanguage(m Message, words []string) (lang i18n.Lang, strong, ok bool) {
	count := map[string]int{}
	best := ""
	for _, w := range words {
		if lang, ok := grammar.WordLanguage(w); ok {
			count[lang]++
			if best == "" || count[lang] > count[best] {
				best = lang
			}
		}
	}
	if best != "" {
		return i18n.Lang(best), true, true
	}
	if v := m.Headers["Content-Language"]; v != "" {
		first, _, _ := strings.Cut(v, ",")
		if l, ok := i18n.Parse(first); ok {
			return l, false, true
		}
	}
	for _, line := range strings.Split(m.Text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasSuffix(line, ":") || strings.HasPrefix(line, ">") {
			continue
		}
		for verb, l := range attributionVerbs {
			if strings.Contains(strings.ToLower(line), verb) {
				return l, false, true
			}
		}
	}
	return "", false, false
}

// attributionVerbs are the verbs of the mail clients' "X wrote:" lines.
var attributionVerbs = map[string]i18n.Lang{
	" wrote": i18n.English, " schrieb": i18n.German,
	" escribió": i18n.Spanish, " escribio": i18n.Spanish, " escreveu": i18n.Portuguese,
}

// inheritLanguage gives a new invitee the inviter's language, when the
// invitee has never written (no guess) and chose none; it returns the
// invitee with the setting.
func (h *handling) inheritLanguage(invitee db.Player) (db.Player, error) {
	if invitee.Settings[languageSetting] != "" || invitee.Settings[languageGuess] != "" || invitee.ID == h.sender.ID {
		return invitee, nil
	}
	lang := string(h.lang.Or(i18n.Default))
	if err := h.tx.SetSetting(invitee.ID, languageGuess, lang); err != nil {
		return invitee, err
	}
	settings := map[string]string{languageGuess: lang}
	for k, v := range invitee.Settings {
		settings[k] = v
	}
	invitee.Settings = settings
	return invitee, nil
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

// langFor is the language of the mail's recipient at address to: the
// sender's for the reply, else the player's. An address the store does not
// know yet reads the service's default.
func (h *handling) langFor(to string) i18n.Lang {
	if to == h.sender.Address {
		return h.lang
	}
	p, err := h.tx.PlayerByAddress(to)
	if err != nil {
		return h.s.cfg.Language.Or(i18n.Default)
	}
	return h.langOfPlayer(p)
}

// langOfPlayer is langFor for a player already read.
func (h *handling) langOfPlayer(p db.Player) i18n.Lang {
	if p.Address == h.sender.Address {
		return h.lang
	}
	return h.s.langOf(p)
}

// notUnderstood tells a line that looks meant as a command but is none,
// with the command words it may have meant.
func notUnderstood(lang i18n.Lang, nu *grammar.NotUnderstood) string {
	args := map[string]any{"Line": quoteCut(nu.Line)}
	if len(nu.Suggest) == 0 {
		return i18n.Tr(lang, "play.not_understood", args)
	}
	args["Choices"] = rules.OrList(nu.Suggest)
	return i18n.Tr(lang, "play.not_understood_hint", args)
}

// maxQuoted is how many characters of a line not understood a reply
// quotes: enough to recognise it, and a line of megabytes is not mailed
// back.
const maxQuoted = 80

// quoteCut quotes line, cut after maxQuoted characters with "…".
func quoteCut(line string) string {
	n := 0
	for i := range line {
		if n == maxQuoted {
			return strconv.Quote(line[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(line)
}
