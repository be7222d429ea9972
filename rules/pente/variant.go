package pente

// Variant is one of the pente.org games played on this engine.
type Variant int

// The variants, as the "variant" option names them.
const (
	Pente Variant = iota
	Keryo
	Gomoku
	GPente
	Boat
	Poof
)

var variantNames = [...]struct{ option, title string }{
	Pente:  {"pente", "Pente"},
	Keryo:  {"keryo", "Keryo-Pente"},
	Gomoku: {"gomoku", "Gomoku"},
	GPente: {"g-pente", "G-Pente"},
	Boat:   {"boat", "Boat-Pente"},
	Poof:   {"poof", "Poof-Pente"},
}

// Option is the variant's value of the "variant" option.
func (v Variant) Option() string { return variantNames[v].option }

// String is the variant's name as pente.org writes it: "Keryo-Pente".
func (v Variant) String() string { return variantNames[v].title }

func parseVariant(s string) (Variant, bool) {
	for v, n := range variantNames {
		if n.option == s {
			return Variant(v), true
		}
	}
	return 0, false
}

// captureSizes are the run lengths of enclosed stones that are captured;
// each is 2 or more.
func (v Variant) captureSizes() []int {
	switch v {
	case Gomoku:
		return nil
	case Keryo:
		return keryoSizes
	}
	return penteSizes
}

// The capture sizes, made once: every ply asks.
var (
	penteSizes = []int{2}
	keryoSizes = []int{2, 3}
)

// captureWin is how many captured stones win.
func (v Variant) captureWin() int {
	if v == Keryo {
		return 15
	}
	return 10
}

// tournament reports whether the variant knows the tournament opening rule.
func (v Variant) tournament() bool { return v != Gomoku }

// gPenteBarred are the points G-Pente also bars for White's second stone:
// three and four points straight out from the centre.
var gPenteBarred = [...]Point{
	At(9, 12), At(9, 13), At(9, 6), At(9, 5), // K13 K14 K7 K6
	At(6, 9), At(5, 9), At(12, 9), At(13, 9), // G10 F10 N10 O10
}
