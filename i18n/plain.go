package i18n

import (
	"fmt"
	"strings"
	"text/template/parse"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// plain is a message with one form whose placeholders are all bare
// arguments ("{{.Point}} is taken"): most of the catalogs. Tr puts it into
// words by joining its parts, without the template engine, which costs
// more than reading a game of a record.
type plain struct {
	parts []part
}

// part is a run of text, or the argument named field.
type part struct {
	text, field string
}

// compilePlain reads a message into its parts; ok is false for a message
// with plural forms or any template action but a bare argument.
func compilePlain(m *goi18n.Message) (plain, bool) {
	if m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != "" || m.Other == "" {
		return plain{}, false
	}
	if m.LeftDelim != "" && m.LeftDelim != "{{" || m.RightDelim != "" && m.RightDelim != "}}" {
		return plain{}, false
	}
	trees, err := parse.Parse(m.ID, m.Other, "{{", "}}")
	if err != nil {
		return plain{}, false
	}
	root := trees[m.ID]
	if root == nil || root.Root == nil {
		return plain{parts: []part{{text: m.Other}}}, true
	}
	var p plain
	for _, n := range root.Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			p.parts = append(p.parts, part{text: string(n.Text)})
		case *parse.ActionNode:
			if n.Pipe == nil || len(n.Pipe.Decl) > 0 || len(n.Pipe.Cmds) != 1 || len(n.Pipe.Cmds[0].Args) != 1 {
				return plain{}, false
			}
			f, ok := n.Pipe.Cmds[0].Args[0].(*parse.FieldNode)
			if !ok || len(f.Ident) != 1 {
				return plain{}, false
			}
			p.parts = append(p.parts, part{field: f.Ident[0]})
		default:
			return plain{}, false
		}
	}
	return p, true
}

// render puts the message into words in lang; ok is false when an
// argument it names is missing, which the template engine then writes.
func (p plain) render(lang Lang, args map[string]any) (string, bool) {
	if len(p.parts) == 1 && p.parts[0].field == "" {
		return p.parts[0].text, true
	}
	var b strings.Builder
	for _, pt := range p.parts {
		if pt.field == "" {
			b.WriteString(pt.text)
			continue
		}
		v, ok := args[pt.field]
		if !ok {
			return "", false
		}
		switch v := renderArg(lang, v).(type) {
		case string:
			b.WriteString(v)
		default:
			fmt.Fprint(&b, v)
		}
	}
	return b.String(), true
}
