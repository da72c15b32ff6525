package source

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/scanner"
)

// TestCount: line breaks are counted as scanner.Lines counts them, a CR LF
// that the range cuts on the side of its CR.
func TestCount(t *testing.T) {
	for _, c := range []struct {
		before, in string // the byte before the range, and the range
		want       int
	}{
		{"", "a\nb\r\nc\rd", 3},
		{"", "a\r", 1},   // the CR of a CR LF that the range cuts: the break is here
		{"\r", "\na", 0}, // and not in the next range
		{"x", "\na", 1},
		{"x", "a\r", 1},
		{"", "\n\r\n\r\r", 4},
	} {
		in := c.before + c.in + "\nzz" // more after the range
		a, b := int64(len(c.before)), int64(len(c.before)+len(c.in))
		lines, _, err := Count(strings.NewReader(in), mail.Text, a, b, int64(len(in)))
		if err != nil || lines != c.want {
			t.Errorf("Count(%q after %q) = %d, %v; want %d", c.in, c.before, lines, err, c.want)
		}
	}
}

// splitMbox is an mbox of 2n messages (a "From " line after an empty
// line starts one), with "From " lines that start none, CR LF, and quoted
// From lines.
func splitMbox(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "From a%d@example.org Mon Jan  1 00:00:00 2001\nSubject: %d\n\nFrom the body <http://x%d.example/>\nFrom inside\n>From quoted\r\n\r\n", i, i, i)
	}
	return b.Bytes()
}

// TestPieces: however a file is cut into blocks, the pieces that their
// summaries give start at message starts (line starts in text), follow one
// another to the end, and each Start holds the line and the messages
// before it, counted over the whole file.
func TestPieces(t *testing.T) {
	mbox := splitMbox(40)
	for _, c := range []struct {
		kind mail.Kind
		in   []byte
	}{{mail.Mbox, mbox}, {mail.Text, []byte(strings.Repeat("a line\r\nand\rmore\n", 50))}} {
		size := int64(len(c.in))
		for _, block := range []int64{1, 7, 100, 1000, size} {
			var blocks []Block
			for lo := int64(0); lo < size; lo += block {
				b, err := Summarize(bytes.NewReader(c.in), c.kind, lo, min(lo+block, size), size)
				if err != nil {
					t.Fatal(err)
				}
				blocks = append(blocks, b)
			}
			ps := Pieces("f", size, blocks)
			next := int64(0)
			for _, p := range ps {
				if p.Lo != next || p.Hi <= p.Lo || !PieceAt(c.kind, c.in, int(p.Lo), 0) {
					t.Fatalf("%v, blocks of %d: piece %+v after %d", c.kind, block, p, next)
				}
				next = p.Hi
				want := mail.Start{}
				if p.Lo > 0 {
					want.Pos = scanner.Position{Line: 1, Column: 1}.Advance(c.in[:p.Lo])
					want.Pos.Filename = "f"
					for i := range int(p.Lo) {
						if c.kind == mail.Mbox && mail.MessageAt(c.in, i, true) {
							want.Messages++
						}
					}
				}
				if p.At != want {
					t.Errorf("%v, blocks of %d: piece at %d: %+v, want %+v", c.kind, block, p.Lo, p.At, want)
				}
			}
			if next != size {
				t.Errorf("%v, blocks of %d: the pieces end at %d of %d", c.kind, block, next, size)
			}
		}
	}
}

// short is a file that ends before its size.
type short struct {
	b    []byte
	size int64
}

func (s short) ReadAt(p []byte, off int64) (int, error) { return bytes.NewReader(s.b).ReadAt(p, off) }

// TestShortFile: a file that ends before its size is io.ErrUnexpectedEOF,
// after the piece starts found in what was read.
func TestShortFile(t *testing.T) {
	in := splitMbox(10)
	f := short{in[:300], int64(len(in))}
	first, err := NextPiece(f, mail.Mbox, 1, f.size, f.size)
	if err != nil || !mail.MessageAt(in, int(first), true) || first > 300 {
		t.Fatalf("NextPiece = %d, %v", first, err)
	}
	if at, err := NextPiece(f, mail.Mbox, 290, f.size, f.size); err != io.ErrUnexpectedEOF || at != 295 {
		t.Errorf("past what was read: %d, %v; want 295, %v", at, err, io.ErrUnexpectedEOF)
	}
	if _, _, err := Count(f, mail.Mbox, 0, f.size, f.size); err != io.ErrUnexpectedEOF {
		t.Errorf("Count: %v", err)
	}
	if _, err := Summarize(f, mail.Mbox, 200, 400, f.size); err != io.ErrUnexpectedEOF {
		t.Errorf("Summarize: %v", err)
	}
}

func TestLineStart(t *testing.T) {
	in := "ab\ncd\n\nefg" + strings.Repeat("x", 3*splitRead) + "\nh"
	r := strings.NewReader(in)
	for _, c := range []struct{ t, want int64 }{
		{-5, 0}, {0, 0}, {1, 0}, {2, 0}, {3, 3}, {5, 3}, {6, 6}, {7, 7}, {8, 7},
		{int64(len(in)) - 2, 7}, // a line longer than what is read at a time
		{int64(len(in)) - 1, int64(len(in)) - 1},
	} {
		if got, err := LineStart(r, c.t); err != nil || got != c.want {
			t.Errorf("LineStart(%d) = %d, %v; want %d", c.t, got, err, c.want)
		}
	} // The next line start, past the first page that NextPiece reads and
	// the reads after it.
	size := int64(len(in))
	if got, err := NextPiece(r, mail.Text, 8, size, size); err != nil || got != size-1 {
		t.Errorf("NextPiece(8) = %d, %v; want %d", got, err, size-1)
	}
	if got, err := NextPiece(r, mail.Text, 4, size, size); err != nil || got != 6 {
		t.Errorf("NextPiece(4) = %d, %v; want 6", got, err)
	}
}
