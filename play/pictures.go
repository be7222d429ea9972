package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/render"
	"pbem/rules"
	"pbem/rules/games"
)

// The pictures setting: whether a player's game mails carry the board as a
// picture in an HTML part beside the text, which stays as it is. On by
// default; "pictures off" is stored, "pictures on" removes the setting.
const (
	picturesOn  = "on"
	picturesOff = "off"
)

// maxPictures bounds the pictures of one mail: a reply about many games
// shows the first two games' boards. A board is 15 to 25 KB, a third more
// in base64, so that the mail, text and HTML included, stays under
// 100 KB. The pictures are drawn when the mail is sent, so their sizes
// are not known when it is queued.
const maxPictures = 2

func picturesWanted(p db.Player) bool { return p.Settings["pictures"] != picturesOff }

// picturesCmd handles "pictures [on | off]".
func (h *handling) picturesCmd(c *grammar.Command, _ *table) error {
	mode := c.Pictures.Mode
	if mode == "" {
		h.say(c.String(), "%s", h.tr("frame.pictures_show", map[string]any{"State": picturesWords(h.lang, h.sender)}))
		return nil
	}
	value := ""
	if mode == picturesOff {
		value = picturesOff
	}
	if err := h.tx.SetSetting(h.sender.ID, "pictures", value); err != nil {
		return err
	}
	if err := h.refreshSender(); err != nil {
		return err
	}
	h.say(c.String(), "%s", picturesWords(h.lang, h.sender))
	return nil
}

// picturesWords says in lang what a player's game mails look like.
func picturesWords(lang i18n.Lang, p db.Player) string {
	if picturesWanted(p) {
		return i18n.Tr(lang, "frame.pictures_on", nil)
	}
	return i18n.Tr(lang, "frame.pictures_off", nil)
}

// pictures are the board pictures of a mail to p showing these games: none
// when p turned them off. Each is described, not drawn: the outbox sender
// draws it (DrawPicture) when it sends the mail, outside the transaction
// that queues it.
func (h *handling) pictures(p db.Player, games ...*table) ([]db.Attachment, error) {
	if !picturesWanted(p) {
		return nil, nil
	}
	lang := h.langOfPlayer(p)
	var out []db.Attachment
	for _, t := range games[:min(len(games), maxPictures)] {
		a, err := h.picture(t, lang)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// picture describes a game's board as it stands, its words in lang. The
// description holds the plies themselves, not a reference to the game, so
// that a takeback after the mail was queued does not change what it shows.
func (h *handling) picture(t *table, lang i18n.Lang) (db.Attachment, error) {
	d := boardPicture{Kind: t.row.Kind, Options: t.row.Options, Plies: make([]string, len(t.plies)), Lang: string(lang)}
	for i, p := range t.plies {
		d.Plies[i] = p.Token
	}
	if r, ok := t.game.(rules.Roller); ok {
		d.Roll, _ = r.Roll()
	}
	desc, err := json.Marshal(d)
	if err != nil {
		return db.Attachment{}, fmt.Errorf("describe the board of game %d: %w", t.row.ID, err)
	}
	id := strconv.FormatInt(t.row.ID, 10)
	return db.Attachment{
		Name:      "game-" + id + ".png",
		Type:      "image/png",
		ContentID: "board" + id + "." + strconv.Itoa(t.game.Plies()) + "@" + h.s.domain,
		Draw:      string(desc),
		Alt:       i18n.Tr(lang, "picture.alt", map[string]any{"Game": t.row.ID}),
	}, nil
}

// boardPicture is what a board picture shows, as stored with a mail
// (db.Attachment.Draw): the game's kind and options, its plies as stored,
// the dice rolled for the turn to come, which the game's seed gave (the
// seed itself stays in the game's row), and the language of its words
// (none in mails queued before pictures had one: English).
type boardPicture struct {
	Kind    string   `json:"kind"`
	Options string   `json:"options,omitempty"`
	Plies   []string `json:"plies,omitempty"`
	Roll    []int    `json:"roll,omitempty"`
	Lang    string   `json:"lang,omitempty"`
}

// DrawPicture draws the board a mail's picture describes, as a PNG: the
// outbox sender calls it when it sends the mail. The same description
// always gives the same picture.
func DrawPicture(desc string) ([]byte, error) {
	var d boardPicture
	if err := json.Unmarshal([]byte(desc), &d); err != nil {
		return nil, fmt.Errorf("read the picture's description: %w", err)
	}
	var k *rules.Kind
	for _, e := range games.All() {
		if e.Kind.Name == d.Kind {
			k = e.Kind
		}
	}
	if k == nil {
		return nil, fmt.Errorf("draw a board of unknown kind %q", d.Kind)
	}
	opts, _, err := splitOptions(k, d.Options)
	if err != nil {
		return nil, fmt.Errorf("draw a board of %s: options: %w", d.Kind, err)
	}
	g, err := k.NewGame(opts)
	if err != nil {
		return nil, fmt.Errorf("draw a board of %s: %w", d.Kind, err)
	}
	for i, tok := range d.Plies {
		if err := rules.PlayToken(g, tok); err != nil {
			return nil, fmt.Errorf("draw a board of %s: ply %d: %w", d.Kind, i+1, err)
		}
	}
	if r, ok := g.(rules.Roller); ok && d.Roll != nil {
		if err := r.SetRoll(d.Roll); err != nil {
			return nil, fmt.Errorf("draw a board of %s: roll %v: %w", d.Kind, d.Roll, err)
		}
	}
	var b bytes.Buffer
	lang, _ := i18n.Parse(d.Lang)
	if err := render.PNG(&b, g, render.Options{Lang: lang}); err != nil {
		return nil, fmt.Errorf("draw a board of %s: %w", d.Kind, err)
	}
	return b.Bytes(), nil
}

// webLine is the line of a game's section that links its page in the web
// archive, when the service knows its public address, in lang.
func (h *handling) webLine(lang i18n.Lang, t *table) string {
	if h.s.publicURL == "" {
		return ""
	}
	return i18n.Tr(lang, "frame.web", map[string]any{"URL": h.s.publicURL, "Game": t.row.ID})
}
