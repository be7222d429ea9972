package main

import "pbem/i18n"

// errText is an error for the operator's terminal: the messages of the
// rules inside it put into English.
func errText(err error) string { return i18n.Error(i18n.English, err) }
