// Package extract finds the URLs in plain text that RFC 1738's Appendix
// describes: inside <URL:...> and bare <...> wrappers, broken across
// lines, and broken after hyphens that may or may not belong to them.
// Every reading is checked with a Grammar: package rfc1738's by default,
// or package rfc3986's URI or IRI grammar (WithGrammar).
//
// An Extractor streams its input and returns one Match at a time:
//
//	x := extract.New(r, extract.Filename("notes.txt"))
//	for x.Next() {
//		m := x.Match()
//		fmt.Println(m.URL)
//	}
//	if err := x.Err(); err != nil { ... }
//
// or, with a range loop:
//
//	for m, err := range extract.All(r) { ... }
//
// Next returns false at the end of the input or at the first read error,
// after every match found before it; Err is nil at a clean end. By default
// only valid URLs are returned; with ReportInvalid, every candidate that
// is reported (every <URL:...> wrapper, and every bare wrapper of a known
// scheme) is returned, valid or not, with the reason.
package extract

import (
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unsafe"

	"github.com/urlsift/urlsift/extract/internal/arena"
	"github.com/urlsift/urlsift/extract/internal/ascii"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/scanner"
	"github.com/urlsift/urlsift/wrap"
)

// Match is one reported candidate. Package output writes it as the record
// of urlsift --json.
type Match struct {
	// Pos is the position of the "<"; Pos.Filename is the input's name.
	Pos scanner.Position
	// URL is the preferred reading: the first valid one, or reading 0
	// when none is valid.
	URL string
	// Valid says URL is a URL by the grammar.
	Valid bool
	// Error is why URL is not valid ("" when it is). An abandoned
	// wrapper's starts with "unterminated wrapper:".
	Error string
	// Err is that reason as an error: a SyntaxError from the grammar,
	// with its rule, section and offset, or, for an abandoned wrapper,
	// one that wraps the scanner's *scanner.Unterminated. Nil when URL
	// is valid.
	Err error
	// Scheme is the scheme in lower case, "" when the text has no ":".
	Scheme string
	// Form is how the URL was written.
	Form Form
	// Raw is the input from "<" to ">" inclusive, or to where an
	// abandoned wrapper stopped.
	Raw string
	// Alternatives are the other valid readings (the hyphen rule).
	Alternatives []string
	// Warnings point at readings a person should look at: the
	// wrap.Warn... strings.
	Warnings []string
	// Input is the kind the input was read as: "text", "mail" or
	// "mbox" (packages mail and source); "" from an Extractor alone.
	Input string
	// Mail is where in mail the match was found; its zero value, with
	// Message 0, outside mail.
	Mail Mail
}

// Mail is the place of a match in a mail or news archive (package
// extract/mail).
type Mail struct {
	// Message counts the messages of the input from 1; MessageID is its
	// Message-ID and MessageOffset the input offset of its "From " line
	// (0 for a single message).
	Message       int
	MessageID     string
	MessageOffset int64
	// Part is the MIME part as IMAP numbers it ("1", "2.1"), or the
	// header field ("header:List-Archive", "3.header:X-URL").
	Part string
	// Charset is the charset the part declares, in lower case.
	Charset string
}

// Form is how a URL was written.
type Form uint8

const (
	// FormURL is <URL:...>.
	FormURL Form = iota
	// FormBare is <...>.
	FormBare
	// FormHref is an href or src attribute of HTML (package mail).
	FormHref
	// FormUnwrapped is a URL written without a wrapper (Unwrapped).
	FormUnwrapped
	// FormQuoted is a URL without a wrapper between double quotes.
	FormQuoted
	// FormSchemeless is a host name written without a scheme:
	// "www.example.com" (Unwrapped) or "example.com" (Schemeless),
	// reported with "http://" ("ftp://" for "ftp.").
	FormSchemeless
	// FormEmail is an e-mail address (Schemeless), reported with
	// "mailto:".
	FormEmail
)

var formNames = [...]string{FormURL: "url", FormBare: "bare", FormHref: "href", FormUnwrapped: "unwrapped",
	FormQuoted: "quoted", FormSchemeless: "schemeless", FormEmail: "email"}

// String returns the form as urlsift --json names it: "url", "bare",
// "href", "unwrapped", "quoted", "schemeless" or "email".
func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// wrapForms maps the forms of package wrap to those of a Match.
var wrapForms = [...]Form{wrap.Bare: FormBare, wrap.URL: FormURL, wrap.Unwrapped: FormUnwrapped,
	wrap.Quoted: FormQuoted, wrap.Schemeless: FormSchemeless, wrap.Email: FormEmail}

// Grammar judges the strings read from wrappers: rfc1738.Grammar (the
// default), rfc3986.URI or rfc3986.IRI. The hyphen rule, the layout rules
// and the choice among readings are the same with any grammar.
type Grammar interface {
	// Name names the grammar: "rfc1738", "rfc3986", "iri".
	Name() string
	// Valid reports whether s is a URL; it should not allocate.
	Valid(s string) bool
	// Validate returns nil when s is a URL, and otherwise an error
	// that is a SyntaxError.
	Validate(s string) error
	// KnownScheme reports whether a bare wrapper of this scheme,
	// compared without case, is taken for a URL.
	KnownScheme(name string) bool
}

// SyntaxError is the error a Grammar gives for a string that is not a
// URL: *rfc1738.Error and *rfc3986.Error are.
type SyntaxError interface {
	error
	// Rule names the rule of the grammar that failed ("hpath").
	Rule() string
	// Section names the RFC and section that defines it ("RFC 1738
	// section 3.3").
	Section() string
	// At is the offset in the string, in characters, where matching
	// failed.
	At() int
}

// WithGrammar sets the grammar that judges URLs (rfc1738.Grammar when
// not given).
func WithGrammar(g Grammar) Option { return func(c *config) { c.grammar = g } }

// Option configures an Extractor.
type Option func(*config)

type config struct {
	grammar Grammar
	scan    []scanner.Option
	name    string
	invalid bool
	off     Rule
	prose   scanner.Mode
	schemes []string
}

// Rule names a layout rule for URLs in real documents. All are on by
// default; Disable turns some off.
type Rule uint

const (
	// PageBreaks skips page breaks inside a wrapper: a line with a form
	// feed, a footer line ending in "[Page N]", a header line starting
	// with "RFC NNNN" or "Internet-Draft".
	PageBreaks Rule = 1 << iota
	// QuotePrefixes removes the quote prefix of a mail reply ("> ",
	// ">> ", "| ") from the continuation lines of a wrapper that opens on
	// a quoted line; such a ">" does not close the wrapper.
	QuotePrefixes
	// LineNumbers removes line number gutters ("  846. ") from the
	// continuation lines of a wrapper that opens on a numbered line.
	LineNumbers
	// Typography removes soft hyphens, drops U+2010 and U+2011 before a
	// line break, takes "＜" and "＞" as brackets and folds fullwidth
	// forms to ASCII.
	Typography
)

// Disable turns layout rules off.
func Disable(r Rule) Option { return func(c *config) { c.off |= r } }

// Filename sets the input's name, carried in every Match's position.
func Filename(name string) Option {
	return func(c *config) {
		c.name = name
		c.scan = append(c.scan, scanner.Filename(name))
	}
}

// MaxLength sets the maximum length of a wrapper in bytes, both brackets
// included (default scanner.DefaultMaxLength, 8192).
func MaxLength(n int) Option {
	return func(c *config) { c.scan = append(c.scan, scanner.MaxLength(n)) }
}

// ReportInvalid makes the Extractor return reported candidates that are
// not valid URLs too, each with its reason.
func ReportInvalid() Option { return func(c *config) { c.invalid = true } }

// Extractor finds the URLs of one input. Create one with New.
type Extractor struct {
	g       Grammar
	sc      *scanner.Scanner
	name    string
	invalid bool
	w       wrap.Wrapper
	m       Match
	one     [1]string
	arena   arena.Arena
	wrapEnd int64 // input offset of the end of the last wrapper read
	// x.m.Raw, x.m.Scheme and, with urlView, x.m.URL are views of the
	// scanner's and the wrapper's buffers, which the next Next
	// overwrites, until Match copies them (views false).
	views, urlView bool
}

// New returns an Extractor that reads r.
func New(r io.Reader, opts ...Option) *Extractor {
	var c config
	for _, o := range opts {
		o(&c)
	}
	// Candidates that are empty or hold no colon are never reported,
	// abandoned and unfit ones only as invalid: the scanner need not
	// return them.
	mode := scanner.DefaultMode | scanner.SkipEmpty | scanner.SkipColonless
	if !c.invalid {
		mode |= scanner.SkipAbandoned | scanner.SkipUnfit
	}
	if c.off&QuotePrefixes != 0 {
		mode &^= scanner.QuotePrefixes
	}
	if c.off&Typography != 0 {
		mode &^= scanner.Fullwidth
	}
	if c.grammar == nil {
		c.grammar = rfc1738.Grammar{}
	}
	if c.prose != 0 {
		mode |= c.prose
		if c.schemes == nil {
			c.schemes = DefaultSchemes()
		}
		c.scan = append(c.scan, scanner.ProseSchemes(proseSchemes(c.schemes, c.grammar)))
	}
	x := &Extractor{g: c.grammar, sc: scanner.New(r, append(c.scan, scanner.Rules(mode))...), invalid: c.invalid, name: c.name,
		wrapEnd: -1}
	x.w.Known = c.grammar.KnownScheme
	if c.off&PageBreaks != 0 {
		x.w.Off |= wrap.PageFurniture
	}
	if c.off&LineNumbers != 0 {
		x.w.Off |= wrap.LineNumbers
	}
	if c.off&Typography != 0 {
		x.w.Off |= wrap.Typography
	}
	return x
}

// Reset makes the Extractor read r from its start, keeping its options
// and its buffers: reading many small inputs, such as the parts of mail,
// costs no new buffers.
func (x *Extractor) Reset(r io.Reader) {
	x.sc.Reset(r)
	x.m, x.wrapEnd, x.views = Match{}, -1, false
}

// ResetAt is Reset for a reader whose first byte stands at position at of
// a larger input, at the start of a line: the positions of its matches
// count from there. Package mail reads the header block of a message in
// an mbox so, at the file's own lines.
func (x *Extractor) ResetAt(r io.Reader, at scanner.Position) {
	x.sc.ResetAt(r, at)
	x.m, x.wrapEnd, x.views = Match{}, -1, false
}

// ResetBytes is ResetAt for an input that is all in memory, b: it is
// scanned where it lies, with no reader and no copy, and must not change
// until the next Reset. err, when not nil, is the read error that ends
// the input after b, which Err then reports as a reader's. Package mail
// reads header blocks and decoded parts so.
func (x *Extractor) ResetBytes(b []byte, at scanner.Position, err error) {
	x.sc.ResetBytes(b, at, err)
	x.m, x.wrapEnd, x.views = Match{}, -1, false
}

// SetFilename sets the input's name that matches carry from now on, as
// the Filename option does: with Reset, one Extractor reads many files.
func (x *Extractor) SetFilename(name string) {
	x.name = name
	x.sc.SetFilename(name)
}

// Next finds the next match. It returns false at the end of the input or
// at a read error (see Err); Match and Current then give the zero Match.
func (x *Extractor) Next() bool {
	x.views, x.urlView = false, false
	for x.sc.Scan() {
		c := x.sc.Candidate()
		if c.Kind != scanner.Wrapper {
			if c.Pos.Offset < x.wrapEnd || !x.w.Read(c) || !x.chooseProse(c.Kind) {
				continue // inside a wrapper, which reports it, or no URL
			}
		} else if c.Err != nil && !x.invalid || !x.w.Read(c) {
			continue // an abandoned candidate is never valid
		} else if x.wrapEnd = c.Pos.Offset + int64(len(c.Raw)); c.Err != nil {
			err := fmt.Errorf("unterminated wrapper: %w", c.Err)
			x.m = Match{URL: x.arena.String(view(x.w.Text)), Error: err.Error(), Err: err}
		} else if !x.choose(c.Raw) {
			continue
		}
		x.m.Pos, x.m.Raw = c.Pos, view(c.Raw)
		x.m.Scheme = schemeView(x.w.Scheme())
		x.views = true
		x.m.Form = wrapForms[x.w.Form]
		if len(x.w.Warnings) > 0 {
			x.m.Warnings = append([]string(nil), x.w.Warnings...)
		}
		return true
	}
	// The last match's views may be overwritten by now: Match and
	// Current give the zero Match after the end.
	x.m = Match{}
	return false
}

// choose sets x.m from the readings of a closed candidate, whose input is
// raw, and says whether it is to be returned.
func (x *Extractor) choose(raw []byte) bool {
	if len(x.w.Hyphens) == 0 {
		// The common case of a single reading: checked in place, before
		// any copy (the validator keeps nothing of its input), and
		// checked once.
		if x.g.Valid(view(x.w.Text)) {
			x.m = Match{URL: view(x.w.Text), Valid: true}
			x.urlView = true
			return true
		}
		if !x.invalid {
			return false
		}
	}
	var readings []string
	if len(x.w.Hyphens) == 0 {
		x.one[0] = x.arena.String(view(x.w.Text))
		readings = x.one[:]
	} else {
		readings = x.w.Readings()
	}
	preferred, alt := pick(readings, x.g.Valid)
	if preferred < 0 {
		if !x.invalid {
			return false
		}
		err := x.g.Validate(readings[0])
		x.m = Match{URL: readings[0], Error: err.Error(), Err: err}
		return true
	}
	x.m = Match{URL: readings[preferred], Valid: true, Alternatives: alt}
	return true
}

// view returns b as a string that shares its bytes: valid for as long as
// they are not overwritten.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// schemeView returns a scheme in lower case: a constant for the common
// ones, a view of b when it is in lower case, and otherwise a new string.
func schemeView(b []byte) string {
	s := view(b)
	if c, ok := commonScheme(s); ok {
		return c
	}
	if ascii.IsLower(s) {
		return s
	}
	return strings.ToLower(s)
}

// within returns text as a part of s, a copy of raw, when text is a part
// of raw (and not empty); "" otherwise.
func within(s, raw, text string) string {
	if len(text) == 0 || len(raw) == 0 {
		return ""
	}
	off := uintptr(unsafe.Pointer(unsafe.StringData(text))) - uintptr(unsafe.Pointer(unsafe.StringData(raw)))
	if off > uintptr(len(raw)) || uintptr(len(text)) > uintptr(len(raw))-off {
		return ""
	}
	return s[off : off+uintptr(len(text))]
}

// pick returns the index of the first reading that valid takes (-1 when
// none is) and the other valid readings, each once.
func pick(readings []string, valid func(string) bool) (preferred int, alt []string) {
	preferred = -1
	for i, s := range readings {
		switch {
		case !valid(s):
		case preferred < 0:
			preferred = i
		case !contains(alt, s) && s != readings[preferred]:
			alt = append(alt, s)
		}
	}
	return preferred, alt
}

func contains(list []string, s string) bool {
	for _, t := range list {
		if t == s {
			return true
		}
	}
	return false
}

// Link makes the match of a URL given as such, not in a wrapper, as the
// href and src attributes of HTML are: raw is the text it was found in
// and pos where that stands. It says whether the Extractor reports it:
// like a bare wrapper, only when it starts with a known scheme and ":",
// and when it is invalid, only with ReportInvalid.
func (x *Extractor) Link(url, raw string, pos scanner.Position) (Match, bool) {
	scheme, _, ok := strings.Cut(url, ":")
	if !ok || !x.g.KnownScheme(scheme) {
		return Match{}, false
	}
	pos.Filename = x.name
	m := Match{Pos: pos, URL: url, Valid: true, Scheme: strings.ToLower(scheme), Form: FormHref, Raw: raw}
	if err := x.g.Validate(url); err != nil {
		m.Valid, m.Error, m.Err = false, err.Error(), err
	}
	return m, m.Valid || x.invalid
}

// Settled returns the input offset up to which the Extractor is settled:
// every match still to come starts at or after it (see
// scanner.Scanner.Settled).
func (x *Extractor) Settled() int64 { return x.sc.Settled() }

// Match returns the match found by the last call to Next. Its strings
// stay valid for as long as it is kept: they are carved from a 16 KiB
// block that the Extractor shares among its matches, which a kept Match
// keeps alive.
func (x *Extractor) Match() Match {
	if x.views {
		// Copied once, the URL sharing the copy of Raw when it lies in
		// it, as it does unless the wrapper's text was rebuilt.
		raw := x.arena.String(x.m.Raw)
		if x.urlView {
			if url := within(raw, x.m.Raw, x.m.URL); url != "" {
				x.m.URL = url
			} else {
				x.m.URL = x.arena.String(x.m.URL)
			}
		}
		x.m.Raw = raw
		if _, ok := commonScheme(x.m.Scheme); !ok {
			x.m.Scheme = x.arena.String(x.m.Scheme)
		}
		x.views, x.urlView = false, false
	}
	return x.m
}

// Clone returns a copy of m that shares no memory with it: a match that
// Current or source.Source.Each handed over, made to be kept.
func (m *Match) Clone() Match {
	c := *m
	c.Pos.Filename = strings.Clone(m.Pos.Filename)
	c.URL, c.Error, c.Scheme, c.Raw = strings.Clone(m.URL), strings.Clone(m.Error), strings.Clone(m.Scheme), strings.Clone(m.Raw)
	c.Alternatives, c.Warnings = cloneAll(m.Alternatives), cloneAll(m.Warnings)
	c.Mail.MessageID, c.Mail.Part, c.Mail.Charset = strings.Clone(m.Mail.MessageID), strings.Clone(m.Mail.Part), strings.Clone(m.Mail.Charset)
	return c
}

func cloneAll(list []string) []string {
	if list == nil {
		return nil
	}
	c := make([]string, len(list))
	for i, s := range list {
		c[i] = strings.Clone(s)
	}
	return c
}

// Current returns the match that Next found in place, without the copies
// that Match makes: the Match and its strings are valid until the next
// call to Next, which overwrites them. Raw, URL and Scheme may share the
// bytes of the Extractor's buffers: a match kept longer must be copied
// with Clone (or taken with Match instead).
func (x *Extractor) Current() *Match { return &x.m }

// Err returns the first read error, a *scanner.Error with the position
// where reading stopped, or nil at a clean end of the input.
func (x *Extractor) Err() error { return x.sc.Err() }

// All returns the matches of r in input order. A read error comes last,
// with a zero Match, after every match found before it.
func All(r io.Reader, opts ...Option) iter.Seq2[Match, error] {
	return New(r, opts...).All()
}

// All returns the matches that Next finds, in input order, and the read
// error last, as the function All does.
func (x *Extractor) All() iter.Seq2[Match, error] {
	return func(yield func(Match, error) bool) {
		for x.Next() {
			if !yield(x.Match(), nil) {
				return
			}
		}
		if err := x.Err(); err != nil {
			yield(Match{}, err)
		}
	}
}

// commonScheme returns the common schemes, compared without case, as
// constants.
func commonScheme(s string) (string, bool) {
	var buf [8]byte
	if len(s) > len(buf) {
		return "", false
	}
	if !ascii.IsLower(s) {
		return constScheme(string(ascii.Lower(buf[:0], s)))
	}
	return constScheme(s)
}

// constScheme returns s, a scheme in lower case, as a constant when it is
// a common one.
func constScheme(s string) (string, bool) {
	switch s {
	case "http":
		return "http", true
	case "https":
		return "https", true
	case "ftp":
		return "ftp", true
	case "mailto":
		return "mailto", true
	case "news":
		return "news", true
	case "file":
		return "file", true
	case "gopher":
		return "gopher", true
	}
	return "", false
}
