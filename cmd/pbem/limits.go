package main

import "pbem/play"

// limitFlags adds the flags of the limits on what one address can make
// the service do (docs/service.md, "Limits"), each with its variable.
func limitFlags(env *envFlags, l *play.Limits) {
	env.Var(countValue{&l.Unproven}, "limit-unproven", "PBEM_LIMIT_UNPROVEN",
		"mails without proof (no reply key) one address gets answered an hour")
	env.Var(countValue{&l.Proven}, "limit-proven", "PBEM_LIMIT_PROVEN",
		"proven mails one address gets answered an hour; past it only game commands are carried out")
	env.Var(countValue{&l.Refusals}, "limit-refusals", "PBEM_LIMIT_REFUSALS",
		"short refusals a day to mail that needed a key and had none")
	env.Var(countValue{&l.InviteesPerMail}, "limit-invitees-per-mail", "PBEM_LIMIT_INVITEES_PER_MAIL",
		"players one mail may invite")
	env.Var(countValue{&l.InviteesPerDay}, "limit-invitees-per-day", "PBEM_LIMIT_INVITEES_PER_DAY",
		"players one address may invite a day")
	env.Var(countValue{&l.PendingFromStrangers}, "limit-pending-invitations", "PBEM_LIMIT_PENDING_INVITATIONS",
		"unanswered invitations a player may have from players never met")
	env.Var(durationValue{&l.DeclinedQuiet, "720h"}, "limit-declined-quiet", "PBEM_LIMIT_DECLINED_QUIET",
		"`duration` after a decline in which the same inviter may not invite again")
	env.Var(countValue{&l.OpenChallenges}, "limit-open-challenges", "PBEM_LIMIT_OPEN_CHALLENGES",
		"open challenges (new GAME with anyone) one player may have at once")
	env.Var(durationValue{&l.ChallengeLife, "168h"}, "limit-challenge-life", "PBEM_LIMIT_CHALLENGE_LIFE",
		"`duration` an open challenge waits for a taker before it expires")
}
