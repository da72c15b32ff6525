package mail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

// messageStarts returns the offsets at which the mbox reader starts a
// message.
func messageStarts(in []byte) []int {
	var at []int
	m := newMbox(bytes.NewReader(in), Mbox)
	for {
		off, _, ok := m.next()
		if !ok {
			return at
		}
		at = append(at, int(off))
		io.Copy(io.Discard, m)
	}
}

// describe lists what Reader.Matches yields, with every field a piece must
// get right: positions, message numbers and offsets, parts, errors.
func describe(r io.Reader, at Start) []string {
	var out []string
	for m, err := range matchesFrom(r, Mbox, at, extract.ReportInvalid()) {
		if err != nil {
			var pe *PartError
			if errors.As(err, &pe) {
				out = append(out, fmt.Sprintf("error %d@%d %s: %v", pe.Message, pe.MessageOffset, pe.Path, err))
			} else {
				out = append(out, "error: "+err.Error())
			}
			continue
		}
		out = append(out, fmt.Sprintf("%d@%d %s %s %s %v %q %q", m.Mail.Message, m.Mail.MessageOffset, m.Mail.MessageID,
			m.Mail.Part, m.Pos, m.Valid, m.URL, m.Warnings))
	}
	return out
}

// byPieces reads in one piece per message, each from its own Start, and
// checks MessageAt against the reader's own message starts on the way.
func byPieces(t *testing.T, in []byte) []string {
	t.Helper()
	starts := messageStarts(in)
	var found []int
	for i := range in {
		// MessageAt sees only what it is documented to look at.
		lo, hi := max(i-3, 0), min(i+5, len(in))
		if MessageAt(in[lo:hi], i-lo, lo == 0) {
			found = append(found, i)
		}
	}
	if !reflect.DeepEqual(found, starts) {
		t.Fatalf("MessageAt finds messages at %v, the reader at %v", found, starts)
	}
	var out []string
	pos := scanner.Position{Line: 1, Column: 1}
	for n, s := range starts {
		e := len(in)
		if n+1 < len(starts) {
			e = starts[n+1]
		}
		pos = pos.Advance(in[pos.Offset:s])
		out = append(out, describe(bytes.NewReader(in[s:e]), Start{Pos: pos, Messages: n})...)
	}
	return out
}

// TestPieces: an mbox read one message at a time, each from its Start,
// gives what the whole gives, message numbers, offsets and the header's
// lines included.
func TestPieces(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "*.mbox"))
	if len(files) == 0 {
		t.Fatal("no mbox in corpus/")
	}
	inputs := map[string][]byte{
		"CR LF":           []byte("From a\r\nX-URL: <http://a.example/1>\r\n\r\n<http://a.example/2>\r\n\r\nFrom b\r\nX-URL:\r\n <http://b.example/1>\r\n\r\nx\r\n"),
		"lone CR":         []byte("From a\rb\n\n<http://a.example/1>\r\rmore\n\nFrom b\nX: <http://b.example/1>\n"),
		"From in a body":  []byte("From a\n\nline\nFrom here <http://a.example/>\n\n>From b\n\nFrom c\nX: <http://c.example/>\n"),
		"broken messages": []byte("From a\nContent-Type: multipart/mixed; boundary=q\n\n--q\n\n<http://a.example/>\n\nFrom b\nno colon\n\n<http://b.example/>\n"),
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(f)] = b
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			whole := describe(bytes.NewReader(in), Start{})
			if len(whole) == 0 {
				t.Fatal("nothing found: the test would prove nothing")
			}
			if got := byPieces(t, in); !reflect.DeepEqual(got, whole) {
				t.Errorf("by pieces:\n%s\nwhole:\n%s", strings.Join(got, "\n"), strings.Join(whole, "\n"))
			}
		})
	}
}

func TestMessageAt(t *testing.T) {
	for _, c := range []struct {
		b     string
		i     int
		first bool
		want  bool
	}{
		{"From a", 0, true, true},
		{"From a", 0, false, false}, // the bytes before are not given
		{"\nFrom a", 1, true, true},
		{"x\nFrom a", 2, true, false},
		{"\r\nFrom a", 2, true, true},
		{"\n\nFrom a", 2, false, true},
		{"\n\r\nFrom a", 3, false, true},
		{"x\r\nFrom a", 3, false, false},
		{"\r\r\nFrom a", 3, false, false},
		{"\n\nFrom", 2, false, false},
		{"\n\nfrom a", 2, false, false},
	} {
		if got := MessageAt([]byte(c.b), c.i, c.first); got != c.want {
			t.Errorf("MessageAt(%q, %d, %v) = %v, want %v", c.b, c.i, c.first, got, c.want)
		}
	}
}
