package play

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
	"pbem/rules/games"
)

// gameHelp names, for each game of games.All, the catalog texts of its
// help: the rules of its family, a paragraph on how a variant differs
// (help.variant.NAME), and the notation of its family.
var gameHelp = map[string]struct {
	rules, notation string
	variant         bool
}{
	"pente":       {"pente", "pente", false},
	"keryo-pente": {"pente", "pente", true},
	"gomoku":      {"pente", "pente", true},
	"g-pente":     {"pente", "pente", true},
	"boat-pente":  {"pente", "pente", true},
	"poof-pente":  {"pente", "pente", true},
	"pinuid":      {"pinuid", "pinuid", false},
	"quatro":      {"quatro", "pinuid", false},
	"dobbal":      {"dobbal", "dobbal", false},
}

// Topics of "help" besides the games, in every language, without accents.
var (
	optionsTopics  = []string{"options", "option", "optionen", "opciones", "opcoes"}
	computerTopics = []string{"computer", "computers", "levels", "level", "computadora", "ordenador", "computador"}
)

// gameList lists the games one a line, name and title, in the columns of
// the command list: a line per game never wraps, and never parts a name
// from its comma.
func gameList(lang i18n.Lang) string {
	var b strings.Builder
	b.WriteString(i18n.Tr(lang, "play.games_header", nil) + "\n")
	for _, e := range games.All() {
		fmt.Fprintf(&b, "\n  %-22s %s", e.Name, e.Title)
	}
	return b.String()
}

// help handles "help [TOPIC]".
func (h *handling) help(c *grammar.Command, _ *table) error {
	topic := c.Help.Topic
	switch {
	case topic == "":
		text := i18n.Tr(h.lang, "play.help", nil) + "\n\n" + gameList(h.lang)
		if words := wordList(h.lang); words != "" {
			text += "\n\n" + words
		}
		h.say(c.String(), "%s", text)
		return nil
	case slices.Contains(optionsTopics, topic):
		h.say(c.String(), "%s", h.tr("help.options", nil))
		return nil
	case slices.Contains(computerTopics, topic):
		h.say(c.String(), "%s", h.tr("help.computer", nil))
		return nil
	}
	e, err := games.Lookup(topic)
	if err != nil {
		h.say(c.String(), "%s", h.tr("help.no_topic", map[string]any{"Topic": topic, "Why": upperFirst(h.errText(err))}))
		return nil
	}
	h.say(c.String(), "%s", gameHelpText(h.lang, e))
	return nil
}

// gameHelpText is "help GAME": how to start it, its rules, its notation,
// its options and its board at the start.
func gameHelpText(lang i18n.Lang, e games.Entry) string {
	var b strings.Builder
	b.WriteString(i18n.Tr(lang, "help.game_start", map[string]any{"Title": e.Title, "Name": e.Name}))
	if gh, ok := gameHelp[e.Name]; ok {
		if gh.variant {
			b.WriteString("\n\n" + i18n.Tr(lang, "help.variant."+e.Name, nil))
		}
		b.WriteString("\n\n" + i18n.Tr(lang, "help.rules."+gh.rules, nil))
		b.WriteString("\n\n" + i18n.Tr(lang, "help.notation."+gh.notation, nil))
	}
	var opts []string
	for _, op := range e.Kind.Options {
		if _, preset := e.Preset[op.Name]; preset {
			continue
		}
		opts = append(opts, optionLine(lang, op))
	}
	if len(opts) > 0 {
		b.WriteString("\n\n" + i18n.Tr(lang, "help.options_header", nil) + "\n" + strings.Join(opts, "\n"))
	}
	if g, err := e.New(nil); err == nil {
		b.WriteString("\n\n" + i18n.Tr(lang, "help.board_header", nil) + "\n\n" + boardIn(lang, g.Board()))
	}
	return b.String()
}

// optionLine is an option of a game in help: "  tournament=on|off
// (default on): ...". Doc is a message id of the rules' catalogs.
func optionLine(lang i18n.Lang, op rules.Option) string {
	values := strings.Join(op.Values, "|")
	if values == "" {
		values = fmt.Sprintf("%d..%d", op.Min, op.Max)
	}
	return hanging(i18n.Tr(lang, "help.option_line", map[string]any{
		"Name": op.Name, "Values": values, "Default": op.Default, "Doc": i18n.Tr(lang, op.Doc, nil)}), 4)
}

// hanging wraps a line of help to the mail's width, keeping its own
// indentation and indenting its further lines by indent spaces: the mail
// keeps lines that fit as they are.
func hanging(line string, indent int) string {
	trimmed := strings.TrimLeft(line, " ")
	cur := line[:len(line)-len(trimmed)]
	var out []string
	for i, w := range strings.Fields(trimmed) {
		switch {
		case i == 0:
			cur += w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= width:
			cur += " " + w
		default:
			out = append(out, cur)
			cur = strings.Repeat(" ", indent) + w
		}
	}
	return strings.Join(append(out, cur), "\n")
}

// wordList is the end of help in a language with command words of its
// own: each English word with the words of lang beside it, as
// grammar.Words has them, written with their accents. English has none.
func wordList(lang i18n.Lang) string {
	var lines []string
	for _, en := range helpWords {
		var shown []string
		for _, w := range grammar.Words[en][string(lang)] {
			w = grammar.Written(string(lang), w)
			if !slices.Contains(shown, w) {
				shown = append(shown, w)
			}
		}
		if len(shown) > 0 {
			lines = append(lines, fmt.Sprintf("  %-22s %s", strings.Join(shown, ", "), en))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return i18n.Tr(lang, "help.words_header", nil) + "\n\n" + strings.Join(lines, "\n")
}

// helpWords are the English words in the order help lists them: the
// commands, then the words inside them and the settings' values.
var helpWords = append(append([]string(nil), grammar.Verbs...),
	"if", "then", "with", "anyone", "computer", "game", "challenge", "invitations", "days",
	"every", "myturn", "digest", "on", "off")
