// Package embedded is a small IMAP and SMTP server for local use: with no
// mail provider configured, `pbem serve` starts it on the loopback interface
// and talks to it through the same IMAP and SMTP client code it uses in
// production. It knows nothing of games.
//
// Each name@Domain has an account with its own password; mail sent over SMTP
// to a local address (plus tags allowed: pbem+1-x@localhost belongs to pbem)
// lands in that user's INBOX. Nothing is relayed elsewhere. An account is
// made when mail first comes from or goes to its address, within the
// limits, and its password is handed once to Config.OnNewAccount;
// NewPassword makes one or sets a new password, also while a server runs.
// The service's account (Config.Service) has a password of its own. See
// accounts.go for the password store and smtp.go for who may send as whom.
//
// Mail is kept on disk under Config.Dir and survives a restart:
//
//	<Dir>/.accounts.json                   bcrypt hash per user (mode 0600)
//	<Dir>/.accounts.lock                   its lock, for writers
//	<Dir>/<user>/user.json                 last UIDVALIDITY handed out
//	<Dir>/<user>/<mailbox>/state.json      UIDVALIDITY, UIDNEXT, flags per UID
//	<Dir>/<user>/<mailbox>/<uid>.eml       one message, as received
//
// Mailbox directory names are the mailbox names with every byte outside
// [A-Za-z0-9_-] written as %XX, so any IMAP name maps to one flat, safe
// directory. Every file is written to a temporary file, synced and renamed into
// place, so a crash leaves either the old or the new version. A message file is
// in place before the state that names it; leftovers of an interrupted change
// (temporary files, message files no state names) are removed at start.
//
// The IMAP side implements imapserver.Session over this store rather than
// wrapping imapmemserver, which can neither restore UIDs and UIDVALIDITY nor
// report changes to persist. imapserver's MailboxTracker carries the updates
// (new mail, flags, expunges) to every session, IDLE included.
package embedded
