package main

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// heapArena is the size of the Go heap's arenas on 64-bit Linux, each
// aligned to its size (runtime/malloc.go, heapArenaBytes).
const heapArena = 64 << 20

// hugeHeap asks Linux to back the heap with huge pages, for review and
// export: a run of a few tenths of a second touches most pages of its heap
// for the first time, and on the machines measured (BENCHMARKS.md) each
// first touch of a 4 KB page cost about 12 µs, where 16 MB of huge pages
// came in about 1.2 ms. The heap's current arena is advised (madvise
// MADV_HUGEPAGE), found from an allocation's address. The advice only
// changes how memory is backed, never what it holds; where Linux has no
// huge pages for the process, or the heap is not where the runtime puts
// it today, it changes nothing. It costs a few MB more of peak memory at
// most.
func hugeHeap() { adviseArena(unsafe.Pointer(new([64]byte))) }

// adviseArena advises the heap arena that holds p.
func adviseArena(p unsafe.Pointer) {
	arena := uintptr(p) &^ (heapArena - 1)
	// The error is ignored: EINVAL where huge pages cannot be had. The
	// advice holds for the part of the arena the runtime has mapped for
	// use; what it maps later, as the heap grows, has none.
	_, _, _ = unix.Syscall(unix.SYS_MADVISE, arena, heapArena, unix.MADV_HUGEPAGE)
}
