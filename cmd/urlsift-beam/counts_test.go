package main

import "testing"

// TestTallies: the sum of two tallies adds every count, and the command
// prints all but members, in its order.
func TestTallies(t *testing.T) {
	a := tally{Files: 1, Bytes: 2, Messages: 3, Wrappers: 4, Valid: 5, Invalid: 6, Binary: 7, Errors: 8, Warnings: 9, Members: 10}
	b := tally{Files: 10, Bytes: 20, Messages: 30, Wrappers: 40, Valid: 50, Invalid: 60, Binary: 70, Errors: 80, Warnings: 90, Members: 100}
	want := tally{Files: 11, Bytes: 22, Messages: 33, Wrappers: 44, Valid: 55, Invalid: 66, Binary: 77, Errors: 88, Warnings: 99, Members: 110}
	if got := addTallies(a, b); got != want {
		t.Errorf("addTallies = %+v, want %+v", got, want)
	}
	if got, want := a.String(), "1 files, 2 bytes, 3 messages, 4 wrappers, 5 valid, 6 invalid, 7 binary, 8 errors, 9 warnings"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
