// Package source finds the URLs of a file the way the urlsift command
// does: it sees through gzip, bzip2, xz and zstd (by their magic bytes),
// decodes UTF-16 and UTF-32 with a byte-order mark, skips binary input
// when asked, tells text, one mail message, an mbox, an rnews batch and an
// MMDF file apart, and yields the matches of package extract with their
// mail context. An indexer that embeds urlsift needs nothing else:
//
//	src := source.New(source.SkipBinary(), source.With(extract.ReportInvalid()))
//	for m, err := range src.Open("list.mbox.gz") {
//		switch {
//		case errors.Is(err, source.ErrBinary): // skipped, as grep -I does
//		case err != nil: // a *mail.PartError costs one part; other errors end the input
//		default: // m.URL, m.Pos, m.Input, m.Mail.Part, m.Mail.MessageID...
//		}
//	}
//
// A Source reuses its buffers from one input to the next; it reads one
// input at a time. Nothing is printed.
//
// # Containers
//
// A tar archive (ustar, pax, GNU or V7; compressed by any of the four or
// not) and a zip archive (stored or deflated, zip64) are read member by
// member, each detected as a file is (compressed, a container, UTF-16,
// text, mail, an mbox, binary), its positions its own: Match.Member
// names it, "comp/www/2", and "inner.zip:dir/file" for a member of a
// container inside the container, as ugrep writes them between braces,
// "spool.tgz{comp/www/2}". The kind of input a Source is set to (As)
// applies to the members; what a file starts with tells a container,
// never its name. Nothing is written to disk: a member is read as it
// comes out of the archive. A zip is read from its central directory, at
// offsets, when the input can be read so (an *os.File wrapped as the
// command wraps it, a *bytes.Reader, an *io.SectionReader: io.ReaderAt
// and a Size method); a zip inside a stream (a member of a tar, a
// compressed file, standard input) is read into memory first, up to
// MaxZipInMemory, and skipped with a warning past it.
//
// The costs are bounded (Limits, WithLimits): a member larger than
// MemberSize (1 GiB), by its header or as it is read, is not read past
// it; an input whose members grow past Ratio (100) times what was read of
// it, once more than 16 MiB came out, is a decompression bomb, and its
// reading stops there; a container of more than Members (a million)
// members stops there; a container deeper than Depth (4) is skipped.
// Each is an error that names the member ("spool.tgz{comp/www/2}") and,
// where known, the offset in its container; what was read before it is
// kept. A damaged or truncated container ends with such an error. These
// are warnings, read on after: a binary member, an encrypted zip member,
// a link or a special file (skipped), and a name that is absolute or
// climbs out with ".." (read: the name is only a label). OnMember reports
// each member read, for a command that counts members as files.
//
// A real news spool packed as a .tar.gz gives the records of its unpacked
// tree, member for file, in every mode of the command: the CMU 20
// Newsgroups set (19,997 articles of 1993) does, in the 15 modes of
// cmd/urlsift/spool-check.sh, which checks any spool so.
package source

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"iter"
	"os"
	"slices"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/scanner"
)

// ErrBinary is yielded, alone, for an input skipped as binary (its first
// 8 KiB, decompressed, hold a NUL byte), in an *fs.PathError that names
// the input: errors.Is finds it.
var ErrBinary = errors.New("binary file skipped")

// sniff is how much of an input tells its kind and whether it is binary.
const sniff = 8 << 10

// Option configures a Source.
type Option func(*Source)

// As reads every input as kind, instead of telling its kind from its
// first bytes with mail.Detect.
func As(kind mail.Kind) Option { return func(s *Source) { s.kind, s.forced = kind, true } }

// SkipBinary skips an input whose first 8 KiB hold a NUL byte, yielding
// ErrBinary.
func SkipBinary() Option { return func(s *Source) { s.skipBinary = true } }

// NoLines leaves the lines of the matches of text uncounted, as
// extract.NoLines does: Match.Pos.Line is 0. For a caller that prints no
// lines. Mail, news and their parts count their lines all the same: the
// positions in a decoded part are tied to the file's by them.
func NoLines() Option { return func(s *Source) { s.noLines = true } }

// SetSkipBinary turns SkipBinary on or off for the inputs read from now
// on: a command skips the binary files found in a directory, not the
// ones named.
func (s *Source) SetSkipBinary(on bool) { s.skipBinary = on }

// With passes options to package extract (and mail).
func With(opts ...extract.Option) Option {
	return func(s *Source) { s.opts = append(s.opts, opts...) }
}

// Source reads inputs one after another.
type Source struct {
	kind       mail.Kind
	forced     bool
	skipBinary bool
	noLines    bool // NoLines
	opts       []extract.Option

	raw, text, utf *bufio.Reader
	in             bytes.Reader // an input in memory, as a reader
	u16            utf16Reader
	x              *extract.Extractor
	mail           *mail.Reader
	counts         mail.Counts
	inMail         bool          // the input read last is mail: its counts are s.mail's
	cur            extract.Match // what Each hands over when the extractor does not hold it
	lasting        bool          // Read: matches whose strings outlive the next one

	limits   Limits       // of containers
	rawN     countReader  // counts the bytes of the input read
	budget   *budget      // what the input's containers cost, shared with sub
	onMember func(Member) // see OnMember
	sub      *Source      // reads the members of containers
	broken   error        // the error of the member read last, whose container failed in it
}

// Counts returns what the input read last held, as far as it was read:
// its messages and parts (zero for text).
func (s *Source) Counts() mail.Counts {
	if s.inMail {
		return s.mail.Counts()
	}
	return s.counts
}

// New returns a Source.
func New(opts ...Option) *Source {
	s := &Source{}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Open reads the file at path. An error opening it is yielded as an
// *fs.PathError; the errors of reading it are Read's.
func (s *Source) Open(path string) iter.Seq2[extract.Match, error] {
	return func(yield func(extract.Match, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(extract.Match{}, err)
			return
		}
		defer f.Close()
		for m, err := range s.Read(f, path) {
			if !yield(m, err) {
				return
			}
		}
	}
}

// Read reads r, named name in the positions of its matches ("-" for
// standard input). The matches come in input order; a *mail.PartError
// costs a part or is a warning (its Warning field), and the matches go
// on after it; any other error ends the input, after every match found
// before it: a read error, a damaged or truncated compressed input among
// them, is a *scanner.Error that names the input and the position in its
// text (decompressed) where reading stopped.
func (s *Source) Read(r io.Reader, name string) iter.Seq2[extract.Match, error] {
	return func(yield func(extract.Match, error) bool) {
		s.lasting = true
		defer func() { s.lasting = false }()
		s.Each(r, name, func(m *extract.Match, err error) bool { return yield(*m, err) })
	}
}

// Each is Read with each match handed over in place, without the copies
// that an iterator makes of it: m and its strings are valid until yield
// returns (see extract.Extractor.Current). Each stops when yield returns
// false.
func (s *Source) Each(r io.Reader, name string, yield func(m *extract.Match, err error) bool) {
	br, l, err := s.sniff(r)
	ra, _ := r.(sized)
	s.read(br, nil, ra, l, err, name, yield)
}

// read reads the input name that sniff opened as br, its layout l (or
// err, its error): a container at offsets through ra when it is not nil,
// plain text where it lies in b when b is not nil.
func (s *Source) read(br *bufio.Reader, b []byte, ra sized, l Layout, err error, name string, yield func(m *extract.Match, err error) bool) {
	switch {
	case err != nil:
		s.fail(name, err, yield)
	case l.Container != "":
		s.containerFile(br, ra, name, l, yield)
	case l.Binary && s.skipBinary:
		s.fail(name, ErrBinary, yield)
	case b != nil && l.Compression == "" && l.Encoding == "" && l.Kind == mail.Text:
		s.each(nil, b, name, l.Kind, mail.Start{}, yield)
	default:
		s.each(br, nil, name, l.Kind, mail.Start{}, yield)
	}
}

// containerFile reads the input name, a container, from br or ra (see
// container).
func (s *Source) containerFile(br *bufio.Reader, ra sized, name string, l Layout, yield func(m *extract.Match, err error) bool) {
	s.counts, s.inMail = mail.Counts{}, false
	s.budget = &budget{raw: &s.rawN, ratio: s.lim().Ratio}
	s.container(br, ra, place{path: name}, l, yield)
}

// EachBytes is Each for an input that is all in memory, b, which must not
// change until EachBytes returns: plain text (neither compressed nor in
// another encoding, and not mail) is scanned where it lies, with no copy
// through a reader; anything else is read as Each reads it.
func (s *Source) EachBytes(b []byte, name string, yield func(m *extract.Match, err error) bool) {
	s.in.Reset(b)
	br, l, err := s.sniff(&s.in)
	s.read(br, b, &s.in, l, err, name, yield)
}

// Layout is what the first bytes of an input say about how it is read.
type Layout struct {
	// Compression is "gzip", "bzip2", "xz" or "zstd", or "" when the
	// input is not compressed.
	Compression string
	// Encoding is "utf-16le", "utf-16be", "utf-32le" or "utf-32be" when
	// a byte-order mark says so, else "": the text is read as it stands.
	Encoding string
	// Kind is the kind the input is read as: the Source's (As), or the
	// one mail.Detect tells.
	Kind mail.Kind
	// Binary says the first 8 KiB of the text hold a NUL byte.
	Binary bool
	// Container is "tar" or "zip" when the input (decompressed) is an
	// archive whose members are read one by one, each as a file, and
	// then Kind, Encoding and Binary say nothing; else "".
	Container string
}

// Splittable says whether the input can be read in pieces with
// EachPiece: its bytes are its text (neither compressed nor in another
// encoding), and it is text or an mbox, which start over at every line
// and every message. An rnews batch and an MMDF file are read whole: a
// message start in them is known only from the start of the file (an
// article's count, a separator that opens or closes), which a piece
// does not see.
func (l Layout) Splittable() bool {
	return l.Compression == "" && l.Encoding == "" && l.Container == "" && (l.Kind == mail.Text || l.Kind == mail.Mbox)
}

// Sniff reads the first bytes of r and tells how Each would read it.
func (s *Source) Sniff(r io.Reader) (Layout, error) {
	_, l, err := s.sniff(r)
	return l, err
}

// sniff opens r as Each reads it and tells its layout.
func (s *Source) sniff(r io.Reader) (*bufio.Reader, Layout, error) {
	br, l, err := s.open(r)
	if err != nil || l.Container != "" {
		return br, l, err
	}
	head, err := br.Peek(sniff)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		if len(head) == 0 {
			return nil, l, err
		}
		// What came before the error is read, then the error, with the
		// place it was met at: br gives them again, whatever its reader
		// does after an error.
		br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(head)), failing{err}), len(head))
	}
	l.Binary = bytes.IndexByte(head, 0) >= 0
	l.Kind = s.kind
	if !s.forced {
		l.Kind = mail.Detect(head)
	}
	return br, l, nil
}

// EachPiece is Each for a piece of a larger input, read on its own as a
// pipeline that spreads a file over many machines reads it: r holds
// bytes of the input as they stand (no decompression, no decoding, no
// test for binary, no detection: see Sniff and Layout.Splittable), of
// kind (mail.Text or mail.Mbox), starting at at. A piece of an mbox
// starts at a message (mail.MessageAt); a piece of text at the start of
// a line, and since a wrapper may have opened before it, only its
// matches from twice the longest wrapper on are those of the whole input.
func (s *Source) EachPiece(r io.Reader, name string, kind mail.Kind, at mail.Start, yield func(m *extract.Match, err error) bool) {
	if s.raw == nil {
		s.init()
	}
	s.raw.Reset(r)
	s.each(s.raw, nil, name, kind, at, yield)
}

// fail yields err, about the input name, alone: ErrBinary in an
// *fs.PathError, a read error as a *scanner.Error at the input's start,
// where it was met.
func (s *Source) fail(name string, err error, yield func(m *extract.Match, err error) bool) {
	s.cur = extract.Match{}
	if err == ErrBinary {
		err = &fs.PathError{Op: "read", Path: name, Err: err}
	} else {
		err = &scanner.Error{Pos: scanner.Position{Filename: name, Line: 1, Column: 1}, Err: err}
	}
	yield(&s.cur, err)
}

// failing is a reader that fails with err.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }

// each reads br as kind from at; text is read from b, where it lies,
// when br is nil.
func (s *Source) each(br *bufio.Reader, b []byte, name string, kind mail.Kind, at mail.Start, yield func(m *extract.Match, err error) bool) {
	s.counts, s.inMail = mail.Counts{}, false
	opts := append(slices.Clip(s.opts), extract.Filename(name))
	if kind != mail.Text {
		if s.mail == nil {
			s.mail = mail.NewReader(s.opts...)
		}
		s.mail.SetFilename(name)
		s.inMail = true
		for m, err := range s.mail.Matches(br, kind, at) {
			if s.lasting {
				s.cur = m.Clone()
				m = &s.cur
			}
			if !yield(m, err) {
				return
			}
		}
		return
	}
	if s.x == nil {
		if s.noLines {
			opts = append(opts, extract.NoLines())
		}
		s.x = extract.New(nil, opts...)
	}
	if br == nil {
		s.x.ResetBytes(b, at.Pos, nil)
	} else {
		s.x.ResetAt(br, at.Pos)
	}
	s.x.SetFilename(name)
	for s.x.Next() {
		m := s.x.Current()
		if s.lasting {
			s.cur = s.x.Match()
			m = &s.cur
		}
		m.Input = textInput
		if !yield(m, nil) {
			return
		}
	}
	if err := s.x.Err(); err != nil {
		s.cur = extract.Match{Input: textInput}
		yield(&s.cur, err)
	}
}

// textInput is the Input of a match read as text.
var textInput = mail.Text.String()

// open returns a buffered reader of r's text: decompressed, and decoded
// from UTF-16 or UTF-32 when a byte-order mark says so, with the layout
// that says which.
func (s *Source) open(r io.Reader) (*bufio.Reader, Layout, error) {
	if s.raw == nil {
		s.init()
	}
	var l Layout
	s.rawN = countReader{r: r}
	s.raw.Reset(&s.rawN)
	d, format, err := decompress(s.raw)
	if err != nil {
		return nil, l, err
	}
	l.Compression = format
	br := s.raw
	if format != "" {
		s.text.Reset(d)
		br = s.text
	}
	if head, _ := br.Peek(512); isTar(head) {
		l.Container = "tar"
		return br, l, nil
	} else if isZip(head) {
		l.Container = "zip"
		return br, l, nil
	}
	if u, enc := unicodeText(br, &s.u16); enc != "" {
		s.utf.Reset(u) // before the binary test: UTF-16 holds NUL bytes
		br, l.Encoding = s.utf, enc
	}
	return br, l, nil
}

func (s *Source) init() {
	s.raw, s.text, s.utf = bufio.NewReaderSize(nil, 64<<10), bufio.NewReaderSize(nil, 64<<10), bufio.NewReaderSize(nil, 64<<10)
}
