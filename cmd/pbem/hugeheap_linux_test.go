package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestHugeHeapAdvisesTheHeap checks that adviseArena, which hugeHeap
// calls with a new object, leaves the mapping that holds the object marked
// for huge pages ("hg" among its VmFlags in /proc/self/smaps). The object
// is the test's own: in a test binary the heap spans several arenas, and
// one made by hugeHeap need not share a mapping with one made after.
func TestHugeHeapAdvisesTheHeap(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages:", err)
	}
	obj := new([64]byte)
	adviseArena(unsafe.Pointer(obj))
	flags, ok := vmFlags(t, uintptr(unsafe.Pointer(obj)))
	if !ok {
		t.Fatalf("no mapping in /proc/self/smaps holds the heap object at %p", obj)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the heap's mapping has VmFlags %q, without hg", flags)
	}
}

// vmFlags is the VmFlags line of the mapping that holds address at.
func vmFlags(t *testing.T, at uintptr) (string, bool) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inside := false
	for sc.Scan() {
		line := sc.Text()
		// A mapping's first line starts with its range, "lo-hi"; the
		// lines of its figures with a name and a colon.
		first, _, _ := strings.Cut(line, " ")
		if lo, hi, ok := strings.Cut(first, "-"); ok && !strings.HasSuffix(first, ":") {
			s, err1 := strconv.ParseUint(lo, 16, 64)
			e, err2 := strconv.ParseUint(hi, 16, 64)
			inside = err1 == nil && err2 == nil && uintptr(s) <= at && at < uintptr(e)
			continue
		}
		if inside && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")), true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return "", false
}
