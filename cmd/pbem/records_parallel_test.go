package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"pbem/internal/sharedtest"
)

// TestRecordsParallelMatchesSerial reviews and exports the real Pente set
// on one worker (GOMAXPROCS=1, the serial path) and on four: the output
// is the same, byte for byte and in the same order.
func TestRecordsParallelMatchesSerial(t *testing.T) {
	data := sharedtest.Path(t, "data/pente-games/pente_dataset.txt")
	code, records, errOut := runPbem(t, "", "convert", "--from", "lines", data)
	if code != exitOK {
		t.Fatalf("convert: exit %d: %.2000s", code, errOut)
	}
	file := filepath.Join(t.TempDir(), "pente.pgn")
	// A bad game among the good ones, so that the problems' order counts too.
	if err := os.WriteFile(file, []byte(records+"\n[Game \"Pente\"]\nK10 K10 *\n"+records), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(procs int, args ...string) (int, string, string) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		return runPbem(t, "", append(args, file)...)
	}
	for _, args := range [][]string{{"review", "--json"}, {"review"}, {"export"}} {
		code1, out1, err1 := run(1, args...)
		code4, out4, err4 := run(4, args...)
		if code1 != exitInvalid || code4 != code1 {
			t.Errorf("%v: exit %d serial, %d parallel; want %d", args, code1, code4, exitInvalid)
		}
		if out1 != out4 || err1 != err4 {
			t.Errorf("%v: the parallel output differs from the serial one", args)
		}
		if len(out1) < len(records) {
			t.Errorf("%v: %d bytes of output for %d of records", args, len(out1), len(records))
		}
	}
}
