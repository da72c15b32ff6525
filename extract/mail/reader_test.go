package mail

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
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
	var c Counts
	rd.SetFilename(name)
	br.Reset(bytes.NewReader(in.in))
	rd.EachFrom(br, in.kind, in.at, &c, func(m *extract.Match, err error) bool {
		out = append(out, fmt.Sprintf("%+v %v", *m, err))
		return in.stop == 0 || len(out) < in.stop
	})
	return append(out, fmt.Sprintf("counts %+v", c))
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
