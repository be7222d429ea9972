package sentences

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestCheck(t *testing.T) {
	dir := filepath.Join("testdata", "sample")
	for _, tc := range []struct {
		name      string
		allow     map[string]string
		developer bool
		found     []string
		stale     []string
	}{
		{"errors count", nil, false, []string{"sample.go:fault", "sample.go:fault", "sample.go:told", "sample.go:Name"}, nil},
		{"errors pass", nil, true, []string{"sample.go:told", "sample.go:Name"}, nil},
		{"a declaration allowed", map[string]string{"sample.go:Name": "a name"}, true, []string{"sample.go:told"}, nil},
		{"a file allowed", map[string]string{"sample.go": "all"}, false, nil, nil},
		{"an allowance with nothing left", map[string]string{"sample.go:code": "no"}, true, []string{"sample.go:told", "sample.go:Name"}, []string{"sample.go:code"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, stale, err := Check(dir, tc.allow, tc.developer)
			if err != nil {
				t.Fatal(err)
			}
			var decls []string
			for _, f := range found {
				decls = append(decls, f.Decl)
			}
			slices.Sort(decls)
			want := slices.Clone(tc.found)
			slices.Sort(want)
			if !slices.Equal(decls, want) {
				t.Errorf("found %v, want %v", decls, want)
			}
			if !slices.Equal(stale, tc.stale) {
				t.Errorf("stale %v, want %v", stale, tc.stale)
			}
		})
	}
}
