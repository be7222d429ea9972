package dobbal

import (
	"pbem/i18n"
	"pbem/rules"
)

// msgOf is a refusal's reason in English, as players read it.
func msgOf(e *rules.Error) string { return i18n.Render(i18n.English, e.Reason()) }

// ruleName is the name of the rule a refusal names, in English.
func ruleName(e *rules.Error) string { return i18n.Tr(i18n.English, string(e.Rule), nil) }
