// Package web is the read-only HTTP archive of games: server-rendered
// pages of the games, players, rating ladders, rules and open challenges,
// boards as SVG and PNG, and records as PGN. It reads the store through a
// db.Archive (a read-only pool) and never writes; private games and
// challenges and never-started games are not in it, and no address or
// reply key is ever shown.
package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"pbem/db"
	"pbem/i18n"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Config is what the archive serves from.
type Config struct {
	// Archive is the store, opened read-only.
	Archive *db.Archive
	// Site is the service's address, for the Site tag of records.
	Site string
	// Log receives one line per failed request; slog.Default() when nil.
	Log *slog.Logger
	// Now is the clock for "due in" texts; time.Now when nil.
	Now func() time.Time
}

// Server is the archive's HTTP handler.
type Server struct {
	cfg Config
	log *slog.Logger
	// pages are the templates of each page in each language.
	pages map[i18n.Lang]map[string]*template.Template
	rules map[string]rulesDoc
	mux   *http.ServeMux
}

// New builds the archive's handler.
func New(cfg Config) (*Server, error) {
	if cfg.Archive == nil {
		return nil, errors.New("web: no archive")
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	pages, err := loadPages()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Log, pages: pages}
	rules, err := loadRules()
	if err != nil {
		return nil, err
	}
	s.rules = rules
	static, _ := fs.Sub(staticFS, "static")
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /games/{file}", s.game)
	mux.HandleFunc("GET /players/{name}", s.player)
	mux.HandleFunc("GET /ratings/{$}", s.ratingsIndex)
	mux.HandleFunc("GET /ratings/{kind}", s.ratings)
	mux.HandleFunc("GET /challenges", s.challenges)
	mux.HandleFunc("GET /rules/{$}", s.rulesIndex)
	mux.HandleFunc("GET /rules/{kind}", s.rulesPage)
	mux.HandleFunc("GET /rules/{kind}/{lang}", s.rulesPage)
	mux.Handle("GET /static/", http.StripPrefix("/static/", cacheFor(http.FileServerFS(static), time.Hour)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.notFound(w, r, sayMsg("web.missing.page", nil))
	})
	s.mux = mux
	return s, nil
}

// pageNames are the pages of the archive, each a template of its own
// beside layout.html.
var pageNames = []string{"index", "game", "player", "ratings", "rules", "challenges", "notfound", "error"}

// loadPages parses every page once for each language: the functions that
// put a page's texts into words are bound to the language (pageFuncs).
func loadPages() (map[i18n.Lang]map[string]*template.Template, error) {
	out := map[i18n.Lang]map[string]*template.Template{}
	for _, lang := range i18n.All {
		out[lang] = map[string]*template.Template{}
		for _, name := range pageNames {
			t, err := template.New("layout.html").Funcs(pageFuncs(lang)).ParseFS(templateFS, "templates/layout.html", "templates/"+name+".html")
			if err != nil {
				return nil, fmt.Errorf("web: template %s: %w", name, err)
			}
			out[lang][name] = t
		}
	}
	return out, nil
}

// ServeHTTP serves a request with the security headers every response
// carries.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("web page failed", slog.String("path", r.URL.Path), slog.Any("panic", p))
			s.failed(w, r)
		}
	}()
	s.mux.ServeHTTP(w, r)
}

// contentSecurityPolicy allows the archive's own stylesheet, script and
// images and nothing inline, so nothing a player wrote could ever run.
const contentSecurityPolicy = "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func cacheFor(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", fmt.Sprintf("public, max-age=%d", int(d.Seconds())))
		h.ServeHTTP(w, r)
	})
}

// Serve serves h on addr until ctx ends, then shuts down within a few
// seconds. ready, when not nil, gets the address listened on.
func Serve(ctx context.Context, addr string, h http.Handler, log *slog.Logger, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web archive: listen on %s: %w (choose another with --http or PBEM_HTTP, or --http off)", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	if ready != nil {
		ready(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("web archive: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("web archive: shutdown: %w", err)
	}
	<-done
	return nil
}
