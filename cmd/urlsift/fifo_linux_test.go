package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestNamedFIFO: a FIFO named on the command line, of size 0 as listed,
// is read once and as its data comes, not as a small file (which reads
// it, finds it longer than listed, and opens it again: a second open that
// waits for a writer that has gone).
func TestNamedFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	other := writeFile(t, t.TempDir(), "a.txt", "<URL:http://a.example/>\n")
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString("<URL:http://fifo.example/>\n")
			f.Close()
		}
	}()
	done := make(chan string)
	go func() {
		var out, errOut bytes.Buffer
		run([]string{"--no-filename", fifo, other}, nil, &out, &errOut)
		done <- out.String() + errOut.String()
	}()
	select {
	case got := <-done:
		if got != "http://fifo.example/\nhttp://a.example/\n" {
			t.Errorf("got %q", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the FIFO is still being read after 30 s")
	}
}
