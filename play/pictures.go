package play

import (
	"bytes"
	"fmt"
	"strconv"

	"pbem/db"
	"pbem/grammar"
	"pbem/render"
)

// The pictures setting: whether a player's game mails carry the board as a
// picture in an HTML part beside the text, which stays as it is. On by
// default; "pictures off" is stored, "pictures on" removes the setting.
const (
	picturesOn  = "on"
	picturesOff = "off"
)

// pictureBudget bounds the pictures of one mail, in bytes: a reply about
// many games shows the first games' boards that fit (a board is 15 to
// 25 KB, a third more in base64), so that the mail, text and HTML
// included, stays under 100 KB. The first board always goes.
const pictureBudget = 48 << 10

func picturesWanted(p db.Player) bool { return p.Settings["pictures"] != picturesOff }

// picturesCmd handles "pictures [on | off]".
func (h *handling) picturesCmd(c *grammar.Command, _ *table) error {
	mode := c.Pictures.Mode
	if mode == "" {
		h.say(c.String(), "%s Change it with \"pictures on\" or \"pictures off\".", picturesWords(h.sender))
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
	h.say(c.String(), "%s", picturesWords(h.sender))
	return nil
}

// picturesWords says what a player's game mails look like.
func picturesWords(p db.Player) string {
	if picturesWanted(p) {
		return "Your game mails show the board as a picture too, for mail programs that show HTML; the text is the same either way."
	}
	return "Your game mails are plain text only, without a picture of the board."
}

// pictures are the board pictures of a mail to p showing these games: none
// when p turned them off.
func (h *handling) pictures(p db.Player, games ...*table) ([]db.Attachment, error) {
	if !picturesWanted(p) {
		return nil, nil
	}
	var out []db.Attachment
	size := 0
	for _, t := range games {
		a, err := h.picture(t)
		if err != nil {
			return nil, err
		}
		if size += len(a.Data); len(out) > 0 && size > pictureBudget {
			break
		}
		out = append(out, a)
	}
	return out, nil
}

// picture draws a game's board as it stands, once per position and mail
// handled: the notices of a ply share it.
func (h *handling) picture(t *table) (db.Attachment, error) {
	plies := strconv.Itoa(t.game.Plies())
	cid := "board" + strconv.FormatInt(t.row.ID, 10) + "." + plies + "@" + h.s.domain
	if data, ok := h.drawn[cid]; ok {
		return boardAttachment(t, cid, data), nil
	}
	var b bytes.Buffer
	if err := render.PNG(&b, t.game, render.Options{}); err != nil {
		return db.Attachment{}, fmt.Errorf("draw game %d: %w", t.row.ID, err)
	}
	if h.drawn == nil {
		h.drawn = map[string][]byte{}
	}
	h.drawn[cid] = b.Bytes()
	return boardAttachment(t, cid, b.Bytes()), nil
}

func boardAttachment(t *table, cid string, data []byte) db.Attachment {
	return db.Attachment{Name: "game-" + strconv.FormatInt(t.row.ID, 10) + ".png", Type: "image/png", Data: data, ContentID: cid}
}

// webLine is the line of a game's section that links its page in the web
// archive, when the service knows its public address.
func (h *handling) webLine(t *table) string {
	if h.s.publicURL == "" {
		return ""
	}
	return fmt.Sprintf("On the web: %s/games/%d", h.s.publicURL, t.row.ID)
}
