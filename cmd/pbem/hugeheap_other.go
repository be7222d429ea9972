//go:build !linux

package main

// hugeHeap does nothing but on Linux (hugeheap_linux.go).
func hugeHeap() {}
