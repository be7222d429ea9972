package mailclients

import (
	"fmt"
	"time"
)

// The clients write the date of the mail answered in their language.

var (
	deDays   = []string{"So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."}
	deMonths = []string{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."}
	deLong   = []string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"}
	deMonthL = []string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}
	esDays   = []string{"dom", "lun", "mar", "mié", "jue", "vie", "sáb"}
	esLong   = []string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"}
	esMonths = []string{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"}
	esMonthL = []string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"}
	ptDays   = []string{"dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."}
	ptLong   = []string{"domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"}
	ptMonths = []string{"jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."}
	ptMonthL = []string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"}
	frLong   = []string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}
	frMonthL = []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
	nlDays   = []string{"zo", "ma", "di", "wo", "do", "vr", "za"}
	nlMonths = []string{"jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"}
)

func hm(t time.Time) string { return t.Format("15:04") }

// deShort is Gmail's German date: "Di., 1. Dez. 2026 um 10:00 Uhr".
func deShort(t time.Time) string {
	return fmt.Sprintf("%s, %d. %s %d um %s Uhr", deDays[t.Weekday()], t.Day(), deMonths[t.Month()-1], t.Year(), hm(t))
}

// deFull is Outlook's German date: "Dienstag, 1. Dezember 2026 10:00".
func deFull(t time.Time) string {
	return fmt.Sprintf("%s, %d. %s %d %s", deLong[t.Weekday()], t.Day(), deMonthL[t.Month()-1], t.Year(), hm(t))
}

// esShort is Gmail's Spanish date: "mar, 1 dic 2026 a las 10:00".
func esShort(t time.Time) string {
	return fmt.Sprintf("%s, %d %s %d a las %s", esDays[t.Weekday()], t.Day(), esMonths[t.Month()-1], t.Year(), hm(t))
}

// esFull is Outlook's Spanish date: "martes, 1 de diciembre de 2026 10:00".
func esFull(t time.Time) string {
	return fmt.Sprintf("%s, %d de %s de %d %s", esLong[t.Weekday()], t.Day(), esMonthL[t.Month()-1], t.Year(), hm(t))
}

// ptShort is Gmail's Portuguese date: "ter., 1 de dez. de 2026 às 10:00".
func ptShort(t time.Time) string {
	return fmt.Sprintf("%s, %d de %s de %d às %s", ptDays[t.Weekday()], t.Day(), ptMonths[t.Month()-1], t.Year(), hm(t))
}

// ptFull is Outlook's Brazilian date: "terça-feira, 1 de dezembro de 2026 10:00".
func ptFull(t time.Time) string {
	return fmt.Sprintf("%s, %d de %s de %d %s", ptLong[t.Weekday()], t.Day(), ptMonthL[t.Month()-1], t.Year(), hm(t))
}

// frFull is Outlook's French date: "mardi 1 décembre 2026 10:00".
func frFull(t time.Time) string {
	return fmt.Sprintf("%s %d %s %d %s", frLong[t.Weekday()], t.Day(), frMonthL[t.Month()-1], t.Year(), hm(t))
}

// nlShort is Gmail's Dutch date: "di 1 dec 2026 om 10:00".
func nlShort(t time.Time) string {
	return fmt.Sprintf("%s %d %s %d om %s", nlDays[t.Weekday()], t.Day(), nlMonths[t.Month()-1], t.Year(), hm(t))
}
