package mail

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

// readerInput is an input of TestReaderReused.
type readerInput struct {
	in   []byte
	kind Kind
	at   Start
	stop int // the matches after which the consumer stops, or 0
}

// readAll lists what rd yields for in, read through br as package
// source reads its inputs, every field, and its counts.
func readAll(rd *Reader, br *bufio.Reader, name string, in readerInput) []string {
	var out []string
	rd.SetFilename(name)
	br.Reset(bytes.NewReader(in.in))
	for m, err := range rd.Matches(br, in.kind, in.at) {
		out = append(out, fmt.Sprintf("%+v %v", *m, err))
		if in.stop > 0 && len(out) >= in.stop {
			break
		}
	}
	return append(out, fmt.Sprintf("counts %+v", rd.Counts()))
}

// TestReaderReused: one Reader that reads the corpus's mail (messages
// and an mbox), pieces of an mbox from their own Start, and text, one
// after another through one buffered reader, some stopped after their
// first matches, gives for each what a new Reader gives: every field of
// every match, file names, positions, messages and counts.
func TestReaderReused(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "mail-*"))
	var inputs []readerInput
	for _, name := range names {
		in, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, readerInput{in: in, kind: Detect(in)})
	}
	if len(inputs) < 8 {
		t.Fatalf("%d mail files in the corpus", len(inputs))
	}
	archive := smallMessages(60)
	starts := messageStarts(archive)
	for i, from := range starts {
		if i%7 != 3 {
			continue
		}
		at := Start{Pos: scanner.Position{}.Advance(archive[:from]), Messages: i}
		inputs = append(inputs, readerInput{in: archive[from:], kind: Mbox, at: at})
	}
	inputs = append(inputs, readerInput{in: archive, kind: Text})
	// One reader of 64 KiB for all inputs, as package source has: a
	// message is read through it as it is, and the walker must not keep
	// it as its own.
	rd, br := NewReader(extract.ReportInvalid()), bufio.NewReaderSize(nil, 64<<10)
	for round := range 3 {
		for i, in := range inputs {
			if (i+round)%3 == 0 {
				in.stop = 1 + i%4
			}
			name := fmt.Sprintf("input-%d", i)
			got := readAll(rd, br, name, in)
			want := readAll(NewReader(extract.ReportInvalid()), bufio.NewReaderSize(nil, 64<<10), name, in)
			if len(want) < 2 {
				t.Fatalf("input %d gives nothing: %q", i, want)
			}
			compare(t, fmt.Sprintf("round %d, input %d, reused", round, i), got, "new", want)
		}
	}
}

// trap gives in at its first read and then ends, noting whether it was
// asked again before done said the consumer had what it waited for.
type trap struct {
	in    []byte
	done  func() bool
	early bool
}

func (r *trap) Read(p []byte) (int, error) {
	if len(r.in) > 0 {
		n := copy(p, r.in)
		r.in = r.in[n:]
		return n, nil
	}
	r.early = r.early || !r.done()
	return 0, io.EOF
}

// TestReaderDoesNotWait: a message read after an mbox by the same Reader
// hands over the URL on a line it has whole before reading on. Its
// decoder goes on without waiting only while its reader holds a whole
// line, or when the input is all in memory, which the mbox's message
// was and this message is not: the Reader must not keep the mbox's word
// for it (a program that reads mail from a pipe would wait for the next
// line before it sees the URL).
func TestReaderDoesNotWait(t *testing.T) {
	msg := "From: a@example.org\nMIME-Version: 1.0\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"see <URL:http://a.example/x>\nthe rest, not yet sent"
	rd, br := NewReader(), bufio.NewReaderSize(nil, 64<<10)
	for _, first := range []bool{false, true} {
		if first {
			br.Reset(bytes.NewReader(smallMessages(3)))
			// Stopped in a message read in place: the mbox then says
			// that its input is all in memory.
			for range rd.Matches(br, Mbox, Start{}) {
				break
			}
		}
		var got []string
		r := &trap{in: []byte(msg), done: func() bool { return len(got) > 0 }}
		br.Reset(r)
		for m := range rd.Matches(br, Message, Start{}) {
			got = append(got, strings.Clone(m.URL))
		}
		if len(got) != 1 || got[0] != "http://a.example/x" || r.early {
			t.Errorf("after an mbox %v: %q, read on before it was handed over: %v", first, got, r.early)
		}
	}
}
