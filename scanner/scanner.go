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
//		c := s.Candidate() // *c is valid until the next Scan
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
// own. Lines break at LF, CR LF or a lone CR. Two rules of real documents
// are the scanner's, because they move where a wrapper ends: the quote
// prefixes of mail replies (QuotePrefixes) and fullwidth brackets
// (Fullwidth); both are on by default. Scanning takes time linear in the
// input, whatever the input.
//
// A caller that wants only the candidates that may hold a URL sets the
// Skip... modes: the scanner then drops the others before working out
// anything about them, which keeps input made of "<" fast.
//
// What this package exports is what the layers above it read: a
// Candidate's layout (Lead, Quote, Prefixes, QuoteClosed, Unquoted) is
// what package wrap needs to read a wrapper as its writer meant it, the
// Prose mode and its Kinds what package extract needs for URLs written
// without a wrapper, and Position (with Advance) the one position type of
// every package. How the scanner finds and counts (its finders, its line
// counter, its buffer) is unexported.
package scanner

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// DefaultMaxLength is the default maximum length of a wrapper in bytes,
// both brackets included.
const DefaultMaxLength = 8192

// LeadMax is the most of a candidate's opening line, before its "<",
// that Candidate.Lead holds.
const LeadMax = 64

// readSize is how much the scanner asks of its reader at a time.
const readSize = 128 << 10

// The reasons a candidate is abandoned, as the Unterminated.Err of a
// Candidate.
var (
	ErrTooLong     = errors.New("longer than the maximum wrapper length")
	ErrAnotherOpen = errors.New(`another "<" came before ">"`)
	ErrInputEnded  = errors.New(`the input ended before ">"`)
	ErrQuoteEnded  = errors.New(`the quoted text ended before ">"`)
)

// Unterminated says why a candidate has no closing ">".
type Unterminated struct {
	Err  error    // ErrTooLong, ErrAnotherOpen, ErrInputEnded or ErrQuoteEnded
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

// Span is a part of a candidate's Raw, from Start up to End.
type Span struct{ Start, End int }

// Candidate is one wrapper found in the input.
type Candidate struct {
	// Pos is the position of the "<".
	Pos Position
	// Raw is the input from "<" to ">" inclusive, or to where the
	// candidate was abandoned. It is valid until the next call to Scan.
	Raw []byte
	// Body is the part of Raw between the brackets (up to the end of
	// Raw when the candidate was abandoned). A fullwidth bracket takes
	// three bytes.
	Body Span
	// Lead is the start of the line on which the candidate opens, up to
	// its "<" and at most LeadMax bytes.
	Lead []byte
	// Quote holds the markers (">" or "|", without the spaces) of the
	// quote prefix that starts that line, "" when there is none or the
	// QuotePrefixes rule is off.
	Quote string
	// Prefixes are the quote prefixes at the start of continuation
	// lines, which are not part of the wrapper.
	Prefixes []Span
	// QuoteClosed says the closing ">" is the first ">" of a quote
	// prefix: read with the prefixes removed, the candidate was
	// abandoned, so that ">" is taken as the writer's.
	QuoteClosed bool
	// Unquoted says the candidate, opened on a quoted line, closes on a
	// line without the quote prefix: a mailer re-wrapped the quoted
	// line and put its end on a line of its own.
	Unquoted bool
	// Err is nil when ">" closed the candidate, and otherwise an
	// *Unterminated saying why it was abandoned.
	Err error
	// Kind is Wrapper for a wrapper, and otherwise says how a URL
	// written without one was found (Prose mode). Such a candidate's
	// Raw is its text, from its first character to its last (on a later
	// line when a hyphen ended its first), Body all of Raw, and
	// Prefixes what starts its continuation lines: indentation, quote
	// prefix, line number.
	Kind Kind
}

// Breaks returns the offsets in Raw of the candidate's line breaks (of the
// CR of a CR LF).
func (c Candidate) Breaks() []int {
	var breaks []int
	for i := 0; i < len(c.Raw); i++ {
		switch c.Raw[i] {
		case '\r':
			breaks = append(breaks, i)
			if i+1 < len(c.Raw) && c.Raw[i+1] == '\n' {
				i++
			}
		case '\n':
			breaks = append(breaks, i)
		}
	}
	return breaks
}

// finder finds the occurrences of one byte in the buffer, searching each
// part of it once however often it is asked: it knows that the buffer
// holds no c in [from, end) but at next (-1 when none). With a filter,
// it passes over the occurrences that cannot start what is looked for
// (see filtered), as if they were not there.
type finder struct {
	c               byte
	filter          filter
	p               *prose // of the schemes filter
	from, end, next int
}

// find returns the offset of the first c in buf[i:j], or -1. buf ends
// where the data does.
func (f *finder) find(buf []byte, i, j int) int {
	if i < f.from && f.from <= j {
		// Searching again from further back (after a candidate closed
		// at a quote marker): only the bytes before what is known are
		// new.
		if k := f.index(buf, i, f.from); k >= 0 {
			f.from, f.end, f.next = i, k+1, k
		} else {
			f.from = i
		}
	}
	if i < f.from || i > f.end {
		f.from, f.end, f.next = i, i, -1 // what is known does not help
	}
	if f.next >= i {
		if f.next < j {
			return f.next
		}
		return -1
	}
	if f.end >= j {
		return -1
	}
	// Without a filter, the search goes on past j to the end of the
	// data: the next calls, for the spans after this one, then cost no
	// search of their own until that c.
	lim := j
	if f.filter == all || f.filter == fullwidth {
		lim = len(buf)
	}
	k := f.index(buf, f.end, lim)
	if k < 0 {
		f.from, f.end, f.next = i, lim, -1
		return -1
	}
	f.from, f.next = i, k
	f.end = k + 1
	if k >= j {
		return -1
	}
	return k
}

// index returns the offset of the first c in buf[i:j] that the filter
// keeps, or -1.
func (f *finder) index(buf []byte, i, j int) int {
	switch f.filter {
	case all:
	case fullwidth:
		return fullwidthIndex(buf, i, j)
	default:
		return f.filtered(buf[:j], i)
	}
	if k := bytes.IndexByte(buf[i:j], f.c); k >= 0 {
		return i + k
	}
	return -1
}

// fullwidthIndex returns the offset of the first 0xEF in buf[i:j] that
// 0xBC follows, or that ends buf (the data may go on with 0xBC), or -1.
func fullwidthIndex(buf []byte, i, j int) int {
	end := min(j+1, len(buf)) // 0xBC at j follows an 0xEF in range
	for from := i + 1; from < end; {
		k := bytes.IndexByte(buf[from:end], 0xBC)
		if k < 0 {
			break
		}
		if k += from; buf[k-1] == 0xEF {
			return k - 1
		}
		from = k + 1
	}
	if n := len(buf); n > i && n <= j && buf[n-1] == 0xEF {
		return n - 1
	}
	return -1
}

// reset makes f know nothing of the data.
func (f *finder) reset() { f.from, f.end, f.next = 0, 0, -1 }

// learn tells f that buf[i:j] holds no c (that the filter keeps), found
// out otherwise. What f knew is kept when the two join.
func (f *finder) learn(i, j int) {
	switch {
	case i >= j:
	case f.next < 0 && f.from <= i && i <= f.end:
		f.end = max(f.end, j)
	default:
		f.from, f.end, f.next = i, j, -1
	}
}

// none reports whether f knows, without a search, that buf[i:j] holds no
// c.
func (f *finder) none(i, j int) bool {
	return f.from <= i && j <= f.end && (f.next < i || f.next >= j)
}

// shift keeps f right when the buffer moves n bytes to the front.
func (f *finder) shift(n int) {
	if f.end <= n || f.from < n && (f.filter != all && f.filter != fullwidth || noLearn) {
		// It knew of bytes now gone, or of bytes that its filter judged
		// by what came before them.
		f.from, f.end, f.next = 0, 0, -1
		return
	}
	if f.from < n {
		// What it knew of the bytes that stay holds.
		f.from = n
		if f.next < n {
			f.next = -1
		}
	}
	f.from -= n
	f.end -= n
	if f.next >= 0 {
		f.next -= n
	}
}

// Option configures a Scanner.
type Option func(*Scanner)

// Filename sets the file name that positions carry.
func Filename(name string) Option { return func(s *Scanner) { s.name = name } }

// MaxLengthLimit is the largest maximum length a Scanner takes: 1 MiB.
const MaxLengthLimit = 1 << 20

// MaxLength sets the maximum length of a wrapper in bytes, both brackets
// included (DefaultMaxLength when n < 2, MaxLengthLimit when n is
// larger). A longer candidate is abandoned with ErrTooLong. The scanner's
// memory grows with it: its buffer holds twice that, or 128 KiB.
func MaxLength(n int) Option {
	return func(s *Scanner) {
		if n >= 2 {
			s.max = min(n, MaxLengthLimit)
		}
	}
}

// Mode selects the rules that go beyond "<" and ">".
type Mode uint

const (
	// QuotePrefixes: when the line on which a wrapper opens starts with
	// a quote prefix (">" or "|" markers, each optionally followed by a
	// space), the same prefix at the start of a continuation line is
	// not part of the wrapper, and its ">" does not close it. When the
	// wrapper, so read, would be abandoned, the first such ">" closes it.
	QuotePrefixes Mode = 1 << iota
	// Fullwidth: "＜" (U+FF1C) and "＞" (U+FF1E) are brackets too.
	Fullwidth
	// SkipEmpty: a candidate with nothing between its brackets ("<>",
	// or "<" right before another "<") is not returned. A run of "<"
	// then costs little more than reading it.
	SkipEmpty
	// SkipAbandoned: a candidate without its ">" is not returned; its
	// position is then never worked out.
	SkipAbandoned
	// SkipColonless: a candidate with no ":" (nor the first byte of a
	// fullwidth "："), which holds neither "URL:" nor a scheme, is not
	// returned.
	SkipColonless
	// SkipUnfit: a candidate whose first line holds a byte that no URL
	// holds and no rule removes (a control character that is not white
	// space, or a byte that never occurs in UTF-8) is not returned: it
	// has no valid reading.
	SkipUnfit
	// Prose: also URLs written without a wrapper, as candidates of
	// another Kind: a scheme that ProseSchemes takes and ":" at the
	// start of a word, and host names that start with "www." or "ftp.".
	// Where such a URL ends is the rule of its Kind (see package
	// extract); one inside a wrapper is returned after the wrapper.
	Prose
	// Schemeless: with Prose, also bare host names ("example.com/a")
	// and e-mail addresses, by their shape alone.
	Schemeless

	DefaultMode = QuotePrefixes | Fullwidth
)

// Rules sets the rules in force (DefaultMode when not given).
func Rules(m Mode) Option { return func(s *Scanner) { s.mode = m } }

// Scanner finds candidates in an input. Create one with New.
type Scanner struct {
	rd   io.Reader
	own  []byte // the buffer that fill reads into; buf is b while ResetBytes's b is scanned
	name string
	max  int
	mode Mode
	stop [256]uint8 // 1 for the bytes that may decide a candidate
	// quick: findOpen decides short candidates with skipHopeless.
	quick bool
	// others holds the bytes of stop but "<", for lastOfRun.
	others []byte

	buf  []byte
	base int64 // input offset of buf[0]
	r    int   // next byte of buf to scan
	w    int   // end of the data in buf
	eof  bool
	err  error // sticky read error, reported by Err once the data is used up

	// The open candidate.
	open     int      // offset in buf of its "<", or -1
	openLen  int      // length of that bracket
	fixed    bool     // openPos and lead are worked out
	openPos  Position // its position
	lead     []byte   // its Lead, in leadBuf
	leadBuf  [LeadMax]byte
	headBuf  [LeadMax]byte // lineHead's, when the tracker's head and the buffer make it
	quote    string        // its Quote
	prefixes []Span
	fallback int  // buf offset of the first ">" of a quote prefix, or -1
	unquoted bool // it goes on on a line without its quote prefix

	track tracker // line and column at buf offset track.at

	cand  Candidate  // the prose candidate returned last
	pend  Candidate  // the wrapper decided last
	cur   *Candidate // the candidate returned last: cand or pend
	ready bool       // pend is new: Scan returns it
	done  bool

	prose prose // the finder of URLs without wrappers (Prose mode)

	// The next "<", ">", 0xEF followed by 0xBC (the first bytes of "＜"
	// and "＞"), LF and CR in the buffer, each searched for once.
	lt, gt, ef, lf, cr finder
	evBuf              [5]*finder
	// The next line break after the tracker.
	lfLine, crLine finder
}

// New returns a Scanner that reads r.
func New(r io.Reader, opts ...Option) *Scanner {
	s := &Scanner{max: DefaultMaxLength, mode: DefaultMode}
	for _, o := range opts {
		o(s)
	}
	s.own = make([]byte, max(readSize, 2*s.max))
	s.stop['<'], s.stop['>'] = 1, 1
	if s.mode&Fullwidth != 0 {
		s.stop[0xEF] = 1
	}
	if s.mode&QuotePrefixes != 0 {
		s.stop['\n'], s.stop['\r'] = 1, 1
	}
	for c := range 256 {
		if s.stop[c] != 0 && c != '<' {
			s.others = append(s.others, byte(c))
		}
	}
	s.prose.on = s.mode&(Prose|Schemeless) != 0
	s.quick = useVector && s.mode == quickMode
	s.prose.schemeless = s.mode&Schemeless != 0
	s.lt.c, s.gt.c, s.ef.c, s.lf.c, s.cr.c, s.lfLine.c, s.crLine.c = '<', '>', 0xEF, '\n', '\r', '\n', '\r'
	s.ef.filter = fullwidth
	s.proseInit()
	s.Reset(r)
	return s
}

// Reset makes the Scanner read r from its start, as New would, keeping
// its options and its buffer.
func (s *Scanner) Reset(r io.Reader) {
	// Field by field, not as one composite literal: a mail archive resets
	// the Scanner for every part, and copying the whole struct (1.5 KiB,
	// its tables included, with write barriers while the collector ran)
	// took a tenth of the time of a small message.
	s.rd, s.buf = r, s.own
	s.base, s.r, s.w, s.eof, s.err = 0, 0, 0, false, nil
	s.open, s.openLen, s.fixed, s.openPos, s.lead = -1, 0, false, Position{}, nil
	s.quote, s.prefixes, s.fallback, s.unquoted = "", s.prefixes[:0], 0, false
	s.track.counter, s.track.at, s.track.headLen = newCounter(), 0, 0
	s.pend, s.cur, s.ready, s.done = Candidate{}, nil, false, false
	for _, f := range [...]*finder{&s.lt, &s.gt, &s.ef, &s.lf, &s.cr, &s.lfLine, &s.crLine} {
		f.reset()
	}
	s.evBuf = [5]*finder{}
	if s.prose.on { // off, nothing of it is read
		s.cand = Candidate{}
		s.proseReset()
	}
}

// ResetBytes makes the Scanner read b, the whole input, where it lies,
// with positions from at as ResetAt counts them: no reader, no copy into
// the Scanner's buffer. err, when not nil, is the read error that would
// end the input after b, as a reader gives it, and Err reports it. The
// candidates' Raw are then views of b, which must not change until the
// next Reset. An input in memory, a decoded mail part or a header block,
// costs no round trip through a reader: small messages paid for those.
func (s *Scanner) ResetBytes(b []byte, at Position, err error) {
	s.ResetAt(nil, at)
	s.buf, s.w = b[:len(b):len(b)], len(b)
	s.learn(0)
	if err == nil {
		s.eof = true
	} else {
		s.err = err
	}
}

// SetFilename sets the file name that positions carry from now on.
func (s *Scanner) SetFilename(name string) { s.name = name }

// ResetAt is Reset for a reader whose first byte stands at position at of
// a larger input, at the start of a line (at.Column 1): positions then
// count from there, as if the scan had begun at the input's first byte.
func (s *Scanner) ResetAt(r io.Reader, at Position) {
	s.Reset(r)
	if at.IsValid() {
		s.base = at.Offset
		s.track.Line, s.track.Column = at.Line, max(at.Column, 1)
	}
}

// Settled returns the input offset up to which the scan is settled: every
// candidate still to come opens at or after it. While the Scanner reads
// (from inside its reader's Read), what lies before it has all been
// returned; a reader that finds things of its own, as package mail's HTML
// reader finds links, may hand over those that stand before it.
func (s *Scanner) Settled() int64 {
	at := s.r
	if s.open >= 0 {
		at = s.open
	}
	if s.prose.on {
		at = min(at, s.proseKeep())
	}
	return s.base + int64(at)
}

// Candidate returns the candidate found by the last call to Scan (nil
// before one is found). It is valid until the next call to Scan, which
// overwrites it.
func (s *Scanner) Candidate() *Candidate { return s.cur }

// Err returns the first read error, or nil at a clean end of the input.
func (s *Scanner) Err() error {
	if !s.done {
		return nil
	}
	return s.err
}

// The fullwidth brackets, in UTF-8.
const (
	fullOpen  = "\uFF1C"
	fullClose = "\uFF1E"
)

// bracket returns 1 or 3 when buf[i] starts an opening ('<') or closing
// ('>') bracket, 0 when it starts none, and -1 when the data ends too
// soon to tell.
func (s *Scanner) bracket(i int, which byte) int {
	c := s.buf[i]
	switch {
	case c == which:
		return 1
	case c != 0xEF || s.mode&Fullwidth == 0:
		return 0
	case i+3 > s.w:
		if s.eof || s.err != nil {
			return 0
		}
		return -1
	}
	full := fullOpen
	if which == '>' {
		full = fullClose
	}
	if string(s.buf[i:i+3]) == full {
		return 3
	}
	return 0
}

// Scan finds the next candidate. It returns false when there is none:
// at the end of the input, or at a read error (see Err).
func (s *Scanner) Scan() bool {
	for {
		if s.prose.on && s.nextProse() {
			return true
		}
		if s.ready {
			s.ready = false
			s.cur = &s.pend
			return true
		}
		if s.done {
			return false
		}
		s.advance()
	}
}

// advance scans for wrappers until one is decided, the input ends, or
// prose candidates wait that must be returned before the buffer moves.
func (s *Scanner) advance() {
	for {
		if s.open < 0 {
			if !s.findOpen() {
				if s.eof || s.err != nil {
					s.finish()
					return
				}
				if s.proseWaits() {
					return
				}
				s.fill()
				continue
			}
			if s.ready {
				return // decided as soon as found
			}
		}
		decided := s.scanOpen()
		if !decided && (s.eof || s.err != nil) {
			if s.err != nil {
				// A read error leaves the open candidate undecided: it
				// is not reported, and the error says where reading
				// stopped.
				s.finish()
				return
			}
			if s.fallback >= 0 {
				s.closeAtQuote()
			} else if !s.skip(s.w, s.w, true) {
				s.emit(s.w, &Unterminated{Err: ErrInputEnded})
			}
			decided = true
		}
		if decided {
			if s.ready {
				return
			}
			continue
		}
		if s.proseWaits() {
			return
		}
		s.fill()
	}
}

// proseWaits finds the prose candidates before the wrapper scan's place
// and reports whether one can be returned now.
func (s *Scanner) proseWaits() bool {
	if !s.prose.on {
		return false
	}
	limit := s.r
	if s.open >= 0 {
		limit = s.open
	}
	s.proseUpTo(limit, false)
	p := &s.prose
	return p.qhead < len(p.queue) && p.queue[p.qhead].start < limit
}

// findOpen looks for the next opening bracket and opens a candidate
// there, or decides it at once when it closes on its line (s.ready). It
// returns false when the data holds none.
func (s *Scanner) findOpen() bool {
	for {
		i := s.lt.find(s.buf[:s.w], s.r, s.w)
		if s.mode&Fullwidth != 0 {
			end := s.w
			if i >= 0 {
				end = i
			}
			for from := s.r; ; {
				j := s.ef.find(s.buf[:s.w], from, end)
				if j < 0 {
					break
				}
				switch s.bracket(j, '<') {
				case 3:
					s.start(j, 3)
					return true
				case -1:
					// Keep what may be the start of "＜", cut by the end
					// of the data.
					s.r = j
					return false
				}
				from = j + 1
			}
		}
		if i < 0 {
			s.r = s.w
			return false
		}
		if s.mode&SkipEmpty != 0 && i+1 < s.w && s.buf[i+1] == '>' {
			// "<>": an empty candidate, maybe the first of many.
			j := i + 2
			for j+8 <= s.w && binary.LittleEndian.Uint64(s.buf[j:]) == 0x3e3c3e3c3e3c3e3c {
				j += 8
			}
			for j+1 < s.w && s.buf[j] == '<' && s.buf[j+1] == '>' {
				j += 2
			}
			s.r = j
			continue
		}
		if s.mode&SkipEmpty != 0 && i+1 < s.w && s.buf[i+1] == '<' {
			// Each "<" of a run but the last is an empty candidate.
			j := i + 1
			for j+8 <= s.w && binary.LittleEndian.Uint64(s.buf[j:]) == 0x3c3c3c3c3c3c3c3c {
				j += 8
			}
			for j < s.w && s.buf[j] == '<' {
				j++
			}
			i = j - 1
			if j == s.w && !s.eof && s.err == nil {
				s.r = i // the run may go on
				return false
			}
		}
		if s.quick && !noQuick {
			// The short candidates that close on their line, dropped
			// or not, and the text between them, 32 bytes at a time.
			r, k := skipHopeless(s.buf[:s.w], i, s.max)
			if k >= 0 {
				s.closeNow(r, k)
				return true
			}
			if r != i {
				s.r = r
				continue
			}
		}
		// A candidate with no colon before the next "<", wherever it
		// ends (at that "<" at the latest), is dropped; scanning would
		// go on at that "<" in every case. So is one with no colon
		// before a ">" on its line, which closes it: scanning goes on
		// after it. Nothing between can open a candidate either (no
		// 0xEF).
		colon := -1 // a ":" or 0xEF after the "<" at i, where nextOf found it
		for run := 0; s.mode&SkipColonless != 0; {
			// Nearby, one pass finds the "<", ":" or 0xEF that comes
			// first, or the ">" before any line break; further on, the
			// searches below.
			j, c := nextOf(s.buf[i+1 : min(s.w, i+1+min(nearby, s.max))])
			if c == '>' && j+1 < s.max {
				s.r, i = i+2+j, -1
				break
			}
			if c == '<' {
				i += 1 + j
				if run++; run > 1 {
					// A run of them, as in lines of quoted text with a
					// "<" each: to its last by searches.
					i = s.lastOfRun(i, colons)
				}
				continue
			} else if c != 0 {
				colon = i + 1 + j
				break
			}
			j = s.lt.find(s.buf[:s.w], i+1, s.w)
			if j < 0 || j > i+s.max || !colonless(s.buf[i+1:j]) {
				break
			}
			i = j
		}
		if i < 0 {
			continue
		}
		// A candidate on one line, that another "<" abandons or a ">"
		// closes with nothing worth returning, is dropped here, before
		// any of the machinery of start and scanOpen.
		if s.mode&(SkipAbandoned|SkipEmpty|SkipColonless|SkipUnfit) != 0 {
			abandoned := 0
			for {
				k, lim := i+1, min(s.w, i+s.max+1)
				for ; k+8 <= lim; k += 8 {
					// Eight bytes a step, none of them a stop.
					b := s.buf[k : k+8 : k+8]
					if s.stop[b[0]]|s.stop[b[1]]|s.stop[b[2]]|s.stop[b[3]]|s.stop[b[4]]|s.stop[b[5]]|s.stop[b[6]]|s.stop[b[7]] != 0 {
						break
					}
				}
				for k < lim && s.stop[s.buf[k]] == 0 {
					k++
				}
				if k == lim {
					break
				}
				if s.buf[k] == '<' && s.mode&SkipAbandoned != 0 {
					i = k
					if abandoned++; abandoned > 1 {
						// A run of them, as a line of "<" and words may be:
						// to its last by searches.
						i = s.lastOfRun(i, s.others)
					}
					continue
				}
				if s.buf[k] == '>' && k < i+s.max {
					if s.hopeless(s.buf[i+1:k], false, i < colon && colon < k) {
						s.r, i = k+1, -1
						break
					}
					// A candidate that this ">" closes, with no byte
					// between that scanOpen would stop at: decided now.
					s.closeNow(i, k)
					return true
				}
				break
			}
			if i < 0 {
				continue
			}
		}
		s.start(i, 1)
		return true
	}
}

// lastOfRun returns the last "<" of the run of candidates that opens at
// buf offset i, each of them followed by the next "<" within the maximum
// length and before any of the bytes ends. Run on the stops but "<"
// (s.others), it passes over candidates that SkipAbandoned drops; run
// on ":" and 0xEF (the first byte of "：", colons), over candidates that
// SkipColonless drops, whether or not a ">" closes them on their line
// first, and between which nothing opens a candidate. The candidate at
// the last "<" is decided by what comes after it, as it would have been
// had the "<"s been walked to one by one. A window of the maximum length
// at a time is searched for the first of ends, and for the last "<"
// before it; every "<" up to that one is followed by another within the
// window, so within the maximum length.
func (s *Scanner) lastOfRun(i int, ends []byte) int {
	done := i + 1 // buf[i+1:done] holds none of ends
	for {
		hi := min(s.w, i+s.max+1)
		q := hi
		for _, c := range ends {
			if k := bytes.IndexByte(s.buf[done:q], c); k >= 0 {
				q = done + k
			}
		}
		l := bytes.LastIndexByte(s.buf[i+1:q], '<')
		if l < 0 {
			return i
		}
		i += 1 + l
		if q < hi {
			return i // one of ends comes before the next "<"
		}
		done = hi // the next window searches only past this one
	}
}

// colons are the bytes that SkipColonless takes for a colon: ":" and
// 0xEF, the first byte of "：".
var colons = []byte{':', 0xEF}

// closeNow makes the candidate from "<" at buf offset at to ">" at gt
// current, when nothing between them stops scanOpen: start and emit in
// one, the quote prefix read from the lead, which fix works out anyway.
func (s *Scanner) closeNow(at, gt int) {
	s.open, s.openLen, s.fixed = at, 1, false
	s.fix()
	quote := ""
	if s.mode&QuotePrefixes != 0 && len(s.lead) > 0 && (s.lead[0] == '>' || s.lead[0] == '|') {
		quote = leadQuote(s.lead)
	}
	s.pend = Candidate{Pos: s.openPos, Raw: s.buf[at : gt+1], Body: Span{1, gt - at}, Lead: s.lead, Quote: quote}
	s.open, s.r, s.ready = -1, gt+1, true
}

// start opens a candidate at buf offset at, whose bracket takes n bytes.
func (s *Scanner) start(at, n int) {
	s.open, s.openLen, s.fixed = at, n, false
	s.quote = ""
	if s.mode&QuotePrefixes != 0 {
		s.quote = s.lineQuote()
	}
	s.prefixes = s.prefixes[:0]
	s.fallback = -1
	s.unquoted = false
	s.r = at + n
}

// lineQuote returns the quote markers of the line on which the open
// candidate opens, from the bytes before it when that line starts in the
// buffer, from the tracker's head when no line breaks between the tracker
// and the candidate; only otherwise does it work out the candidate's
// position.
func (s *Scanner) lineQuote() string {
	at, t := s.open, &s.track
	if t.at <= at && s.lfLine.find(s.buf[:s.w], t.at, at) < 0 && s.crLine.find(s.buf[:s.w], t.at, at) < 0 {
		// The line goes on from the tracker's: its head is the
		// tracker's, and what follows it.
		var first byte
		switch {
		case t.headLen > 0:
			first = t.head[0]
		case t.at < at:
			first = s.buf[t.at]
		}
		if first != '>' && first != '|' {
			return ""
		}
	} else if lo := max(t.at, at-LeadMax); t.at <= at {
		for k := at - 1; k >= lo; k-- {
			if c := s.buf[k]; c == '\n' || c == '\r' {
				return leadQuote(s.buf[k+1 : at])
			}
		}
	}
	s.fix()
	return leadQuote(s.lead)
}

// fix works out the position and the lead of the open candidate.
func (s *Scanner) fix() {
	if !s.fixed {
		s.openPos = s.pos(s.open)
		s.lead = s.leadBuf[:copy(s.leadBuf[:], s.track.head[:s.track.headLen])]
		s.fixed = true
	}
}

// skip reports whether the open candidate, if it ended at buf offset end
// with its body ending at bodyEnd, would not be returned; if so, it is
// dropped and the scan goes on at end.
func (s *Scanner) skip(end, bodyEnd int, abandoned bool) bool {
	if s.hopeless(s.buf[min(s.open+s.openLen, bodyEnd):bodyEnd], abandoned, false) {
		s.open, s.r = -1, end
		return true
	}
	return false
}

// hopeless reports whether the Skip... modes drop a candidate with this
// body; hasColon, that the body is known to hold a ":" or 0xEF.
func (s *Scanner) hopeless(body []byte, abandoned, hasColon bool) bool {
	return abandoned && s.mode&SkipAbandoned != 0 ||
		len(body) == 0 && s.mode&SkipEmpty != 0 ||
		s.mode&SkipColonless != 0 && !hasColon && colonless(body) ||
		s.mode&SkipUnfit != 0 && unfit(body)
}

// nearby is how far from a "<" findOpen looks byte by byte.
const nearby = 32

// colonStop marks "<", ":" and 0xEF, the first byte of "：" and "＜"; 1
// for those, 2 for ">" and the line breaks, which count only before the
// first line break.
var colonStop = [256]uint8{'<': 1, ':': 1, 0xEF: 1, '>': 2, '\n': 2, '\r': 2}

// nextOf returns the index in b of the first "<", ":" or 0xEF, or of a
// ">" that no line break comes before, and that byte; 0 when b holds
// none. Past a line break, a ">" may be a quote marker, not the end of
// a candidate.
func nextOf(b []byte) (int, byte) {
	j := 0
	for ; j < len(b); j++ {
		if t := colonStop[b[j]]; t != 0 {
			if c := b[j]; t == 1 || c == '>' {
				return j, c
			}
			break
		}
	}
	for ; j < len(b); j++ {
		if colonStop[b[j]] == 1 {
			return j, b[j]
		}
	}
	return 0, 0
}

// colonless reports whether b holds no ":" and no 0xEF, the first byte of
// the fullwidth "：": a loop for the few bytes between brackets, searches
// for more.
func colonless(b []byte) bool {
	if len(b) > 32 {
		return bytes.IndexByte(b, ':') < 0 && bytes.IndexByte(b, 0xEF) < 0
	}
	for _, c := range b {
		if c == ':' || c == 0xEF {
			return false
		}
	}
	return true
}

// unfitByte marks the bytes that no URL holds and that no rule removes
// from a wrapper's first line.
var unfitByte = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = c < '\t' || c > '\r' // not white space
	}
	t[0x7f], t[0xc0], t[0xc1] = true, true, true
	for c := 0xf5; c <= 0xff; c++ {
		t[c] = true // never in UTF-8
	}
	return t
}()

// unfit reports whether the first line of body holds an unfit byte.
func unfit(body []byte) bool {
	// Eight printable ASCII bytes (0x20 to 0x7E) at a time: none is
	// unfit, none breaks the line.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(body) >= 8 {
		x := binary.LittleEndian.Uint64(body)
		if x&highs != 0 || (x+ones)&highs != 0 || (x-0x20*ones)&^x&highs != 0 {
			break
		}
		body = body[8:]
	}
	for _, c := range body {
		switch {
		case c == '\n' || c == '\r':
			return false
		case unfitByte[c]:
			return true
		}
	}
	return false
}

// scanOpen goes on with the open candidate. It returns true when the
// candidate is decided and made current, false when more data is needed.
func (s *Scanner) scanOpen() bool {
	cut := s.open + s.max // the candidate may take the bytes before cut
	for {
		if s.r > cut { // a quote prefix ran past the maximum length
			s.tooLong()
			return true
		}
		// The next byte that may decide something, before lim: looked
		// for byte by byte nearby, where it usually is, and beyond with
		// the finders.
		lim := min(s.w, cut+1)
		at, near := -1, min(lim, s.r+64)
		for k := s.r; k < near; k++ {
			if c := s.buf[k]; s.stop[c] != 0 && (s.quote != "" || c != '\n' && c != '\r') {
				at = k
				break
			}
		}
		if at < 0 {
			at = lim
			if near < lim {
				for _, f := range s.events() {
					if i := f.find(s.buf[:s.w], near, at); i >= 0 {
						at = i
					}
				}
			}
		}
		if at == lim {
			s.r = lim
			if lim > cut {
				s.tooLong()
				return true
			}
			return false
		}
		s.r = at
		n := s.bracket(at, '<')
		if n < 0 {
			return false
		}
		if n > 0 && at <= cut {
			// Another "<": it opens the next candidate.
			if s.fallback >= 0 {
				s.closeAtQuote()
				return true
			}
			if s.skip(at, at, true) {
				return true
			}
			s.fix()
			next := s.pos(at)
			s.emit(at, &Unterminated{Err: ErrAnotherOpen, Next: next})
			s.r = at
			return true
		}
		if at >= cut {
			s.tooLong()
			return true
		}
		if n = s.bracket(at, '>'); n < 0 {
			return false
		} else if n > 0 {
			if at+n > cut {
				s.tooLong()
			} else if !s.skip(at+n, at, false) {
				s.emit(at+n, nil)
				s.r = at + n
			}
			return true
		}
		if c := s.buf[at]; s.quote != "" && (c == '\n' || c == '\r') {
			next, ok, more := s.continuation(at)
			if more {
				return false
			}
			if !ok {
				// The quoted text ends before ">".
				if s.fallback >= 0 {
					s.closeAtQuote()
				} else if !s.skip(at, at, true) {
					s.emit(at, &Unterminated{Err: ErrQuoteEnded})
					s.r = at
				}
				return true
			}
			s.r = next
			continue
		}
		s.r = at + 1
	}
}

// events returns the finders of the bytes that may decide the open
// candidate.
func (s *Scanner) events() []*finder {
	ev := s.evBuf[:0]
	ev = append(ev, &s.gt, &s.lt)
	if s.mode&Fullwidth != 0 {
		ev = append(ev, &s.ef)
	}
	if s.quote != "" {
		ev = append(ev, &s.lf, &s.cr)
	}
	return ev
}

// continuation reads the line break at buf offset at and the quote
// prefix of the line after it. It returns where the wrapper goes on, or
// ok false when that line does not start with the candidate's prefix;
// more is true when the data ends too soon to tell.
func (s *Scanner) continuation(at int) (next int, ok, more bool) {
	b := at + 1
	if s.buf[at] == '\r' && b < s.w && s.buf[b] == '\n' {
		b++
	}
	// The prefix, and the marker after it that would make it deeper.
	if need := b + 2*len(s.quote) + 2; need > s.w && !s.eof && s.err == nil {
		return 0, false, true
	}
	if s.fallback < 0 && b < s.w && b < s.open+s.max && s.buf[b] == '>' {
		s.fallback = b // the first ">" that starts a line, prefix or not
	}
	end, ok := matchQuote(s.buf[b:s.w], s.quote)
	if !ok {
		if s.fallback >= 0 || s.unquoted {
			return 0, false, false
		}
		// A line without the prefix goes on with the wrapper only when
		// it closes it: the quoted line was re-wrapped by a mailer.
		closes, more := s.closesLine(b)
		if closes {
			s.unquoted = true
			return b, true, false
		}
		return 0, false, more
	}
	s.prefixes = append(s.prefixes, Span{b - s.open, b + end - s.open})
	return b + end, true, false
}

// closesLine reports whether the line that starts at buf offset b closes
// the open candidate as a line re-wrapped by a mailer does: it starts
// with a word that ends in ">" (a mailer breaks lines at white space, and
// a URL holds none), with no quote marker, "<" or white space before it;
// more is true when the data ends too soon to tell.
func (s *Scanner) closesLine(b int) (closes, more bool) {
	if b < s.w && (s.buf[b] == '>' || s.buf[b] == '|') {
		return false, false
	}
	lim := min(s.w, s.open+s.max)
	for k := b; k < lim; k++ {
		switch c := s.buf[k]; {
		case c == '>':
			return true, false
		case c == '<' || c <= ' ':
			return false, false
		case c == 0xEF:
			if n := s.bracket(k, '>'); n != 0 {
				return n > 0, n < 0
			}
			if s.bracket(k, '<') != 0 {
				return false, false
			}
		}
	}
	return false, lim == s.w && !s.eof && s.err == nil
}

// closeAtQuote closes the open candidate at the first ">" of a quote
// prefix, and goes on scanning after it.
func (s *Scanner) closeAtQuote() {
	fb := s.fallback
	keep := s.prefixes[:0]
	for _, p := range s.prefixes {
		if s.open+p.Start < fb {
			keep = append(keep, p)
		}
	}
	s.prefixes = keep
	if !s.skip(fb+1, fb, false) {
		s.emit(fb+1, nil)
		s.pend.QuoteClosed = true
	}
	s.r = fb + 1
}

// tooLong abandons the open candidate at its maximum length.
func (s *Scanner) tooLong() {
	if s.fallback >= 0 && s.fallback < s.open+s.max {
		s.closeAtQuote()
		return
	}
	cut := s.open + s.max
	if s.skip(cut, cut, true) {
		return
	}
	keep := s.prefixes[:0]
	for _, p := range s.prefixes {
		if p.End <= s.max {
			keep = append(keep, p)
		}
	}
	s.prefixes = keep
	s.emit(cut, &Unterminated{Err: ErrTooLong, Max: s.max})
	s.r = cut
}

// leadQuote returns the markers of the quote prefix that starts lead.
func leadQuote(lead []byte) string {
	var buf [LeadMax]byte
	m, bars := buf[:0], false
	for i := 0; i < len(lead) && (lead[i] == '>' || lead[i] == '|'); i++ {
		m = append(m, lead[i])
		bars = bars || lead[i] == '|'
		if i+1 < len(lead) && lead[i+1] == ' ' {
			i++
		}
	}
	if !bars {
		return quoteMarkers[:len(m)] // no allocation for the common prefixes
	}
	return string(m)
}

// quoteMarkers holds the markers of every quote prefix of ">" alone.
var quoteMarkers = strings.Repeat(">", LeadMax)

// matchQuote reports whether b starts with a quote prefix of exactly the
// markers quote, each optionally followed by a space, and where it ends.
func matchQuote(b []byte, quote string) (int, bool) {
	i := 0
	for k := 0; k < len(quote); k++ {
		if i >= len(b) || b[i] != quote[k] {
			return 0, false
		}
		i++
		if i < len(b) && b[i] == ' ' {
			i++
		}
	}
	if i < len(b) && (b[i] == '>' || b[i] == '|') {
		return 0, false // a deeper quote
	}
	return i, true
}

// emit makes the candidate at s.open, ending at buf offset end, current,
// and closes it.
func (s *Scanner) emit(end int, err error) {
	s.fix()
	raw := s.buf[s.open:end]
	body := Span{min(s.openLen, len(raw)), len(raw)} // a maximum of 2 cuts "＜"
	if err == nil {
		body.End -= 1
		if bytes.HasSuffix(raw, []byte(fullClose)) {
			body.End -= 2
		}
	}
	s.pend = Candidate{Pos: s.openPos, Raw: raw, Body: body, Lead: s.lead,
		Quote: s.quote, Prefixes: s.prefixes, Unquoted: s.unquoted, Err: err}
	s.open = -1
	s.ready = true
}

// finish ends the scan, turning a read error into one with a position.
func (s *Scanner) finish() {
	if s.prose.on {
		s.proseUpTo(s.w, true)
	}
	s.done = true
	if s.err != nil {
		s.err = &Error{Pos: s.pos(s.w), Err: s.err}
	}
}

// pos returns the position of buf offset i. The tracker moves forward
// to i, so positions must be asked for in increasing order.
func (s *Scanner) pos(i int) Position {
	if s.prose.on {
		s.proseUpTo(i, false)
	}
	s.advanceTo(i)
	return Position{Filename: s.name, Offset: s.base + int64(i), Line: s.track.Line, Column: s.track.Column}
}

// fill moves the data still needed to the front of the buffer and reads
// more after it.
func (s *Scanner) fill() {
	keep := s.r
	if s.open >= 0 {
		keep = s.open
	}
	if s.prose.on {
		keep = min(keep, s.proseKeep())
	}
	// The tracker must not lose the bytes before keep. It stops short of
	// a rune that may be cut by the end of the data: those bytes stay.
	if s.track.at < keep {
		s.advanceTo(s.track.at + runeSafe(s.buf[s.track.at:keep]))
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
		if s.fallback >= 0 {
			s.fallback -= keep
		}
		for _, f := range []*finder{&s.lt, &s.gt, &s.ef, &s.lf, &s.cr, &s.lfLine, &s.crLine} {
			f.shift(keep)
		}
		if s.prose.on {
			s.proseShift(keep)
		}
	}
	for empty := 0; ; empty++ {
		n, err := s.rd.Read(s.buf[s.w:])
		s.w += n
		s.learn(s.w - n)
		if err == io.EOF {
			s.eof = true
		} else if err != nil {
			s.err = err
		}
		if n > 0 || err != nil {
			return
		}
		if empty == 100 {
			s.err = io.ErrNoProgress
			return
		}
	}
}

// learn finds out, in one pass over the data read last, buf[from:s.w],
// whether it holds a CR and the second byte of a fullwidth bracket, and
// tells the finders of each when it does not: most text holds neither,
// and the tracker's line count and the search for fullwidth brackets then
// never look for them.
func (s *Scanner) learn(from int) {
	if from >= s.w || noLearn {
		return
	}
	cr, bc := has2(s.buf[from:s.w], '\r', 0xBC)
	if !cr {
		s.crLine.learn(from, s.w)
	}
	if !bc {
		// An 0xEF that opens a fullwidth bracket is followed by 0xBC,
		// but for one that ends the data.
		s.ef.learn(max(from-1, 0), s.w-1)
	}
}

// quickMode are the rules with which findOpen decides short candidates
// with skipHopeless: the command's, without Prose.
const quickMode = DefaultMode | SkipEmpty | SkipAbandoned | SkipColonless | SkipUnfit

// noQuick turns skipHopeless off: the tests check that it changes nothing
// but the speed.
var noQuick = false

// noLearn turns off what the Scanner learns of the data it reads (learn)
// and keeps of what its finders knew when the buffer moves (shift): the
// tests check that they change nothing but the speed.
var noLearn = false

// advanceTo moves the tracker to buf offset i.
func (s *Scanner) advanceTo(i int) {
	t := &s.track
	b := s.buf[t.at:i]
	t.advance(b, i, len(b) > 32 && s.crLine.none(t.at, i))
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

// tracker counts lines and columns up to a buffer offset, and keeps the
// head of the line.
type tracker struct {
	counter
	at      int // buf offset the counts are at
	head    [LeadMax]byte
	headLen int // the first headLen bytes of the line, up to at
}

// advance moves the tracker over b, which ends at buf offset to; noCR
// says b is known to hold no CR.
func (t *tracker) advance(b []byte, to int, noCR bool) {
	t.at = to
	if last := t.countKnown(b, noCR); last >= 0 {
		t.headLen = copy(t.head[:], b[last+1:])
	} else {
		t.headLen += copy(t.head[t.headLen:], b)
	}
}
