// Package notation turns game records (records.md) into replayed games and
// back: Read reads a record file through package grammar, resolves each
// game's tags to a game of rules/games, replays its main line through the
// rules engine and keeps comments and variations for review; Writer writes
// the strict export form; ReadLines reads the one-game-per-line form of the
// pente-games data set. Summary is what a review reports of a game.
//
// What the package says to people (a Problem, a Summary's line and how a
// game ended) is made of messages of the catalogs (i18n/catalog/notation.*),
// put into the reader's language: Problem.In, Game.SummaryIn, and Words for
// a review of many games.
//
// The package knows no game of its own: every game registered in
// rules/games is read and written the same way.
package notation
