// Package scanner finds the candidate URL wrappers of RFC 1738's Appendix
// in a stream of bytes: every "<" up to the first ">" after it, with its
// position and raw text.
//
// A Scanner reads its input through one bounded buffer and never holds
// more than the longest wrapper it accepts plus one read. Use it as
// bufio.Scanner is used:
//
//	s := scanner.New(r, scanner.Filename("mail.txt"))
//	for s.Scan() {
//		c := s.Candidate() // c.Raw is valid until the next Scan
//		...
//	}
//	if err := s.Err(); err != nil { ... }
//
// Scan returns false at the end of the input or at the first read error;
// Err is nil at a clean end. The candidates found before an error are all
// returned first: an error never takes back what was found. A candidate
// still open when reading fails is not returned: nobody knows where it
// would have ended.
//
// The rules: "<" opens a candidate and the first ">" after it closes it.
// A candidate is abandoned when another "<" comes first (that "<" opens
// the next candidate), when it would grow past the maximum length (it is
// cut there and scanning goes on with the next byte), or when the input
// ends. Input is read as UTF-8; an invalid byte is a character of its
// own. Lines break at LF, CR LF or a lone CR. Scanning takes time linear
// in the input, whatever the input.
package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// DefaultMaxLength is the default maximum length of a wrapper in bytes,
// both brackets included.
const DefaultMaxLength = 8192

// readSize is how much the scanner asks of its reader at a time.
const readSize = 64 << 10

// The reasons a candidate is abandoned, as the Unterminated.Err of a
// Candidate.
var (
	ErrTooLong      = errors.New("longer than the maximum wrapper length")
	ErrAnotherOpen  = errors.New(`another "<" came before ">"`)
	ErrInputEnded   = errors.New(`the input ended before ">"`)
	errReadProgress = io.ErrNoProgress
)

// Unterminated says why a candidate has no closing ">".
type Unterminated struct {
	Err  error    // ErrTooLong, ErrAnotherOpen or ErrInputEnded
	Next Position // for ErrAnotherOpen, the position of that "<"
	Max  int      // for ErrTooLong, the maximum length
}

func (u *Unterminated) Error() string {
	switch u.Err {
	case ErrAnotherOpen:
		return fmt.Sprintf(`another "<" at line %d column %d came before ">"`, u.Next.Line, u.Next.Column)
	case ErrTooLong:
		return fmt.Sprintf("longer than %d bytes", u.Max)
	}
	return u.Err.Error()
}

func (u *Unterminated) Unwrap() error { return u.Err }

// Candidate is one wrapper found in the input.
type Candidate struct {
	// Pos is the position of the "<".
	Pos Position
	// Raw is the input from "<" to ">" inclusive, or to where the
	// candidate was abandoned. It is valid until the next call to Scan.
	Raw []byte
	// Breaks holds the offsets in Raw of its line breaks (of the CR of a
	// CR LF).
	Breaks []int
	// Err is nil when ">" closed the candidate, and otherwise an
	// *Unterminated saying why it was abandoned.
	Err error
}

// Option configures a Scanner.
type Option func(*Scanner)

// Filename sets the file name that positions carry.
func Filename(name string) Option { return func(s *Scanner) { s.name = name } }

// MaxLength sets the maximum length of a wrapper in bytes, both brackets
// included (DefaultMaxLength when n < 2). A longer candidate is abandoned
// with ErrTooLong. The scanner's memory grows with it.
func MaxLength(n int) Option {
	return func(s *Scanner) {
		if n >= 2 {
			s.max = n
		}
	}
}

// Scanner finds candidates in an input. Create one with New.
type Scanner struct {
	rd   io.Reader
	name string
	max  int

	buf  []byte
	base int64 // input offset of buf[0]
	r    int   // next byte of buf to scan
	w    int   // end of the data in buf
	eof  bool
	err  error // sticky read error, reported by Err once the data is used up

	open    int      // offset in buf of the "<" of the open candidate, or -1
	openPos Position // its position
	track   tracker  // line and column at buf offset track.at

	cand   Candidate
	breaks []int
	done   bool
}

// New returns a Scanner that reads r.
func New(r io.Reader, opts ...Option) *Scanner {
	s := &Scanner{rd: r, max: DefaultMaxLength, open: -1}
	for _, o := range opts {
		o(s)
	}
	s.buf = make([]byte, max(readSize, 2*s.max))
	s.track = tracker{line: 1, col: 1}
	return s
}

// Candidate returns the candidate found by the last call to Scan.
func (s *Scanner) Candidate() Candidate { return s.cand }

// Err returns the first read error, or nil at a clean end of the input.
func (s *Scanner) Err() error {
	if !s.done {
		return nil
	}
	return s.err
}

// Scan finds the next candidate. It returns false when there is none:
// at the end of the input, or at a read error (see Err).
func (s *Scanner) Scan() bool {
	if s.done {
		return false
	}
	for {
		if s.open < 0 {
			i := bytes.IndexByte(s.buf[s.r:s.w], '<')
			if i < 0 {
				s.r = s.w
				if s.eof || s.err != nil {
					s.finish()
					return false
				}
				s.fill()
				continue
			}
			s.open = s.r + i
			s.openPos = s.pos(s.open)
			s.r = s.open + 1
		}
		// The candidate at s.open may take up to s.max bytes; the byte
		// after those decides between another "<" and a candidate too long.
		cut := s.open + s.max
		limit := min(s.w, cut+1)
		if i := indexBracket(s.buf[s.r:limit]); i >= 0 {
			at := s.r + i
			switch {
			case s.buf[at] == '<':
				// Another "<": it opens the next candidate.
				next := s.pos(at)
				s.emit(at, &Unterminated{Err: ErrAnotherOpen, Next: next})
				s.r, s.open, s.openPos = at+1, at, next
				return true
			case at < cut:
				s.emit(at+1, nil)
				s.r, s.open = at+1, -1
				return true
			}
		}
		if limit > cut {
			s.emit(cut, &Unterminated{Err: ErrTooLong, Max: s.max})
			s.r, s.open = cut, -1
			return true
		}
		s.r = limit
		if s.eof || s.err != nil {
			if s.err == nil {
				s.emit(s.w, &Unterminated{Err: ErrInputEnded})
				s.open = -1
				return true
			}
			// A read error leaves the open candidate undecided: it is
			// not reported, and the error says where reading stopped.
			s.finish()
			return false
		}
		s.fill()
	}
}

// indexBracket returns the index of the first "<" or ">" in b, or -1.
func indexBracket(b []byte) int {
	for i, c := range b {
		if c == '<' || c == '>' {
			return i
		}
	}
	return -1
}

// emit makes the candidate at s.open, ending at buf offset end, current.
func (s *Scanner) emit(end int, err error) {
	raw := s.buf[s.open:end]
	s.breaks = s.breaks[:0]
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\r':
			s.breaks = append(s.breaks, i)
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case '\n':
			s.breaks = append(s.breaks, i)
		}
	}
	s.cand = Candidate{Pos: s.openPos, Raw: raw, Breaks: s.breaks, Err: err}
}

// finish ends the scan, turning a read error into one with a position.
func (s *Scanner) finish() {
	s.done = true
	if s.err != nil {
		s.err = &Error{Pos: s.pos(s.w), Err: s.err}
	}
}

// pos returns the position of buf offset i. The tracker moves forward
// to i, so positions must be asked for in increasing order.
func (s *Scanner) pos(i int) Position {
	s.track.advance(s.buf[s.track.at:i], i)
	return Position{Filename: s.name, Offset: s.base + int64(i), Line: s.track.line, Column: s.track.col}
}

// fill moves the data still needed to the front of the buffer and reads
// more after it.
func (s *Scanner) fill() {
	keep := s.r
	if s.open >= 0 {
		keep = s.open
	}
	// The tracker must not lose the bytes before keep. It stops short of
	// a rune that may be cut by the end of the data: those bytes stay.
	if s.track.at < keep {
		end := s.track.at + runeSafe(s.buf[s.track.at:keep])
		s.track.advance(s.buf[s.track.at:end], end)
	}
	keep = min(keep, s.track.at)
	if keep > 0 {
		copy(s.buf, s.buf[keep:s.w])
		s.base += int64(keep)
		s.w -= keep
		s.r -= keep
		s.track.at -= keep
		if s.open >= 0 {
			s.open -= keep
		}
	}
	for empty := 0; ; empty++ {
		n, err := s.rd.Read(s.buf[s.w:])
		s.w += n
		if err == io.EOF {
			s.eof = true
		} else if err != nil {
			s.err = err
		}
		if n > 0 || err != nil {
			return
		}
		if empty == 100 {
			s.err = errReadProgress
			return
		}
	}
}

// runeSafe returns how many bytes of b can be decoded without knowing
// what follows: all of b but a final incomplete UTF-8 sequence.
func runeSafe(b []byte) int {
	for k := len(b) - 1; k >= 0 && k >= len(b)-utf8.UTFMax+1; k-- {
		if utf8.RuneStart(b[k]) {
			if !utf8.FullRune(b[k:]) {
				return k
			}
			break
		}
	}
	return len(b)
}

// tracker counts lines and columns.
type tracker struct {
	at        int // buf offset the counts are at
	line, col int
	prevCR    bool // the byte before at is a CR
}

// advance moves the tracker over b, which ends at buf offset to.
func (t *tracker) advance(b []byte, to int) {
	t.at = to
	if len(b) == 0 {
		return
	}
	last, n := -1, 0
	if bytes.IndexByte(b, '\r') < 0 {
		if n = bytes.Count(b, nl); n > 0 {
			last = bytes.LastIndexByte(b, '\n')
			if t.prevCR && b[0] == '\n' {
				n-- // the LF of a CR LF whose CR was counted
			}
		}
	} else {
		prevCR := t.prevCR
		for i, c := range b {
			switch c {
			case '\r':
				n++
				last = i
			case '\n':
				if !prevCR {
					n++
				}
				last = i
			}
			prevCR = c == '\r'
		}
	}
	t.prevCR = b[len(b)-1] == '\r'
	t.line += n
	if last >= 0 {
		t.col = 1 + utf8.RuneCount(b[last+1:])
	} else {
		t.col += utf8.RuneCount(b)
	}
}

var nl = []byte{'\n'}
