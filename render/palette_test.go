package render

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNearestAgreesWithFullSearch checks the pruned search for the
// nearest palette colour against trying every colour, ties going to the
// lowest index, on random palettes with repeated and near-repeated
// colours.
func TestNearestAgreesWithFullSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		pal := make([]uint32, 1+r.IntN(256))
		for i := range pal {
			pal[i] = r.Uint32() & 0xffffff
			if i > 0 && r.IntN(3) == 0 {
				pal[i] = pal[r.IntN(i)] ^ uint32(r.IntN(2))
			}
		}
		byGreen := make([]kept, len(pal))
		for i, c := range pal {
			byGreen[i] = kept{c, uint8(i)}
		}
		slices.SortFunc(byGreen, func(a, b kept) int { return cmp.Compare(green(a.c), green(b.c)) })
		for range 200 {
			c := r.Uint32() & 0xffffff
			want, wantD := 0, int(^uint(0)>>1)
			for i, q := range pal {
				dr := int(q&0xff) - int(c&0xff)
				dg := green(q) - green(c)
				db := int(q>>16&0xff) - int(c>>16&0xff)
				if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < wantD {
					want, wantD = i, d
				}
			}
			if got := nearest(byGreen, c); int(got) != want {
				t.Fatalf("nearest(%06x) = %d (%06x), want %d (%06x)", c, got, pal[got], want, pal[want])
			}
		}
	}
}
