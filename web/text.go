package web

import (
	"fmt"
	"html/template"
	"net/url"
	"strconv"
	"strings"
	"time"

	"pbem/i18n"
)

// pageFuncs are the template functions of the pages in lang. Every text a
// page shows is a message of the catalogs (area web, or another area's
// where the mails say the same thing), put into words here:
//
//	{{tr "web.game.at" "Ply" .Ply "Plies" .Plies}}
//
// names the message and its arguments in pairs; the argument Count
// chooses the plural form. trHTML is tr for a message some of whose
// arguments are markup (code or link): the message's own text is escaped,
// those arguments are not.
func pageFuncs(lang i18n.Lang) template.FuncMap {
	return template.FuncMap{
		"tr": func(id string, pairs ...any) (string, error) {
			args, err := argPairs(pairs)
			return i18n.Tr(lang, id, args), err
		},
		"trHTML": func(id string, pairs ...any) (template.HTML, error) {
			args, err := argPairs(pairs)
			return trHTML(lang, id, args), err
		},
		"code": func(s string) template.HTML {
			return template.HTML("<code>" + template.HTMLEscapeString(s) + "</code>")
		},
		"link": func(href, text string) template.HTML {
			return template.HTML(`<a href="` + template.HTMLEscapeString(href) + `">` + template.HTMLEscapeString(text) + "</a>")
		},
		"date": func(t *time.Time) string {
			if t == nil {
				return ""
			}
			return dateIn(lang, *t)
		},
		"when":       func(t time.Time) string { return whenIn(lang, t) },
		"rating":     func(f float64) string { return strconv.FormatFloat(f, 'f', 0, 64) },
		"pathEscape": url.PathEscape,
		"add":        func(a, b int) int { return a + b },
	}
}

// argPairs reads a message's arguments as a template names them: name,
// value, name, value ...
func argPairs(pairs []any) (map[string]any, error) {
	if len(pairs)%2 != 0 {
		return nil, fmt.Errorf("message arguments %v: a name without a value", pairs)
	}
	args := make(map[string]any, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		name, ok := pairs[i].(string)
		if !ok {
			return nil, fmt.Errorf("message arguments %v: %v is no name", pairs, pairs[i])
		}
		args[name] = pairs[i+1]
	}
	return args, nil
}

// trHTML renders message id in lang as HTML: its text escaped, and the
// arguments that are template.HTML put in as they are. They go through
// the catalogs as marks that escaping leaves alone (private-use
// characters), and are put in place of their marks after.
func trHTML(lang i18n.Lang, id string, args map[string]any) template.HTML {
	plain := make(map[string]any, len(args))
	var marks []string
	for name, v := range args {
		h, ok := v.(template.HTML)
		if !ok {
			plain[name] = v
			continue
		}
		mark := "\ue000" + name + "\ue001"
		plain[name] = mark
		marks = append(marks, mark, string(h))
	}
	s := template.HTMLEscapeString(i18n.Tr(lang, id, plain))
	return template.HTML(strings.NewReplacer(marks...).Replace(s))
}
