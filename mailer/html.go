package mailer

import (
	"strings"

	"golang.org/x/net/html"
)

// blocks are the elements that start a new line of text.
var blocks = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "br": true, "dd": true, "div": true,
	"dl": true, "dt": true, "fieldset": true, "figure": true, "footer": true, "form": true, "h1": true,
	"h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hr": true, "li": true,
	"main": true, "nav": true, "ol": true, "p": true, "pre": true, "section": true, "table": true,
	"tr": true, "ul": true,
}

// htmlToText turns an HTML body into plain text: block elements on lines of
// their own, text inside <blockquote> marked with "> " as a quote, scripts,
// styles and the head left out. The parsing is x/net/html's, which reads
// HTML as browsers do, broken HTML included.
func htmlToText(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return src
	}
	var b strings.Builder
	var line strings.Builder
	depth := 0 // blockquote nesting
	flush := func() {
		text := strings.Join(strings.Fields(line.String()), " ")
		line.Reset()
		if text == "" {
			return
		}
		b.WriteString(strings.Repeat("> ", depth) + text + "\n")
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			line.WriteString(n.Data)
			return
		case html.ElementNode:
			switch n.Data {
			case "script", "style", "head", "title":
				return
			}
		}
		isBlock := n.Type == html.ElementNode && blocks[n.Data]
		if isBlock {
			flush()
		}
		quote := n.Type == html.ElementNode && n.Data == "blockquote"
		if quote {
			depth++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if isBlock {
			flush()
		}
		if quote {
			depth--
		}
	}
	walk(doc)
	flush()
	return b.String()
}
