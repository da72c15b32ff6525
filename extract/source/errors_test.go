package source

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/urlsift/urlsift/scanner"
)

// TestTruncated: a truncated .gz, read as text or as an mbox, ends with a
// *scanner.Error that names the file and the position reached in its
// text, after the matches found before it.
func TestTruncated(t *testing.T) {
	var text, mbox bytes.Buffer
	for i := range 2000 {
		fmt.Fprintf(&text, "line %d <http://a.example/%d>\n", i, i)
		fmt.Fprintf(&mbox, "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b.example\n\nsee <http://a.example/%d>\n\n", i)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{"text.gz": text.Bytes(), "mbox.gz": mbox.Bytes()} {
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(b)
		w.Close()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, z.Bytes()[:z.Len()/2], 0o644); err != nil {
			t.Fatal(err)
		}
		found, last := openAll(path)
		var se *scanner.Error
		if !errors.As(last, &se) || se.Pos.Filename != path || se.Pos.Line < 2 || se.Pos.Offset <= 0 || found == 0 {
			t.Errorf("%s: %d matches, then %T %v", name, found, last, last)
		}
	}
}

// TestBinaryError: ErrBinary comes as its doc says, in an *fs.PathError
// that names the input.
func TestBinaryError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bin")
	os.WriteFile(path, []byte("a\x00b <http://a.example/>"), 0o644)
	var got []error
	for _, err := range New(SkipBinary()).Open(path) {
		got = append(got, err)
	}
	var pe *fs.PathError
	if len(got) != 1 || !errors.Is(got[0], ErrBinary) || !errors.As(got[0], &pe) || pe.Path != path {
		t.Errorf("got %v", got)
	}
}

// TestTruncatedEarly: a .gz cut inside its first 8 KiB of text, which
// tell how the input is read, still gives the matches before the cut,
// then the error at its place; one cut inside its gzip header gives the
// error at the input's start.
func TestTruncatedEarly(t *testing.T) {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	for i := range 40 {
		fmt.Fprintf(w, "line %d <http://a.example/%d>\n", i, i)
	}
	w.Close()
	dir := t.TempDir()
	for _, c := range []struct {
		keep      int
		found     bool
		line, col int
	}{{z.Len() - 20, true, 0, 0}, {5, false, 1, 1}} {
		path := filepath.Join(dir, fmt.Sprintf("cut%d.gz", c.keep))
		os.WriteFile(path, z.Bytes()[:c.keep], 0o644)
		found, last := openAll(path)
		var se *scanner.Error
		if !errors.As(last, &se) || se.Pos.Filename != path || (found > 0) != c.found ||
			c.line > 0 && (se.Pos.Line != c.line || se.Pos.Column != c.col) || c.found && se.Pos.Line < 2 {
			t.Errorf("%d bytes kept: %d matches, then %T %v", c.keep, found, last, last)
		}
	}
}

// openAll reads the file at path and returns how many matches it gave
// and the last error.
func openAll(path string) (found int, last error) {
	for _, err := range New().Open(path) {
		if err == nil {
			found++
		}
		last = err
	}
	return found, last
}
