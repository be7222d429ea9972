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
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

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

var funcs = template.FuncMap{
	"date": func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format("2006-01-02")
	},
	"when":       func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
	"rating":     func(f float64) string { return strconv.FormatFloat(f, 'f', 0, 64) },
	"pathEscape": url.PathEscape,
	"add":        func(a, b int) int { return a + b },
}

// layout is what every page's frame needs.
type layout struct {
	Title string
	Games []games.Entry
}

func (s *Server) layout(title string) layout { return layout{Title: title, Games: games.All()} }

// render writes a page; a template error is logged, and the page ends
// where it broke (the status is already sent).
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var b bytes.Buffer
	if err := s.pages[name].Execute(&b, data); err != nil {
		s.log.Error("web page failed", slog.String("path", r.URL.Path), slog.Any("err", err))
		s.failed(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

type messagePage struct {
	layout
	Message string
}

// notFound is the friendly page of a missing game, player or page.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, msg string) {
	s.render(w, r, http.StatusNotFound, "notfound", messagePage{s.layout("Not found"), msg})
}

// failed is the page of a request the archive could not answer.
func (s *Server) failed(w http.ResponseWriter, _ *http.Request) {
	var b bytes.Buffer
	if err := s.pages["error"].Execute(&b, messagePage{s.layout("Something went wrong"), ""}); err != nil {
		b.Reset()
		b.WriteString("Something went wrong.\n")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
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
	Termination string
	Plies       int
	Updated     time.Time
}

type playerLink struct {
	Name string
	Seat string // "White", "Black", "Seat 3"
}

func rowOf(g db.ArchivedGame) gameRow {
	e := entryOf(g.Kind, g.Options)
	title := e.Title
	if title == "" {
		title = g.Kind
	}
	row := gameRow{ID: g.ID, Title: title, State: g.State, Result: g.Result, Termination: g.Termination,
		Plies: g.Plies, Updated: g.Updated}
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
	p := indexPage{layout: s.layout("Games"), Game: q.Get("game"), State: q.Get("state"),
		Player: strings.TrimSpace(q.Get("player"))}
	f := db.ArchiveFilter{Limit: pageSize + 1}
	if p.Game != "" {
		e, err := games.Lookup(p.Game)
		if err != nil {
			s.notFound(w, r, upperFirst(i18n.Error(i18n.English, err))+".")
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
		s.notFound(w, r, fmt.Sprintf("There is no state %q: the archive has active and finished games.", p.State))
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
		p.Rows = append(p.Rows, rowOf(g))
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
		s.notFound(w, r, "There is no page at this address: games are at /games/N.")
		return
	}
	ctx := r.Context()
	g, err := s.cfg.Archive.Game(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		s.notFound(w, r, fmt.Sprintf("There is no game %d in the archive. Games in play are listed on the first page; private games are not shown.", id))
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
		var b bytes.Buffer
		if err := render.SVG(&b, rp.game, render.Options{}); err != nil {
			s.fail(w, r, err)
			return
		}
		nonce := newNonce()
		w.Header().Set("Content-Security-Policy", withStyleNonce(nonce))
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=60")
		_, _ = w.Write([]byte(strings.ReplaceAll(b.String(), "<style", `<style nonce="`+nonce+`"`)))
		return
	case "png":
		var b bytes.Buffer
		if err := render.PNG(&b, rp.game, render.Options{}); err != nil {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "public, max-age=60")
		_, _ = w.Write(b.Bytes())
		return
	}
	p, err := s.gamePage(ctx, g, plies, ply, rp)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	nonce := newNonce()
	p.Board = template.HTML(inlineSVG(p.Board, nonce))
	w.Header().Set("Content-Security-Policy", withStyleNonce(nonce))
	s.render(w, r, http.StatusOK, "game", p)
}

// englishBoard renders a board in English, the language of the pages.
func englishBoard(t rules.Text) string {
	return t.Render(func(m rules.Msg) string { return i18n.Render(i18n.English, m) })
}

func (s *Server) gamePage(ctx context.Context, g db.ArchivedGame, plies []db.ArchivedPly, ply int, rp *replayed) (gamePage, error) {
	title := fmt.Sprintf("Game %d: %s", g.ID, rp.entry.Title)
	p := gamePage{layout: s.layout(title), ID: g.ID, GameTitle: rp.entry.Title, RulesName: rp.entry.Name,
		State: g.State, Result: g.Result, Termination: withoutAddresses(g.Termination),
		Started: g.Started, Finished: g.Finished, Ply: ply, Plies: len(plies), Text: englishBoard(rp.game.Position())}
	for _, st := range g.Seats {
		p.Seats = append(p.Seats, playerLink{Name: st.Name, Seat: rp.game.SeatName(rules.Seat(st.Seat))})
	}
	// The options worth reading: the rules' own that differ from the
	// defaults (not the ones the game's name implies), then the service's.
	for name, v := range rp.entry.Kind.NonDefault(rp.game.Options()) {
		if _, preset := rp.entry.Preset[name]; !preset {
			p.Options = append(p.Options, name+"="+v)
		}
	}
	for name, v := range rp.service {
		if name != "first" {
			p.Options = append(p.Options, name+"="+v)
		}
	}
	slices.Sort(p.Options)
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
			mover := rp.game.SeatName(rules.Seat(c.Seat))
			for _, st := range g.Seats {
				if st.Seat == c.Seat {
					mover = st.Name + " (" + mover + ")"
				}
			}
			if c.Paused {
				p.Clock = fmt.Sprintf("%s to move; the clock is paused (%s).", mover, c.Reason)
			} else {
				p.Clock = fmt.Sprintf("%s to move, by %s.", mover, c.Deadline.UTC().Format("2006-01-02 15:04 UTC"))
			}
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
		p.Moves = append(p.Moves, moveView{N: pl.N, Seat: rp.game.SeatName(rules.Seat(pl.Seat)),
			Token: pl.Token, Href: href(pl.N), Current: pl.N == ply})
	}
	var b bytes.Buffer
	if err := render.SVG(&b, rp.game, render.Options{}); err != nil {
		return gamePage{}, fmt.Errorf("board of game %d: %w", g.ID, err)
	}
	p.Board = template.HTML(b.String())
	return p, nil
}

// inlineSVG makes an SVG document fit inside a page: no XML declaration
// or doctype, and each <style> element given the page's nonce, as the
// CSP allows no inline style without it.
func inlineSVG(svg template.HTML, nonce string) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return strings.ReplaceAll(s, "<style", `<style nonce="`+nonce+`"`)
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
// writes it, with any address in it cut to its local part.
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
	p := playerPage{layout: s.layout(name), Name: name}
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
			v.Rows = append(v.Rows, rowOf(g))
		}
		if len(v.Rows) > 0 || len(v.Ratings) > 0 || page > 1 {
			p.Players = append(p.Players, v)
		}
	}
	if len(p.Players) == 0 {
		s.notFound(w, r, fmt.Sprintf("There is no player %q in the archive.", name))
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
	s.render(w, r, http.StatusOK, "ratings", ratingsPage{layout: s.layout("Ratings")})
}

func (s *Server) ratings(w http.ResponseWriter, r *http.Request) {
	e, err := games.Lookup(r.PathValue("kind"))
	if err != nil {
		s.notFound(w, r, upperFirst(i18n.Error(i18n.English, err))+".")
		return
	}
	page := pageNumber(r)
	list, err := s.cfg.Archive.Ladder(r.Context(), e.Name, (page-1)*pageSize, pageSize+1)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := ratingsPage{layout: s.layout("Ratings in " + e.Title), Entry: e}
	for i, rt := range list[:min(len(list), pageSize)] {
		p.Ratings = append(p.Ratings, rankedRating{Rank: (page-1)*pageSize + i + 1, ArchivedRating: rt})
	}
	p.Pager = makePager(r, page, len(list) > pageSize)
	s.render(w, r, http.StatusOK, "ratings", p)
}

type rulesView struct {
	layout
	Entry  games.Entry
	Doc    rulesPage
	Others []rulesLangLink // the same rules in the other languages
	Index  []rulesIndexRow
}

// rulesIndexRow is a game on the rules index, with the languages its
// rules are translated into.
type rulesIndexRow struct {
	Entry  games.Entry
	Others []rulesLangLink
}

func (s *Server) rulesIndex(w http.ResponseWriter, r *http.Request) {
	v := rulesView{layout: s.layout("Rules")}
	for _, e := range v.Games {
		v.Index = append(v.Index, rulesIndexRow{Entry: e, Others: s.rules[rulesFile(e)].otherLangs(e, i18n.English)})
	}
	s.render(w, r, http.StatusOK, "rules", v)
}

// rulesPage shows a game's rules: /rules/KIND in English, /rules/KIND/de
// (or /rules/KIND?lang=de) in German. A language may be named by its code
// or its name ("deutsch"); the links use codes.
func (s *Server) rulesPage(w http.ResponseWriter, r *http.Request) {
	e, err := games.Lookup(r.PathValue("kind"))
	if err != nil {
		s.notFound(w, r, upperFirst(i18n.Error(i18n.English, err))+".")
		return
	}
	doc := s.rules[rulesFile(e)]
	lang := i18n.English
	asked := r.PathValue("lang")
	if asked == "" {
		asked = r.URL.Query().Get("lang")
	}
	if asked != "" {
		l, ok := i18n.Parse(asked)
		if _, written := doc.pages[l]; !ok || !written {
			var names []string
			for _, l := range doc.langs {
				names = append(names, upperFirst(l.Name()))
			}
			s.notFound(w, r, fmt.Sprintf("The rules of %s are not written in %q; they are in %s.", e.Title, asked, strings.Join(names, ", ")))
			return
		}
		lang = l
	}
	page := doc.pages[lang]
	s.render(w, r, http.StatusOK, "rules", rulesView{layout: s.layout(page.Title), Entry: e, Doc: page, Others: doc.otherLangs(e, lang)})
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
