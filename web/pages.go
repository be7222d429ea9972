package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"pbem/db"
	"pbem/i18n"
	"pbem/play"
	"pbem/render"
	"pbem/rules"
	"pbem/rules/games"
)

// pageSize is how many games or ratings one page lists.
const pageSize = 25

// maxPage bounds the page number a link may ask for: deep pages cost a
// long scan, and nobody pages that far by hand.
const maxPage = 4000

// layout is what every page's frame needs: the reader's language, the
// page's title, the games for the menus and the links to the page in the
// other languages.
type layout struct {
	Lang  i18n.Lang
	Title string
	Games []games.Entry
	Langs []langLink
}

// page is what render writes: a page's data, whose frame says its language.
type page interface{ frame() layout }

func (l layout) frame() layout { return l }

// tr renders message id in the page's language.
func (l layout) tr(id string, args map[string]any) string { return i18n.Tr(l.Lang, id, args) }

// layout is the frame of the page r asks for, in the reader's language,
// titled by message title.
func (s *Server) layout(r *http.Request, title string, args map[string]any) layout {
	l := s.frame(r)
	l.Title = l.tr(title, args)
	return l
}

// frame is the frame of the page r asks for, untitled.
func (s *Server) frame(r *http.Request) layout {
	lang := readerLang(r)
	return layout{Lang: lang, Games: games.All(), Langs: langLinks(r.URL, lang, nil)}
}

// render writes a page in its language, with the headers that say which
// and the cookie that keeps a language ?lang= chose. A template error is
// logged and the page of a failure sent instead.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, data page) {
	lang := data.frame().Lang
	var b bytes.Buffer
	if err := s.pages[lang][name].Execute(&b, data); err != nil {
		s.log.Error("web page failed", slog.String("path", r.URL.Path), slog.Any("err", err))
		s.failed(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	speaksLang(h, lang)
	rememberLang(w, r)
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

type messagePage struct {
	layout
	Message string
}

// saying is a text for a page, put into words in the page's language.
type saying func(i18n.Lang) string

// sayMsg says message id of the catalogs.
func sayMsg(id string, args map[string]any) saying {
	return func(l i18n.Lang) string { return i18n.Tr(l, id, args) }
}

// sayErr says an error of a lookup (games.Lookup) as a sentence.
func sayErr(err error) saying {
	return func(l i18n.Lang) string { return upperFirst(i18n.Error(l, err)) + "." }
}

// notFound is the friendly page of a missing game, player or page.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, say saying) {
	l := s.layout(r, "web.missing.title", nil)
	s.render(w, r, http.StatusNotFound, "notfound", messagePage{l, say(l.Lang)})
}

// failed is the page of a request the archive could not answer.
func (s *Server) failed(w http.ResponseWriter, r *http.Request) {
	l := s.layout(r, "web.failed.title", nil)
	var b bytes.Buffer
	if err := s.pages[l.Lang]["error"].Execute(&b, messagePage{l, ""}); err != nil {
		b.Reset()
		b.WriteString(l.Title + ".\n")
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	speaksLang(h, l.Lang)
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write(b.Bytes())
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return
	}
	s.log.Error("web page failed", slog.String("path", r.URL.Path), slog.Any("err", err))
	s.failed(w, r)
}

// pageNumber reads ?page=N: 1 when absent or not a number.
func pageNumber(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, maxPage)
}

// pager is the newer/older links of a list.
type pager struct {
	Page       int
	Prev, Next string
}

func makePager(r *http.Request, page int, more bool) pager {
	p := pager{Page: page}
	link := func(n int) string {
		q := r.URL.Query()
		if n == 1 {
			q.Del("page")
		} else {
			q.Set("page", strconv.Itoa(n))
		}
		if len(q) == 0 {
			return r.URL.Path
		}
		return r.URL.Path + "?" + q.Encode()
	}
	if page > 1 {
		p.Prev = link(page - 1)
	}
	if more && page < maxPage {
		p.Next = link(page + 1)
	}
	return p
}

// gameRow is a game in a list.
type gameRow struct {
	ID          int64
	Title       string
	Players     []playerLink
	State       db.GameState
	Result      string
	Termination string // in the reader's language
	Plies       int
	Updated     time.Time
}

type playerLink struct {
	Name string
	Seat string // "White", "Weiß", "Seat 3": in the reader's language
}

// rowOf is a game in a list, in lang.
func rowOf(lang i18n.Lang, g db.ArchivedGame) gameRow {
	row := gameRow{ID: g.ID, Title: g.Kind, State: g.State, Result: g.Result, Plies: g.Plies, Updated: g.Updated}
	// Set up, not replayed: enough for the title and the seats' names.
	var game rules.Game
	if rp, err := replay(g, nil, 0); err == nil {
		row.Title, game = rp.entry.Title, rp.game
	}
	if g.Termination != "" {
		row.Termination = endingIn(lang, ending{stored: withoutAddresses(g.Termination), game: game})
	}
	for _, st := range g.Seats {
		row.Players = append(row.Players, playerLink{Name: st.Name})
	}
	return row
}

type indexPage struct {
	layout
	Game, State, Player string
	Rows                []gameRow
	Pager               pager
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p := indexPage{layout: s.layout(r, "web.index.title", nil), Game: q.Get("game"), State: q.Get("state"),
		Player: strings.TrimSpace(q.Get("player"))}
	f := db.ArchiveFilter{Limit: pageSize + 1}
	if p.Game != "" {
		e, err := games.Lookup(p.Game)
		if err != nil {
			s.notFound(w, r, sayErr(err))
			return
		}
		p.Game = e.Name
		f.Kind = e.Kind.Name
		if v, ok := e.Preset["variant"]; ok {
			f.Variant = "variant=" + v
		}
	}
	switch db.GameState(p.State) {
	case "":
	case db.Active, db.Finished:
		f.State = db.GameState(p.State)
	default:
		s.notFound(w, r, sayMsg("web.missing.state", map[string]any{"State": strconv.Quote(p.State)}))
		return
	}
	if p.Player != "" {
		players, err := s.cfg.Archive.PlayersNamed(r.Context(), p.Player)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		f.Players = []int64{}
		for _, pl := range players {
			f.Players = append(f.Players, pl.ID)
		}
	}
	page := pageNumber(r)
	f.Offset = (page - 1) * pageSize
	list, err := s.cfg.Archive.Games(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	more := len(list) > pageSize
	for _, g := range list[:min(len(list), pageSize)] {
		p.Rows = append(p.Rows, rowOf(p.Lang, g))
	}
	p.Pager = makePager(r, page, more)
	s.render(w, r, http.StatusOK, "index", p)
}

// gamePage is /games/N at one ply.
type gamePage struct {
	layout
	ID                  int64
	GameTitle           string
	RulesName           string
	Seats               []playerLink
	State               db.GameState
	Result, Termination string
	Started, Finished   *time.Time
	Clock               string
	Options             []string
	Tags                []tagView
	Ply, Plies          int
	First, Prev         string
	Next, Last          string
	Board               template.HTML
	Text                string
	Moves               []moveView
}

type tagView struct{ Name, Value string }

type moveView struct {
	N       int
	Seat    string
	Token   string
	Href    string
	Current bool
}

// gameFile splits "12", "12.svg", "12.png" and "12.pgn".
// Only the canonical number is taken ("12", not "012" or "+12"), so
// each game has one address.
func gameFile(file string) (id int64, ext string, ok bool) {
	base, ext, dot := strings.Cut(file, ".")
	id, err := strconv.ParseInt(base, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != base || (dot && ext == "") {
		return 0, "", false
	}
	switch ext {
	case "", "svg", "png", "pgn":
		return id, ext, true
	}
	return 0, "", false
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	id, ext, ok := gameFile(r.PathValue("file"))
	if !ok {
		s.notFound(w, r, sayMsg("web.missing.game_address", nil))
		return
	}
	ctx := r.Context()
	g, err := s.cfg.Archive.Game(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		s.notFound(w, r, sayMsg("web.missing.game", map[string]any{"ID": id}))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if ext == "pgn" {
		s.record(w, r, id)
		return
	}
	plies, err := s.cfg.Archive.Plies(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ply := len(plies)
	if v := r.URL.Query().Get("ply"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			ply = max(0, min(n, len(plies)))
		}
	}
	rp, err := replay(g, plies, ply)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	switch ext {
	case "svg":
		pic := pictureOptions(r)
		var b bytes.Buffer
		if err := render.SVG(&b, rp.game, pic); err != nil {
			s.fail(w, r, err)
			return
		}
		nonce := newNonce()
		w.Header().Set("Content-Security-Policy", withStyleNonce(nonce))
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=60")
		speaksLang(w.Header(), pic.Lang)
		_, _ = w.Write([]byte(styleNonce(b.String(), nonce)))
		return
	case "png":
		pic := pictureOptions(r)
		var b bytes.Buffer
		if err := render.PNG(&b, rp.game, pic); err != nil {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "public, max-age=60")
		speaksLang(w.Header(), pic.Lang)
		_, _ = w.Write(b.Bytes())
		return
	}
	p, err := s.gamePage(ctx, s.layout(r, "web.game.title", map[string]any{"ID": g.ID, "Title": rp.entry.Title}), g, plies, ply, rp)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	nonce := newNonce()
	p.Board = template.HTML(inlineSVG(p.Board, nonce))
	w.Header().Set("Content-Security-Policy", withStyleNonce(nonce))
	s.render(w, r, http.StatusOK, "game", p)
}

// pictureOptions draw a board picture alone (SVG, PNG) for r: its words
// follow the reader, as a page's do, but only a page's ?lang= sets the
// cookie.
func pictureOptions(r *http.Request) render.Options { return render.Options{Lang: readerLang(r)} }

// boardIn renders a board with its lines in lang.
func boardIn(lang i18n.Lang, t rules.Text) string {
	return t.Render(func(m rules.Msg) string { return i18n.Render(lang, m) })
}

func (s *Server) gamePage(ctx context.Context, l layout, g db.ArchivedGame, plies []db.ArchivedPly, ply int, rp *replayed) (gamePage, error) {
	p := gamePage{layout: l, ID: g.ID, GameTitle: rp.entry.Title, RulesName: rp.entry.Name,
		State: g.State, Result: g.Result, Started: g.Started, Finished: g.Finished, Ply: ply, Plies: len(plies),
		Text: boardIn(l.Lang, rp.game.Position())}
	seat := func(n int) string { return i18n.Render(l.Lang, rp.game.SeatMsg(rules.Seat(n))) }
	for _, st := range g.Seats {
		p.Seats = append(p.Seats, playerLink{Name: st.Name, Seat: seat(st.Seat)})
	}
	if g.Termination != "" {
		final, err := finalOutcome(g, plies, ply, rp)
		if err != nil {
			return gamePage{}, err
		}
		p.Termination = endingIn(l.Lang, ending{stored: withoutAddresses(g.Termination), game: rp.game, final: final})
	}
	p.Options = shownOptions(rp)
	for name, v := range g.Tags {
		if v == "" || v == "?" || v == "-" {
			continue
		}
		p.Tags = append(p.Tags, tagView{name, withoutAddresses(v)})
	}
	slices.SortFunc(p.Tags, func(a, b tagView) int { return strings.Compare(a.Name, b.Name) })
	if g.State == db.Active {
		c, ok, err := s.cfg.Archive.Clock(ctx, g.ID)
		if err != nil {
			return gamePage{}, err
		}
		if ok {
			p.Clock = clockText(l.Lang, g, c, seat(c.Seat))
		}
	}
	href := func(n int) string { return fmt.Sprintf("/games/%d?ply=%d", g.ID, n) }
	if ply > 0 {
		p.First, p.Prev = href(0), href(ply-1)
	}
	if ply < len(plies) {
		p.Next, p.Last = href(ply+1), href(len(plies))
	}
	for _, pl := range plies {
		p.Moves = append(p.Moves, moveView{N: pl.N, Seat: seat(pl.Seat), Token: pl.Token, Href: href(pl.N), Current: pl.N == ply})
	}
	var b bytes.Buffer
	if err := render.SVG(&b, rp.game, render.Options{Lang: l.Lang}); err != nil {
		return gamePage{}, fmt.Errorf("board of game %d: %w", g.ID, err)
	}
	p.Board = template.HTML(b.String())
	return p, nil
}

// shownOptions are the options of a game worth reading: the rules' own
// that differ from the defaults (not the ones the game's name implies),
// then the service's.
func shownOptions(rp *replayed) []string {
	var out []string
	for name, v := range rp.entry.Kind.NonDefault(rp.game.Options()) {
		if _, preset := rp.entry.Preset[name]; !preset {
			out = append(out, name+"="+v)
		}
	}
	for name, v := range rp.service {
		if name != "first" {
			out = append(out, name+"="+v)
		}
	}
	slices.Sort(out)
	return out
}

// finalOutcome is the rules' outcome at the end of a game, which a page at
// an earlier ply replays the rest of the game for; its particulars say
// how the game ended in the reader's language.
func finalOutcome(g db.ArchivedGame, plies []db.ArchivedPly, ply int, rp *replayed) (*rules.Outcome, error) {
	if ply < len(plies) {
		var err error
		if rp, err = replay(g, plies, len(plies)); err != nil {
			return nil, err
		}
	}
	o := rp.game.Outcome()
	return &o, nil
}

// clockText says whose move it is and until when, in lang; mover is the
// seat's name.
func clockText(lang i18n.Lang, g db.ArchivedGame, c db.ArchivedClock, mover string) string {
	for _, st := range g.Seats {
		if st.Seat == c.Seat {
			mover = st.Name + " (" + mover + ")"
		}
	}
	args := map[string]any{"Mover": mover}
	if !c.Paused {
		args["When"] = whenIn(lang, c.Deadline)
		return i18n.Tr(lang, "web.game.to_move", args)
	}
	switch c.Reason {
	case db.PauseVacation:
		return i18n.Tr(lang, "web.game.paused_vacation", args)
	case db.PauseBounce:
		return i18n.Tr(lang, "web.game.paused_bounce", args)
	case db.PauseAdjourned:
		return i18n.Tr(lang, "web.game.paused_adjourned", args)
	}
	return i18n.Tr(lang, "web.game.paused", args)
}

// inlineSVG makes an SVG document fit inside a page: no XML declaration
// or doctype, and each <style> element given the page's nonce, as the
// CSP allows no inline style without it.
func inlineSVG(svg template.HTML, nonce string) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return styleNonce(s, nonce)
}

// styleNonce gives each <style> element of an SVG document the nonce
// the page's CSP lets apply.
func styleNonce(svg, nonce string) string {
	return strings.ReplaceAll(svg, "<style", `<style nonce="`+nonce+`"`)
}

// withStyleNonce is the policy that also lets the <style> elements
// carrying nonce apply: the board's drawing may style itself so.
func withStyleNonce(nonce string) string {
	return strings.Replace(contentSecurityPolicy, "style-src 'self'", "style-src 'self' 'nonce-"+nonce+"'", 1)
}

func newNonce() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return base64.RawStdEncoding.EncodeToString(b[:])
}

// record serves a game's record as a PGN file, written as `pbem export`
// writes it, with any address in it cut to its local part. A record is
// the same in every language.
func (s *Server) record(w http.ResponseWriter, r *http.Request, id int64) {
	var b bytes.Buffer
	err := s.cfg.Archive.View(r.Context(), func(tx *db.Tx) error {
		return play.Export(tx, id, s.cfg.Site, func(rec []byte) error {
			_, err := b.Write(rec)
			return err
		})
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="pbem-%d.pgn"`, id))
	_, _ = w.Write([]byte(withoutAddresses(b.String())))
}

type playerPage struct {
	layout
	Name    string
	Players []playerView
	Pager   pager
}

type playerView struct {
	Ratings []db.ArchivedRating
	Rows    []gameRow
}

func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	ctx := r.Context()
	players, err := s.cfg.Archive.PlayersNamed(ctx, name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := pageNumber(r)
	p := playerPage{layout: s.frame(r), Name: name}
	p.Title = name // a name is the same in every language
	more := false
	for _, pl := range players {
		var v playerView
		if v.Ratings, err = s.cfg.Archive.RatingsOf(ctx, pl.ID); err != nil {
			s.fail(w, r, err)
			return
		}
		list, err := s.cfg.Archive.PlayerGames(ctx, pl.ID, (page-1)*pageSize, pageSize+1)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		more = more || len(list) > pageSize
		for _, g := range list[:min(len(list), pageSize)] {
			v.Rows = append(v.Rows, rowOf(p.Lang, g))
		}
		if len(v.Rows) > 0 || len(v.Ratings) > 0 || page > 1 {
			p.Players = append(p.Players, v)
		}
	}
	if len(p.Players) == 0 {
		s.notFound(w, r, sayMsg("web.missing.player", map[string]any{"Name": strconv.Quote(name)}))
		return
	}
	p.Pager = makePager(r, page, more)
	s.render(w, r, http.StatusOK, "player", p)
}

type ratingsPage struct {
	layout
	Entry   games.Entry
	Ratings []rankedRating
	Pager   pager
}

type rankedRating struct {
	Rank int
	db.ArchivedRating
}

func (s *Server) ratingsIndex(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "ratings", ratingsPage{layout: s.layout(r, "web.ratings.title", nil)})
}

func (s *Server) ratings(w http.ResponseWriter, r *http.Request) {
	e, err := games.Lookup(r.PathValue("kind"))
	if err != nil {
		s.notFound(w, r, sayErr(err))
		return
	}
	page := pageNumber(r)
	list, err := s.cfg.Archive.Ladder(r.Context(), e.Name, (page-1)*pageSize, pageSize+1)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := ratingsPage{layout: s.layout(r, "web.ratings.in", map[string]any{"Title": e.Title}), Entry: e}
	for i, rt := range list[:min(len(list), pageSize)] {
		p.Ratings = append(p.Ratings, rankedRating{Rank: (page-1)*pageSize + i + 1, ArchivedRating: rt})
	}
	p.Pager = makePager(r, page, len(list) > pageSize)
	s.render(w, r, http.StatusOK, "ratings", p)
}

// upperFirst capitalises the first letter of s, as a sentence or a name
// in a list begins.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
