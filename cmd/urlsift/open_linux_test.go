package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
)

// TestRawFile: a regular file read by raw system calls gives what os.File
// gives, read from start to end or at offsets, to its end, and an error
// that names it.
func TestRawFile(t *testing.T) {
	want := bytes.Repeat([]byte("0123456789abcdef\n"), 10000)
	name := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := openFile(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := regular(f)
	if err := iotest.TestReader(r, want); err != nil {
		t.Error(err)
	}
	p := make([]byte, 100)
	if n, err := r.ReadAt(p, int64(len(want))-40); n != 40 || err != io.EOF || !bytes.Equal(p[:n], want[len(want)-40:]) {
		t.Errorf("ReadAt over the end = %d, %v", n, err)
	}
	if n, err := r.ReadAt(p, int64(len(want))+10); n != 0 || err != io.EOF {
		t.Errorf("ReadAt past the end = %d, %v", n, err)
	}
	var pe *os.PathError
	if _, err := r.ReadAt(p, -1); !errors.As(err, &pe) || pe.Path != name {
		t.Errorf("ReadAt(-1): %v does not name the file", err)
	}
	f.Close()
	if _, err := r.Read(p); err == nil {
		t.Error("a read of a closed file gave no error")
	}
}
