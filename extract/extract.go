package extract

import (
	"fmt"
	"io"
	"iter"
	"slices"
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
	// Input is the kind the input was read as: "text", "mail", "mbox",
	// "rnews" or "mmdf" (packages mail and source); "" from an Extractor
	// alone.
	Input string
	// Member is the member of a container (a tar or zip archive) the
	// match was found in, when Pos.Filename is the container (package
	// source): its name in the archive, "comp/www/2", and inside a
	// container that is itself a member, that one's name before a ":",
	// "spool.zip:comp/www/2", as ugrep writes them between braces after
	// the archive's name. "" outside containers.
	Member string
	// Mail is where in mail the match was found; its zero value, with
	// Message 0, outside mail.
	Mail Mail
	// Normalized is the normal form of a valid URL, with the option
	// Normalize: one string for each resource (see "Normal forms" in the
	// package documentation); "" without the option and for an invalid
	// match.
	Normalized string
	// Host is the host of Normalized, in lower case and ASCII, the
	// brackets of an IPv6 literal kept; "" for a URL without an
	// authority (mailto:, news:). Site is its registrable domain (Site).
	Host, Site string
}

// Mail is the place of a match in a mail or news archive (package
// extract/mail).
type Mail struct {
	// Message counts the messages of the input from 1; MessageID is its
	// Message-ID and MessageOffset the input offset of its "From " line
	// (of its "#! rnews N" line in an rnews batch, of the separator that
	// opens it in an MMDF file; 0 for a single message).
	Message       int
	MessageID     string
	MessageOffset int64
	// Part is the MIME part as IMAP numbers it ("1", "2.1"), or the
	// header field ("header:List-Archive", "3.header:X-URL").
	Part string
	// Charset is the charset the part declares, in lower case.
	Charset string
	// PartPos is where the match stands in its part's decoded text,
	// counted from the part's first byte at line 1, column 1, offset 0
	// (a header block's from its first field). Match.Pos is its place in
	// the file, taken back through every decoding (see package mail,
	// "Places"); in a part that is not taken back (UTF-16),
	// Match.Pos counts in the part as PartPos does.
	PartPos scanner.Position
}

// Form is how a URL was written: the kinds of package scanner, which
// every layer shares.
type Form = scanner.Kind

// The forms.
const (
	// FormURL is <URL:...>.
	FormURL = scanner.URL
	// FormBare is <...>.
	FormBare = scanner.Bare
	// FormHref is an href or src attribute of HTML (package mail).
	FormHref = scanner.Href
	// FormUnwrapped is a URL written without a wrapper (Unwrapped).
	FormUnwrapped = scanner.Unwrapped
	// FormQuoted is a URL without a wrapper between double quotes.
	FormQuoted = scanner.Quoted
	// FormSchemeless is a host name written without a scheme:
	// "www.example.com" (Unwrapped) or "example.com" (Schemeless),
	// reported with "http://" ("ftp://" for "ftp.").
	FormSchemeless = scanner.Schemeless
	// FormEmail is an e-mail address (Schemeless), reported with
	// "mailto:".
	FormEmail = scanner.Email
)

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
	// Schemes returns the schemes the grammar knows, in lower case: a
	// bare wrapper is taken for a URL when its text starts with one of
	// them and ":". A name that ends in "*" stands for every longer name
	// that starts with what comes before the "*" ("x-*").
	Schemes() []string
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
	rules   Rule
	schemes []string
	max     int
	// normalize asks for the normal form of each valid match.
	normalize bool
}

// Rule names a rule for URLs in real documents: the rules of package
// scanner, which every layer shares. The layout rules are all on by
// default; Disable turns some off.
type Rule = scanner.Rule

// The layout rules.
const (
	// PageBreaks skips page breaks inside a wrapper, and between the
	// lines of a URL in prose: a line with a form feed, a footer line
	// ending in "[Page N]", a header line starting with "RFC NNNN" or
	// "Internet-Draft".
	PageBreaks = scanner.PageBreaks
	// QuotePrefixes removes the quote prefix of a mail reply ("> ",
	// ">> ", "| ") from the continuation lines of a wrapper that opens on
	// a quoted line; such a ">" does not close the wrapper. A URL in
	// prose goes on only on a line with the same prefix, or, where a
	// mailer re-wrapped a quoted line, with none.
	QuotePrefixes = scanner.QuotePrefixes
	// LineNumbers removes line number gutters ("  846. ") from the
	// continuation lines of a candidate that opens on a numbered line.
	LineNumbers = scanner.LineNumbers
	// Typography removes soft hyphens and zero-width characters, drops
	// U+2010 and U+2011 before a line break, takes "＜" and "＞" as
	// brackets and folds fullwidth forms to ASCII.
	Typography = scanner.Typography
)

// Disable turns layout rules off.
func Disable(r Rule) Option {
	return func(c *config) { c.rules &^= r & (PageBreaks | QuotePrefixes | LineNumbers | Typography) }
}

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
	return func(c *config) { c.max = n }
}

// NoLines makes the Extractor leave the lines of its matches uncounted:
// Match.Pos.Line is 0, and the offset and column are as without it. For a
// caller that prints no lines, as urlsift without -n, --json or --format:
// the count up to each wrapper took a fifth of the time of dense wrappers
// on quoted lines.
func NoLines() Option {
	return func(c *config) { c.scan = append(c.scan, scanner.NoLines()) }
}

// ReportInvalid makes the Extractor return reported candidates that are
// not valid URLs too, each with its reason.
func ReportInvalid() Option { return func(c *config) { c.invalid = true } }

// Extractor finds the URLs of one input. Create one with New.
type Extractor struct {
	g        Grammar
	ser      Serializer     // g, when it reports its own serialization
	norm     Normalizer     // g, with the option Normalize
	sites    map[string]int // the length of the site of each host seen, with Normalize
	domains  *domainCache   // realDomain of the hosts seen in prose
	sc       *scanner.Scanner
	name     string
	invalid  bool
	max      int
	w        wrap.Reader
	m        Match
	one      [1]string
	arena    arena.Arena
	wrapEnd  int64 // input offset of the end of the last closed wrapper read
	proseEnd int64 // input offset of the end of the last URL in prose read
	// x.m.Raw, x.m.Scheme and, with urlView, x.m.URL are views of the
	// scanner's and the wrapper's buffers, which the next Next
	// overwrites, until Match copies them (views false).
	views, urlView bool
}

// New returns an Extractor that reads r.
func New(r io.Reader, opts ...Option) *Extractor {
	c := config{rules: scanner.DefaultRules, max: scanner.DefaultMaxLength}
	for _, o := range opts {
		o(&c)
	}
	if c.grammar == nil {
		c.grammar = rfc1738.Grammar{}
	}
	if c.max < 2 {
		c.max = scanner.DefaultMaxLength
	}
	c.max = min(c.max, scanner.MaxLengthLimit)
	set := schemeSet(c.grammar, c.schemes, c.rules&scanner.Prose != 0)
	scan := append(c.scan, scanner.Rules(c.rules), scanner.WithSchemes(set), scanner.MaxLength(c.max))
	if _, ser := c.grammar.(Serializer); c.invalid || ser {
		// The scanner's shortcuts drop the wrappers that no RFC grammar
		// takes (a control character in them); the URL Standard's parser
		// takes some (it strips them at the ends): with it, the scanner
		// returns every wrapper, and the invalid ones are dropped here.
		scan = append(scan, scanner.Invalid())
	}
	x := &Extractor{g: c.grammar, sc: scanner.New(r, scan...), invalid: c.invalid, name: c.name, max: c.max}
	if n, ok := c.grammar.(Normalizer); ok && c.normalize {
		x.norm = n
	}
	if ser, ok := c.grammar.(Serializer); ok {
		g := &serialized{Grammar: c.grammar, ser: ser}
		x.g, x.ser = g, g
	}
	x.w.Rules, x.w.Schemes = c.rules, set
	x.restart()
	return x
}

// restart forgets what the Extractor knew of the input it read.
func (x *Extractor) restart() { x.m, x.wrapEnd, x.proseEnd, x.views = Match{}, -1, -1, false }

// Reset makes the Extractor read r from its start, keeping its options
// and its buffers: reading many small inputs, such as the parts of mail,
// costs no new buffers.
func (x *Extractor) Reset(r io.Reader) {
	x.sc.Reset(r)
	x.restart()
}

// ResetAt is Reset for a reader whose first byte stands at position at of
// a larger input, at the start of a line: the positions of its matches
// count from there. Package mail reads the header block of a message in
// an mbox so, at the file's own lines.
func (x *Extractor) ResetAt(r io.Reader, at scanner.Position) {
	x.sc.ResetAt(r, at)
	x.restart()
}

// ResetBytes is ResetAt for an input that is all in memory, b: it is
// scanned where it lies, with no reader and no copy, and must not change
// until the next Reset. err, when not nil, is the read error that ends
// the input after b, which Err then reports as a reader's. Package mail
// reads header blocks and decoded parts so.
func (x *Extractor) ResetBytes(b []byte, at scanner.Position, err error) {
	x.sc.ResetBytes(b, at, err)
	x.restart()
}

// Filename returns the input's name that matches carry.
func (x *Extractor) Filename() string { return x.name }

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
		if !x.read(c) {
			continue
		}
		x.m.Pos, x.m.Raw = c.Pos, view(c.Raw[:x.w.End])
		x.m.Scheme = schemeView(x.w.Scheme())
		x.views = true
		x.m.Form = x.w.Kind
		if len(x.w.Warnings) > 0 {
			x.m.Warnings = x.w.Warnings // a view too, which Match copies
		}
		if (x.ser != nil || x.norm != nil) && x.finish(&x.m) {
			x.urlView = false
		}
		return true
	}
	// The last match's views may be overwritten by now: Match and
	// Current give the zero Match after the end.
	x.m = Match{}
	return false
}

// read reads the candidate c into x.m and says whether it is returned. A
// URL in prose inside a closed wrapper is the wrapper's, whatever the
// wrapper holds; one inside an abandoned wrapper is not, nor one inside
// the lines of a URL in prose read before it.
func (x *Extractor) read(c *scanner.Candidate) bool {
	switch {
	case c.Kind != scanner.Bare:
		if c.Pos.Offset < x.wrapEnd || c.Pos.Offset < x.proseEnd || !x.w.Read(c) {
			return false
		}
		return x.chooseProse(c)
	case c.Err != nil:
		if !x.invalid || !x.w.Read(c) {
			return false // an abandoned candidate is never valid
		}
		err := fmt.Errorf("unterminated wrapper: %w", c.Err)
		x.m = Match{URL: x.arena.String(view(x.w.Text)), Error: err.Error(), Err: err}
		return true
	case !x.w.Read(c):
		return false
	}
	x.wrapEnd = c.Pos.Offset + int64(len(c.Raw))
	return x.choose()
}

// choose sets x.m from the readings of a closed wrapper, and says
// whether it is to be returned.
func (x *Extractor) choose() bool {
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
	if off := offsetIn(text, raw); off >= 0 {
		return s[off : off+len(text)]
	}
	return ""
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
	if !ok || !x.w.Schemes.Known([]byte(scheme)) {
		return Match{}, false
	}
	pos.Filename = x.name
	m := Match{Pos: pos, URL: url, Valid: true, Scheme: strings.ToLower(scheme), Form: scanner.Href, Raw: raw}
	if err := x.g.Validate(url); err != nil {
		m.Valid, m.Error, m.Err = false, err.Error(), err
	}
	x.finish(&m)
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
			read := x.m.URL
			if url := within(raw, x.m.Raw, x.m.URL); url != "" {
				x.m.URL = url
			} else {
				x.m.URL = x.arena.String(x.m.URL)
			}
			x.keepNormal(read)
		}
		x.m.Raw = raw
		if len(x.m.Warnings) > 0 {
			x.m.Warnings = slices.Clone(x.m.Warnings) // the strings are constants
		}
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
	c.Normalized, c.Host, c.Site = strings.Clone(m.Normalized), strings.Clone(m.Host), strings.Clone(m.Site)
	c.Member = strings.Clone(m.Member)
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
// bytes of the Extractor's buffers, and so may Normalized, Host and Site
// when the URL is in normal form; Warnings may be the Extractor's own
// slice. A match kept longer must be copied with Clone (or taken with
// Match instead).
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
