package scanner

import (
	"io"
)

// DefaultMaxLength is the default maximum length of a candidate in bytes:
// a wrapper's, both brackets included, and a URL's in prose.
const DefaultMaxLength = 8192

// leadMax is the most of a candidate's opening line, before it, that
// Layout.Lead holds.
const leadMax = 64

// readSize is how much the scanner asks of its reader at a time.
const readSize = 128 << 10

// Option configures a Scanner.
type Option func(*Scanner)

// Filename sets the file name that positions carry.
func Filename(name string) Option { return func(s *Scanner) { s.name = name } }

// MaxLengthLimit is the largest maximum length a Scanner takes: 1 MiB.
const MaxLengthLimit = 1 << 20

// MaxLength sets the maximum length of a candidate in bytes: a wrapper's,
// both brackets included, and a URL's in prose (DefaultMaxLength when
// n < 2, MaxLengthLimit when n is larger). A longer wrapper is abandoned
// with ErrTooLong; a longer URL in prose is not returned. The scanner's
// memory grows with it: its buffer holds twice that, or 128 KiB.
func MaxLength(n int) Option {
	return func(s *Scanner) {
		if n >= 2 {
			s.max = min(n, MaxLengthLimit)
		}
	}
}

// Rules sets the rules in force (DefaultRules when not given).
func Rules(r Rule) Option { return func(s *Scanner) { s.rules = r } }

// Invalid makes the Scanner return the wrappers that can only be read as
// invalid too: those abandoned, and those whose first line holds a byte
// that no URL holds and no rule removes. By default only the wrappers
// that may hold a valid URL are returned; with or without Invalid, those
// with nothing between their brackets, or no ":", are not.
func Invalid() Option { return func(s *Scanner) { s.invalid = true } }

// NoLines makes the Scanner leave the lines of its candidates uncounted:
// Candidate.Pos.Line is 0; its offset and column are as without it. For
// a caller that shows no lines: the count up to each wrapper took a fifth
// of the time of never-closed quoted wrappers. A wrapper's column and
// lead are then read from the start of its line, found a few bytes back,
// where the line starts after the place up to which the lines were
// counted, and counted on from that place otherwise (each byte read at
// most twice, not again for each wrapper of a long line). An error's
// position (Error) still has its line.
func NoLines() Option { return func(s *Scanner) { s.noLines = true } }

// WithSchemes sets the schemes that a URL in prose may start with (the
// Prose rule); without it, Prose finds only host names.
func WithSchemes(set *Schemes) Option { return func(s *Scanner) { s.prose.schemes = set } }

// mode is what the Scanner does, as its code reads it: the rules that
// move where a candidate starts or ends, and which candidates it drops
// before working out anything about them, which keeps input made of "<"
// fast.
type mode uint

const (
	// quotePrefixes is the QuotePrefixes rule.
	quotePrefixes mode = 1 << iota
	// fullwidthBrackets: "＜" (U+FF1C) and "＞" (U+FF1E) are brackets
	// too (the Typography rule).
	fullwidthBrackets
	// skipEmpty: a candidate with nothing between its brackets ("<>",
	// or "<" right before another "<") is not returned. A run of "<"
	// then costs little more than reading it.
	skipEmpty
	// skipAbandoned: a candidate without its ">" is not returned; its
	// position is then never worked out.
	skipAbandoned
	// skipColonless: a candidate with no ":" (nor the first byte of a
	// fullwidth "："), which holds neither "URL:" nor a scheme, is not
	// returned.
	skipColonless
	// skipUnfit: a candidate whose first line holds a byte that no URL
	// holds and no rule removes (a control character that is not white
	// space, or a byte that never occurs in UTF-8) is not returned: it
	// has no valid reading.
	skipUnfit
	// proseMode is the Prose rule.
	proseMode
	// hostsMode is the Hosts rule.
	hostsMode
	// softChars: a URL in prose runs over soft hyphens and zero-width
	// characters (the Typography rule).
	softChars

	defaultMode = quotePrefixes | fullwidthBrackets
)

// modeOf returns the mode of the Scanner's rules.
func (s *Scanner) modeOf() mode {
	m := skipEmpty | skipColonless
	if s.rules&QuotePrefixes != 0 {
		m |= quotePrefixes
	}
	if s.rules&Typography != 0 {
		m |= fullwidthBrackets | softChars
	}
	if s.rules&(Prose|Hosts) != 0 {
		m |= proseMode
		if s.rules&Hosts != 0 {
			m |= hostsMode
		}
	}
	if !s.invalid {
		m |= skipAbandoned
		if m&proseMode == 0 {
			// With Prose, a URL in prose inside a wrapper is the
			// wrapper's, whatever the wrapper holds: package extract
			// must see every closed wrapper.
			m |= skipUnfit
		}
	}
	return m
}

// modes sets the mode itself, in place of the one of the rules: the
// tests' way to every mode.
func modes(m mode) Option { return func(s *Scanner) { s.mode, s.modeSet = m, true } }

// Scanner finds candidates in an input. Create one with New.
type Scanner struct {
	rd      io.Reader
	own     []byte // the buffer that fill reads into; buf is b while ResetBytes's b is scanned
	name    string
	max     int
	rules   Rule
	invalid bool
	noLines bool // NoLines
	mode    mode
	modeSet bool       // modes gave the mode
	stop    [256]uint8 // 1 for the bytes that may decide a candidate
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
	leadBuf  [leadMax]byte
	headBuf  [leadMax]byte // lineHead's, when the tracker's head and the buffer make it
	quote    string        // its Quote
	prefixes []Span
	fallback int  // buf offset of the first ">" of a quote prefix, or -1
	unquoted bool // it goes on on a line without its quote prefix

	track tracker // line and column at buf offset track.at
	col0  int     // the column of buf[0]

	cand   Candidate  // the prose candidate returned last
	pend   Candidate  // the wrapper decided last
	pendAt int        // the buf offset of its Raw
	cur    *Candidate // the candidate returned last: cand or pend
	ready  bool       // pend is new: Scan returns it
	done   bool

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
	s := &Scanner{max: DefaultMaxLength, rules: DefaultRules}
	for _, o := range opts {
		o(s)
	}
	if !s.modeSet {
		s.mode = s.modeOf()
	}
	s.own = make([]byte, max(readSize, 2*s.max))
	s.stop['<'], s.stop['>'] = 1, 1
	if s.mode&fullwidthBrackets != 0 {
		s.stop[0xEF] = 1
	}
	if s.mode&quotePrefixes != 0 {
		s.stop['\n'], s.stop['\r'] = 1, 1
	}
	for c := range 256 {
		if s.stop[c] != 0 && c != '<' {
			s.others = append(s.others, byte(c))
		}
	}
	s.prose.on = s.mode&(proseMode|hostsMode) != 0
	s.quick = useVector && (s.mode&^softChars == quickMode || s.mode&^softChars == invalidMode)
	s.prose.schemeless = s.mode&hostsMode != 0
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
	s.track.counter, s.track.at, s.track.headLen, s.col0 = newCounter(), 0, 0, 1
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
		s.col0 = s.track.Column
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

// Scan finds the next candidate. It returns false when there is none:
// at the end of the input, or at a read error (see Err).
func (s *Scanner) Scan() bool {
	for {
		if s.prose.on && s.nextProse() {
			return true
		}
		if s.ready {
			if s.prose.on && s.proseBehind() {
				// A URL in prose before the wrapper waits for the data of
				// its window: it comes first.
				s.fill()
				continue
			}
			if s.prose.on && s.nextProse() {
				return true
			}
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

// proseBehind reports whether the prose finder waits for more data at a
// candidate that would come before the decided wrapper.
func (s *Scanner) proseBehind() bool {
	final := s.eof || s.err != nil
	s.proseUpTo(s.pendAt, final)
	p := &s.prose
	return !final && p.pr < s.pendAt
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
	p := &s.prose
	for p.pr+proseBatch < limit && !noShortcuts {
		from := p.pr
		s.proseUpTo(p.pr+proseBatch, false)
		if p.qhead < len(p.queue) {
			return p.queue[p.qhead].start < limit
		}
		if p.pr <= from {
			break // waits for data at a candidate: looked at up to limit below
		}
	}
	s.proseUpTo(limit, false)
	return p.qhead < len(p.queue) && p.queue[p.qhead].start < limit
}

// proseBatch is how far past its place the prose finder looks for
// candidates at a time while none waits: the queue then holds the
// candidates of a few KiB, where it held those of the whole buffer, ahead
// of the wrapper scan (128 KiB of dense host names: 6,500 candidates of
// 120 bytes, past the caches).
const proseBatch = 4 << 10

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
	if s.ready {
		keep = min(keep, s.pendAt) // the decided wrapper, not yet returned
	}
	// The tracker must not lose the bytes before keep. It stops short of
	// a rune that may be cut by the end of the data: those bytes stay.
	if s.track.at < keep {
		s.advanceTo(s.track.at + runeSafe(s.buf[s.track.at:keep]))
	}
	keep = min(keep, s.track.at)
	if keep > 0 {
		if s.noLines && s.open >= 0 && s.fixed {
			// The lead that fixNear left as a view of the buffer. (A
			// decided wrapper waits through a fill only with Prose, in
			// which fixNear does not run.)
			s.lead = s.leadBuf[:copy(s.leadBuf[:], s.lead)]
		}
		s.col0 = s.at(keep).Column
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
		if s.ready {
			s.pendAt -= keep
			s.pend.Raw = s.buf[s.pendAt : s.pendAt+len(s.pend.Raw)]
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

// noLearn turns off what the Scanner learns of the data it reads (learn)
// and keeps of what its finders knew when the buffer moves (shift): the
// tests check that they change nothing but the speed.
var noLearn = false
