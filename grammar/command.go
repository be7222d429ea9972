package grammar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"pbem/rules"
)

// Command is one line of a mail read as a command of service.md. Exactly one
// of its fields is set. Game numbers are 0 when the line left them out (a
// reply's thread supplies them).
type Command struct {
	Pos lexer.Position

	New        *NewGame       `parser:"  @@"`
	Take       *TakeChallenge `parser:"| @@"`
	Conditions *Conditions    `parser:"| @@"`
	If         *Conditional   `parser:"| @@"`
	Challenges bool           `parser:"| @('challenges' | 'herausforderungen' | 'desafios')"`
	Answer     *Answer        `parser:"| @@"`
	About      *AboutGame     `parser:"| @@"`
	Preview    *Preview       `parser:"| @@"`
	Watch      *Watch         `parser:"| @@"`
	Games      bool           `parser:"| @('games' | 'partien' | 'partidas')"`
	Review     bool           `parser:"| @('review' | 'prufen' | 'pruefen' | 'revisar' | 'verificar')"`
	Help       *Help          `parser:"| @@"`

	Vacation *Vacation `parser:"| @@"`
	Back     bool      `parser:"| @('back' | 'urlaubsende' | 'volver' | 'voltar')"`
	Timezone *Timezone `parser:"| @@"`
	Notify   *Notify   `parser:"| @@"`
	Pictures *Pictures `parser:"| @@"`
	Language *Language `parser:"| @@"`
	Ratings  *Ratings  `parser:"| @@"`
	Block    *Block    `parser:"| @@"`
	Confirm  bool      `parser:"| @('confirm' | 'bestatigen' | 'bestaetigen' | 'confirmar')"`

	Move *Move `parser:"| @@"`
}

// NewGame is "new GAME with ADDR [ADDR...] [OPTION=VALUE ...]", where an
// ADDR may be the word "computer", a seat the service's computer player
// takes; or an open challenge, "new GAME with anyone [OPTION=VALUE ...]
// [rating LOW-HIGH]"; the rating range ends up among the options as
// rating=LOW-HIGH.
type NewGame struct {
	Game    string   `parser:"('new' | 'neu' | 'neue' | 'nueva' | 'nuevo' | 'nova' | 'novo') @Word ('with' | 'mit' | 'con' | 'com')"`
	Anyone  bool     `parser:"( @('anyone' | 'jemand' | 'jemandem' | 'alguien' | 'alguem')"`
	With    []string `parser:"| ( ( @Addr | @('computer' | 'computadora' | 'ordenador' | 'computador') ) ','? )+ )"`
	Options []string `parser:"@Option*"`
	Rating  string   `parser:"( ( 'rating' | 'ratings' | 'wertung' | 'clasificacion' | 'classificacao' ) @( Number Word? ) )?"`
	More    []string `parser:"@Option*"`
}

// TakeChallenge is "accept challenge N", or "cancel challenge N" from its
// poster.
type TakeChallenge struct {
	Verb string `parser:"@( ('accept' | 'annehmen' | 'aceptar' | 'aceitar') | ('cancel' | 'abbrechen' | 'cancelar') ) ('challenge' | 'herausforderung' | 'desafio')"`
	ID   int    `parser:"@Number"`
}

// Conditions is "conditions [GAME]" (show the sender's conditional moves)
// or "cancel conditions [GAME]" (drop them).
type Conditions struct {
	Cancel bool `parser:"@('cancel' | 'abbrechen' | 'cancelar')? ( ('conditions' | 'bedingungen' | 'condiciones' | 'condicoes') | 'condition' )"`
	Game   int  `parser:"( ('game' | 'partie' | 'partida')? @Number )?"`
}

// Conditional is "[game N] if PLY then PLY [if PLY then PLY ...]": the
// sender's answers to the opponent's coming plies, in turn: Plies holds
// the opponent's ply, the answer, the opponent's next, and so on.
type Conditional struct {
	Game  int      `parser:"( ('game' | 'partie' | 'partida') @Number )?"`
	Plies []string `parser:"( ('if' | 'wenn' | 'si' | 'se') @( Word | DicePly | Number ) ('then' | 'dann' | 'entonces' | 'entao') @( Word | DicePly | Number ) )+"`
}

// Answer is "accept [GAME]" or "decline [GAME]".
type Answer struct {
	Verb string `parser:"@(('accept' | 'annehmen' | 'aceptar' | 'aceitar') | ('decline' | 'ablehnen' | 'rechazar' | 'recusar'))"`
	Game int    `parser:"( ('game' | 'partie' | 'partida')? @Number )?"`
}

// AboutGame is a command that names at most a game: board, hint, resign,
// draw, takeback, record, cancel, analyze (also spelt analyse).
type AboutGame struct {
	Verb string `parser:"@(('board' | 'brett' | 'tablero' | 'tabuleiro') | ('hint' | 'tipp' | 'pista' | 'dica') | ('resign' | 'aufgeben' | 'abandonar' | 'desistir') | ('draw' | 'remis' | 'tablas' | 'empate') | ('takeback' | 'zuruck' | 'zurueck' | 'deshacer' | 'desfazer') | ('record' | 'protokoll' | 'registro' | 'registo') | ('cancel' | 'abbrechen' | 'cancelar') | ('analyze' | 'analysieren' | 'analizar' | 'analisar') | 'analyse')"`
	Game int    `parser:"( ('game' | 'partie' | 'partida')? @Number )?"`
}

// Preview is "preview [GAME] PLY [PLY...]".
type Preview struct {
	Game  int      `parser:"('preview' | 'vorschau' | 'prever') ( ('game' | 'partie' | 'partida')? @Number )?"`
	Plies []string `parser:"@( Word | DicePly )+"`
}

// Watch is "watch GAME" or "unwatch GAME" (in a reply, the thread names the game).
type Watch struct {
	Verb string `parser:"@(('watch' | 'beobachten' | 'observar' | 'acompanhar') | ('unwatch' | 'abbestellen' | 'ignorar'))"`
	Game int    `parser:"( ('game' | 'partie' | 'partida')? @Number )?"`
}

// Help is "help [TOPIC]".
type Help struct {
	Topic string `parser:"('help' | 'hilfe' | 'ayuda' | 'ajuda') @Word?"`
}

// Vacation is "vacation [N]": stop the sender's clocks for N days; without
// N, the vacation days left. Days is the number as written.
type Vacation struct {
	Days string `parser:"('vacation' | 'urlaub' | 'vacaciones' | 'ferias') ( @Number ( 'days' | 'day' | 'tage' | 'tag' | 'dias' | 'dia' )? )?"`
}

// Timezone is "timezone [ZONE]", ZONE as the tz database names it
// ("Europe/Berlin"), kept as written.
type Timezone struct {
	Zone string `parser:"('timezone' | 'zeitzone' | 'zona' | 'fuso') @Word?"`
}

// Notify is "notify [every | myturn | digest [HOUR]]": which game mail the
// sender gets. Hour is the number as written.
type Notify struct {
	Mode string `parser:"('notify' | 'benachrichtigen' | 'avisar' | 'avisos') ( @(('every' | 'immer' | 'siempre' | 'sempre') | ('myturn' | 'dran' | 'turno' | 'vez')) | @('digest' | 'taglich' | 'taeglich' | 'diario')"`
	Hour string `parser:"@Number? )?"`
}

// Pictures is "pictures [on | off]": whether the sender's game mails carry
// a picture of the board.
type Pictures struct {
	Mode string `parser:"( ('pictures' | 'bilder' | 'imagenes' | 'imagens') | 'picture' ) @( ('on' | 'an' | 'activar' | 'ligar') | ('off' | 'aus' | 'desactivar' | 'desligar') )?"`
}

// Language is "language [LANG]": the language of the sender's mail, a
// code or a name as the sender writes it ("de", "Deutsch").
type Language struct {
	Lang string `parser:"('language' | 'sprache' | 'idioma' | 'lingua') @Word?"`
}

// Ratings is "ratings [GAME]".
type Ratings struct {
	Game string `parser:"( ('ratings' | 'wertung' | 'clasificacion' | 'classificacao') | 'rating' ) @Word?"`
}

// Block is "block [ADDRESS | invitations]" or "unblock ADDRESS |
// invitations": invitations a player refuses. Target is "" (list the
// blocks), an address, or "invitations" (every invitation).
type Block struct {
	Verb   string `parser:"@(('block' | 'sperren' | 'bloquear') | ('unblock' | 'entsperren' | 'desbloquear'))"`
	Target string `parser:"( @Addr | @('invitations' | 'einladungen' | 'invitaciones' | 'convites') )?"`
}

// Move is "[move] [GAME] PLY [#N]"; Expect is the ply number the sender
// expects to play (0 when not given), the guard against stale mail.
type Move struct {
	Keyword bool   `parser:"@('move' | 'zug' | 'jugada' | 'lance')?"`
	Game    int    `parser:"( ('game' | 'partie' | 'partida')? @Number )?"`
	Ply     string `parser:"@( Word | DicePly )"`
	Expect  int    `parser:"( '#' @Number )?"`
}

// commandParser reads command lines. It is built on first use, not at
// start-up: building it was most of the package's start-up work, and the
// commands that read only records (review, export) never parse a command.
var commandParser = sync.OnceValue(func() *participle.Parser[Command] {
	// The lexer splits a command line. Order matters: the first rule that
	// matches wins, so the specific shapes come before the catch-all Word.
	commandLexer := lexer.MustSimple([]lexer.SimpleRule{
		{Name: "Space", Pattern: `[ \t\x{a0}]+`},
		{Name: "Addr", Pattern: `<?[^\s<>@,;"]+@[^\s<>@,;"]+>?`},
		{Name: "Option", Pattern: `[A-Za-z][A-Za-z0-9_-]*=[^\s,;]+`},
		{Name: "DicePly", Pattern: `[0-9]+:[^\s#]*`},
		{Name: "Number", Pattern: `[0-9]+\b`},
		{Name: "Punct", Pattern: `[#,]`},
		{Name: "Word", Pattern: `[^\s#,]+`},
	})
	return participle.MustBuild[Command](
		participle.Lexer(commandLexer),
		participle.Elide("Space"),
		participle.CaseInsensitive("Word"),
		participle.UseLookahead(4),
	)
})

// Computer is the word that, in place of an address in "new", names a seat
// for the service's computer player.
const Computer = "computer"

// Verbs are the command words, for "did you mean" hints.
var Verbs = []string{"new", "accept", "decline", "move", "board", "games", "hint", "preview",
	"resign", "draw", "takeback", "record", "review", "watch", "unwatch", "help",
	"vacation", "back", "timezone", "notify", "pictures", "language", "ratings", "cancel", "block", "unblock", "confirm", "analyze",
	"conditions", "challenges"}

// NotUnderstood is a line that is not a command.
type NotUnderstood struct {
	Line    string
	Column  int      // where reading stopped, from 1
	Suggest []string // commands the first word may have meant
}

func (e *NotUnderstood) Error() string {
	msg := fmt.Sprintf("not understood: %q", e.Line)
	if len(e.Suggest) > 0 {
		msg += "; did you mean " + orJoin(e.Suggest) + "?"
	}
	return msg
}

func orJoin(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// MaxCommandLen is the longest line, in characters, read as a command.
// The longest of use (a preview or conditions of many plies, an invitation
// to several addresses) take a few hundred; a longer line is not
// understood, unread: a mail may hold a line of megabytes.
const MaxCommandLen = 1000

// ParseCommand reads one line as a command. Case, extra spaces, a left-out
// "move" and a left-out game number are all fine. A line that is not a
// command gives a *NotUnderstood with the nearest command words.
func ParseCommand(line string) (*Command, error) {
	text := strings.TrimSpace(line)
	if len(text) > MaxCommandLen && (len(text) > utf8.UTFMax*MaxCommandLen || utf8.RuneCountInString(text) > MaxCommandLen) {
		return nil, &NotUnderstood{Line: text, Column: 1}
	}
	if cmd, ok := bareMove(text); ok {
		return cmd, nil
	}
	cmd, err := commandParser().ParseString("", plainWords(text))
	if err != nil {
		nu := &NotUnderstood{Line: text, Suggest: SuggestVerb(firstWord(text))}
		if len(nu.Suggest) == 0 {
			nu.Suggest = suggestInner(text)
		}
		if pe, ok := err.(participle.Error); ok {
			nu.Column = pe.Position().Column
		}
		return nil, nu
	}
	cmd.normalise()
	if m := cmd.Move; m != nil && !m.Keyword && m.Game == 0 && !plyLike(m.Ply) {
		// A lone word that is no ply ("Thanks", "baord") is not a move.
		return nil, &NotUnderstood{Line: text, Column: 1, Suggest: SuggestVerb(m.Ply)}
	}
	if cmd.If != nil {
		// "if tomorrow then fine" is prose, not conditional moves.
		for _, p := range cmd.If.Plies {
			if !plyLike(p) {
				return nil, &NotUnderstood{Line: text, Column: 1}
			}
		}
	}
	return cmd, nil
}

// plyLike reports whether a word could be a ply of some game: every ply
// token has a digit in it, but for "pass".
// bareMove reads the commonest lines, a move alone ("K10", "f5") or with
// the ply number it expects ("K10 #7", as the service's mails suggest), as
// the parser does but without it: the parser took a tenth of a handled
// mail. A word of ASCII letters and digits that starts with a letter and
// has a digit is a Word token that no command word matches, so the parser
// makes it a Move; anything else goes to the parser (TestBareMoveAsParsed).
func bareMove(text string) (*Command, bool) {
	if text == "" || !isLetter(text[0]) {
		return nil, false
	}
	end, digit := 1, false
	for ; end < len(text); end++ {
		c := text[end]
		if c >= '0' && c <= '9' {
			digit = true
		} else if !isLetter(c) {
			break
		}
	}
	if !digit {
		return nil, false
	}
	m := &Move{Ply: text[:end]}
	if end < len(text) {
		n, ok := expectSuffix(text[end:])
		if !ok {
			return nil, false
		}
		m.Expect = n
	}
	return &Command{Pos: lexer.Position{Line: 1, Column: 1}, Move: m}, true
}

// expectSuffix reads " #N" after a ply: spaces, '#', spaces and up to six
// digits to the end, without a leading zero (the parser reads "010" as
// octal).
func expectSuffix(s string) (int, bool) {
	s = strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(s, "#") {
		return 0, false
	}
	s = strings.TrimLeft(s[1:], " \t")
	if s == "" || len(s) > 6 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = 10*n + int(s[i]-'0')
	}
	return n, true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func plyLike(w string) bool {
	return strings.EqualFold(w, "pass") || strings.ContainsAny(w, "0123456789")
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// SuggestVerb lists the command words, of any language, a word may be a
// typo of. Accents and case do not count.
func SuggestVerb(word string) []string {
	word = strings.ToLower(stripAccents(word))
	if len(word) < 3 {
		return nil
	}
	for _, v := range allVerbs() {
		if v == word {
			return nil
		}
	}
	// Short words are near too many others: allow them one slip only.
	limit := 2
	if len(word) <= 4 {
		limit = 1
	}
	return rules.Nearest(word, allVerbs(), limit)
}

// suggestInner is "did you mean" for a command word right but the word
// after it not ("benachrichtigen tglich"): the line's first two words
// with the near words inside commands or values of settings.
func suggestInner(line string) []string {
	f := strings.Fields(line)
	if len(f) < 2 || !slices.Contains(allVerbs(), strings.ToLower(stripAccents(f[0]))) {
		return nil
	}
	word := strings.ToLower(stripAccents(f[1]))
	if len(word) < 3 || slices.Contains(innerWords(), word) {
		return nil
	}
	limit := 2
	if len(word) <= 4 {
		limit = 1
	}
	var out []string
	for _, w := range rules.Nearest(word, innerWords(), limit) {
		if lang, ok := WordLanguage(w); ok {
			w = Written(lang, w)
		}
		out = append(out, f[0]+" "+w)
	}
	return out
}

// normalise puts words in canonical case and drops sentence punctuation a
// player may add after a ply ("K10.").
func (c *Command) normalise() {
	trim := func(s string) string {
		if t := strings.TrimRight(s, ".,;"); t != "" {
			return t
		}
		return s
	}
	switch {
	case c.New != nil:
		c.New.Game = strings.ToLower(c.New.Game)
		for i, a := range c.New.With {
			c.New.With[i] = strings.Trim(a, "<>")
			if English(a) == Computer {
				c.New.With[i] = Computer
			}
		}
		c.New.Options = append(c.New.Options, c.New.More...)
		c.New.More = nil
		if c.New.Rating != "" {
			c.New.Options = append(c.New.Options, "rating="+c.New.Rating)
			c.New.Rating = ""
		}
	case c.If != nil:
		for i, p := range c.If.Plies {
			c.If.Plies[i] = trim(p)
		}
	case c.Answer != nil:
		c.Answer.Verb = English(c.Answer.Verb)
	case c.Take != nil:
		c.Take.Verb = English(c.Take.Verb)
	case c.About != nil:
		c.About.Verb = English(c.About.Verb)
		if c.About.Verb == "analyse" {
			c.About.Verb = "analyze"
		}
	case c.Watch != nil:
		c.Watch.Verb = English(c.Watch.Verb)
	case c.Help != nil:
		c.Help.Topic = strings.ToLower(c.Help.Topic)
	case c.Notify != nil:
		c.Notify.Mode = English(c.Notify.Mode)
	case c.Pictures != nil:
		c.Pictures.Mode = English(c.Pictures.Mode)
	case c.Language != nil:
		c.Language.Lang = strings.ToLower(c.Language.Lang)
	case c.Ratings != nil:
		c.Ratings.Game = strings.ToLower(c.Ratings.Game)
	case c.Block != nil:
		c.Block.Verb = English(c.Block.Verb)
		c.Block.Target = strings.ToLower(strings.Trim(c.Block.Target, "<>"))
		if !strings.Contains(c.Block.Target, "@") {
			c.Block.Target = English(c.Block.Target)
		}
	case c.Move != nil:
		c.Move.Ply = trim(c.Move.Ply)
	case c.Preview != nil:
		for i, p := range c.Preview.Plies {
			c.Preview.Plies[i] = trim(p)
		}
	}
}

// Verb is the command's word: "move", "accept", "board", ...
func (c *Command) Verb() string {
	switch {
	case c.New != nil:
		return "new"
	case c.Take != nil:
		return c.Take.Verb + " challenge"
	case c.Conditions != nil && c.Conditions.Cancel:
		return "cancel conditions"
	case c.Conditions != nil:
		return "conditions"
	case c.If != nil:
		return "if"
	case c.Challenges:
		return "challenges"
	case c.Answer != nil:
		return c.Answer.Verb
	case c.About != nil:
		return c.About.Verb
	case c.Preview != nil:
		return "preview"
	case c.Watch != nil:
		return c.Watch.Verb
	case c.Games:
		return "games"
	case c.Review:
		return "review"
	case c.Help != nil:
		return "help"
	case c.Vacation != nil:
		return "vacation"
	case c.Back:
		return "back"
	case c.Timezone != nil:
		return "timezone"
	case c.Notify != nil:
		return "notify"
	case c.Pictures != nil:
		return "pictures"
	case c.Language != nil:
		return "language"
	case c.Ratings != nil:
		return "ratings"
	case c.Block != nil:
		return c.Block.Verb
	case c.Confirm:
		return "confirm"
	}
	return "move"
}

// Shows reports whether the command is a setting's word alone, which
// shows the setting ("notify", "block") rather than changing it.
func (c *Command) Shows() bool {
	switch {
	case c.Vacation != nil:
		return c.Vacation.Days == ""
	case c.Timezone != nil:
		return c.Timezone.Zone == ""
	case c.Notify != nil:
		return c.Notify.Mode == ""
	case c.Pictures != nil:
		return c.Pictures.Mode == ""
	case c.Language != nil:
		return c.Language.Lang == ""
	case c.Block != nil:
		return c.Block.Verb == "block" && c.Block.Target == ""
	}
	return false
}

// GameNumber is the game the command names, or 0.
func (c *Command) GameNumber() int {
	switch {
	case c.Conditions != nil:
		return c.Conditions.Game
	case c.If != nil:
		return c.If.Game
	case c.Answer != nil:
		return c.Answer.Game
	case c.About != nil:
		return c.About.Game
	case c.Preview != nil:
		return c.Preview.Game
	case c.Watch != nil:
		return c.Watch.Game
	case c.Move != nil:
		return c.Move.Game
	}
	return 0
}

// SetGameNumber fills in the game a reply's thread names, for commands that
// left it out.
func (c *Command) SetGameNumber(n int) {
	switch {
	case c.Conditions != nil:
		c.Conditions.Game = n
	case c.If != nil:
		c.If.Game = n
	case c.Answer != nil:
		c.Answer.Game = n
	case c.About != nil:
		c.About.Game = n
	case c.Preview != nil:
		c.Preview.Game = n
	case c.Watch != nil:
		c.Watch.Game = n
	case c.Move != nil:
		c.Move.Game = n
	}
}

// String is the command as it was read, in canonical form: what a reply's
// "Read:" line shows.
func (c *Command) String() string {
	game := func(n int) string {
		if n == 0 {
			return ""
		}
		return " " + strconv.Itoa(n)
	}
	switch {
	case c.Take != nil:
		return c.Take.Verb + " challenge " + strconv.Itoa(c.Take.ID)
	case c.If != nil:
		s := strings.TrimPrefix(game(c.If.Game), " ")
		if s != "" {
			s = "game " + s + " "
		}
		for i := 0; i+1 < len(c.If.Plies); i += 2 {
			if i > 0 {
				s += " "
			}
			s += "if " + c.If.Plies[i] + " then " + c.If.Plies[i+1]
		}
		return s
	case c.New != nil && c.New.Anyone:
		s := "new " + c.New.Game + " with anyone"
		if len(c.New.Options) > 0 {
			s += " " + strings.Join(c.New.Options, " ")
		}
		return s
	case c.New != nil:
		s := "new " + c.New.Game + " with " + strings.Join(c.New.With, " ")
		if len(c.New.Options) > 0 {
			s += " " + strings.Join(c.New.Options, " ")
		}
		return s
	case c.Preview != nil:
		return "preview" + game(c.Preview.Game) + " " + strings.Join(c.Preview.Plies, " ")
	case c.Help != nil:
		return strings.TrimSpace("help " + c.Help.Topic)
	case c.Vacation != nil:
		return strings.TrimSpace("vacation " + c.Vacation.Days)
	case c.Timezone != nil:
		return strings.TrimSpace("timezone " + c.Timezone.Zone)
	case c.Notify != nil:
		return strings.TrimSpace(strings.TrimSpace("notify "+c.Notify.Mode) + " " + c.Notify.Hour)
	case c.Pictures != nil:
		return strings.TrimSpace("pictures " + c.Pictures.Mode)
	case c.Language != nil:
		return strings.TrimSpace("language " + c.Language.Lang)
	case c.Ratings != nil:
		return strings.TrimSpace("ratings " + c.Ratings.Game)
	case c.Block != nil:
		return strings.TrimSpace(c.Block.Verb + " " + c.Block.Target)
	case c.Move != nil:
		s := "move" + game(c.Move.Game) + " " + c.Move.Ply
		if c.Move.Expect != 0 {
			s += " #" + strconv.Itoa(c.Move.Expect)
		}
		return s
	}
	return c.Verb() + game(c.GameNumber())
}
