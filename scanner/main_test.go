package scanner

import (
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"
)

// TestMain runs the tests under a guard: scanning takes time linear in
// the input and memory bounded by the maximum length, and the tests'
// inputs are small, so a test binary whose heap grows past 256 MiB (the
// tests need some ten), or that runs for longer than guardTime (a minute,
// five under the race detector; the tests take a few seconds), has a scan
// that does not end. It stops then, failing, rather than when the system
// kills it.
func TestMain(m *testing.M) {
	go guard(256<<20, guardTime*time.Second)
	os.Exit(m.Run())
}

// guard ends the test binary, failing, when its heap grows past heap
// bytes or it runs longer than d.
func guard(heap uint64, d time.Duration) {
	start := time.Now()
	var ms runtime.MemStats
	for range time.Tick(50 * time.Millisecond) {
		runtime.ReadMemStats(&ms)
		switch {
		case ms.HeapAlloc > heap:
			fmt.Fprintf(os.Stderr, "FAIL: the tests' heap grew to %d bytes: a scan does not end\n", ms.HeapAlloc)
			os.Exit(1)
		case time.Since(start) > d:
			fmt.Fprintf(os.Stderr, "FAIL: the tests ran for more than %v: a scan does not end\n", d)
			os.Exit(1)
		}
	}
}
