package play

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"strconv"
	"strings"
)

// The reply-token scheme of service.md. A token binds an address to a game:
// "42-k3j5h2g8d9s0a1b2" is game 42 and the first 80 bits of
// HMAC-SHA256(secret, address NUL game), in lower-case base32. The service
// puts it in the Reply-To address of every game mail (pbem+TOKEN@domain)
// and in the mail's Message-ID, which clients echo in In-Reply-To and
// References. A command about a game is accepted only with a token for the
// sender and that game (or an aligned DKIM signature, when trusted). Mail
// about no game carries the token of game 0, the account key: it proves the
// address, for settings, and names no game.

// tokenKey is the name of the HMAC secret in the store.
const tokenKey = "reply-token"

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// tokens makes and checks reply tokens under one secret.
type tokens struct {
	secret []byte
}

func (k tokens) mac(address string, game int64) string {
	h := hmac.New(sha256.New, k.secret)
	h.Write([]byte(strings.ToLower(address)))
	h.Write([]byte{0})
	h.Write([]byte(strconv.FormatInt(game, 10)))
	return strings.ToLower(b32.EncodeToString(h.Sum(nil)[:10]))
}

// token is the token of address for game.
func (k tokens) token(address string, game int64) string {
	return strconv.FormatInt(game, 10) + "-" + k.mac(address, game)
}

// check returns the game a token is for, if it is valid for address. Game
// 0 is the account key: it proves the address and names no game.
func (k tokens) check(tok, address string) (int64, bool) {
	num, mac, ok := strings.Cut(strings.ToLower(tok), "-")
	if !ok {
		return 0, false
	}
	game, err := strconv.ParseInt(num, 10, 64)
	if err != nil || game < 0 {
		return 0, false
	}
	return game, hmac.Equal([]byte(mac), []byte(k.mac(address, game)))
}

// thread is what a mail's addressing and threading say about the game it
// is about and about its sender.
type thread struct {
	// game is the game the thread names (by key or subject), 0 for none.
	game int64
	// verified is true when a key valid for the sender was found; keyGame
	// is the game it is for, 0 for the account key.
	verified bool
	keyGame  int64
	// forged is true when a key was found that is not valid for the sender.
	forged bool
	// answered is what the Message-ID the mail answers says of the game
	// mail it was: its game and how many plies had been played.
	answered answeredMail
}

// answeredMail is the game and the ply count a game mail of the service
// was written at, as its Message-ID carries them; known is false for a
// mail without the mark (about no game, from before the mark existed, or
// not the service's).
type answeredMail struct {
	game  int64
	plies int
	known bool
}

// plyMark is the part of a game mail's Message-ID after the token that
// says how many plies had been played when it was written:
// "pbem.TOKEN.p12.RANDOM@domain". The random part is hex, so it never
// starts with "p", and older Message-IDs without the mark still read.
func plyMark(plies int) string {
	return "p" + strconv.Itoa(plies) + "."
}

// readAnswered reads the game and ply count of a Message-ID of the
// service's: "pbem.42-mac.p12.random@domain".
func readAnswered(id string) answeredMail {
	rest, ok := strings.CutPrefix(strings.ToLower(id), "pbem.")
	if !ok {
		return answeredMail{}
	}
	tok, rest, _ := strings.Cut(rest, ".")
	num, _, _ := strings.Cut(tok, "-")
	game, err := strconv.ParseInt(num, 10, 64)
	if err != nil || game <= 0 {
		return answeredMail{}
	}
	mark, _, ok := strings.Cut(rest, ".")
	digits, isMark := strings.CutPrefix(mark, "p")
	if !ok || !isMark {
		return answeredMail{}
	}
	plies, err := strconv.Atoi(digits)
	if err != nil || plies < 0 {
		return answeredMail{}
	}
	return answeredMail{game: game, plies: plies, known: true}
}

// readThread looks for tokens in the recipient addresses (local+TOKEN@...)
// and in the message ids the mail answers (pbem.TOKEN.[pN.]RANDOM@...), then
// for a "[pbem N]" tag in the subject. A game's key wins over the account
// key. The mail answered is the one In-Reply-To names, else the last of
// References.
func (k tokens) readThread(m Message, local string) thread {
	th := k.readKeys(m, local)
	parent := m.InReplyTo
	if parent == "" && len(m.References) > 0 {
		parent = m.References[len(m.References)-1]
	}
	th.answered = readAnswered(parent)
	return th
}

// readKeys is readThread's reading of the keys and the subject's tag.
func (k tokens) readKeys(m Message, local string) thread {
	var candidates []string
	for _, to := range m.To {
		l, _, _ := strings.Cut(strings.ToLower(to), "@")
		if tok, ok := strings.CutPrefix(l, strings.ToLower(local)+"+"); ok {
			candidates = append(candidates, tok)
		}
	}
	for _, id := range append([]string{m.InReplyTo}, m.References...) {
		if rest, ok := strings.CutPrefix(strings.ToLower(id), "pbem."); ok {
			if tok, _, ok := strings.Cut(rest, "."); ok {
				candidates = append(candidates, tok)
			}
		}
	}
	var th thread
	for _, tok := range candidates {
		game, ok := k.check(tok, m.From)
		switch {
		case ok && game != 0:
			return thread{game: game, verified: true, keyGame: game}
		case ok:
			th.verified = true
		case game != 0:
			th.forged = true
			if th.game == 0 {
				th.game = game
			}
		}
	}
	if th.game == 0 {
		th.game = subjectGame(m.Subject)
	}
	return th
}

// subjectGame reads the game number of a "[pbem 42]" tag.
func subjectGame(subject string) int64 {
	s := strings.ToLower(subject)
	i := strings.Index(s, "[pbem ")
	if i < 0 {
		return 0
	}
	rest := s[i+len("[pbem "):]
	j := strings.IndexByte(rest, ']')
	if j < 0 {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(rest[:j]), 10, 64)
	if err != nil {
		return 0
	}
	return n
}
