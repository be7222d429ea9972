package pente

import (
	"pbem/i18n"
	"pbem/rules"
)

// msgOf is a refusal's reason in English, as players read it.
func msgOf(e *rules.Error) string { return i18n.Render(i18n.English, e.Reason()) }

// ruleName is the name of the rule a refusal names, in English.
func ruleName(e *rules.Error) string { return i18n.Tr(i18n.English, string(e.Rule), nil) }

// english renders a board in English, as a player reading English sees it.
func english(t rules.Text) string {
	return t.Render(func(m rules.Msg) string { return i18n.Render(i18n.English, m) })
}

// englishMsg renders a message in English.
func englishMsg(m rules.Msg) string { return i18n.Render(i18n.English, m) }
