package embedded

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
)

func TestDecodeStateChecksWhatTheServerRelies(t *testing.T) {
	tests := []struct {
		file string
		err  string // empty: decodes
	}{
		{"valid.json", ""},
		{"truncated.json", "unexpected end of JSON input"},
		{"version2.json", "version is 2"},
		{"uid-order.json", "uid 3 does not ascend from the previous uid 5"},
		{"uid-next.json", "uid 4 is not below uidNext 4"},
		{"bad-flag.json", `flag "two words" contains ' '`},
		{"empty-name.json", "mailbox name is empty"},
		{"zero-uidvalidity.json", "uidValidity is 0"},
		{"negative-size.json", "size -5 is negative"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "state", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			_, err = decodeState(data)
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("decodeState: %v, want %q", err, tt.err)
			}
		})
	}
}

func TestDecodeStateNormalizesFlags(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "state", "valid.json"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := decodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := []imap.Flag{"$Pbem", imap.FlagSeen}; !slices.Equal(st.Messages[0].Flags, want) {
		t.Errorf("flags decode as %v, want %v", st.Messages[0].Flags, want)
	}
}

// FuzzDecodeState checks that no state file makes decodeState panic and
// that what it accepts survives a write and a read unchanged.
func FuzzDecodeState(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "state", "*.json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := decodeState(data)
		if err != nil {
			return
		}
		once, err := encodeState(st)
		if err != nil {
			t.Fatalf("encoding an accepted state: %v", err)
		}
		again, err := decodeState(once)
		if err != nil {
			t.Fatalf("the encoded state does not decode: %v\n%s", err, once)
		}
		twice, err := encodeState(again)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once, twice) {
			t.Errorf("state changes on a round trip:\n%s\n%s", once, twice)
		}
	})
}
