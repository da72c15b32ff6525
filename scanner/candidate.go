package scanner

import (
	"errors"
	"fmt"
	"strconv"
)

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

// Candidate is one place where a URL may be written: a wrapper, or with
// the Prose rule a URL written without one.
type Candidate struct {
	// Pos is the position of its first character: the "<" of a wrapper.
	Pos Position
	// Kind is Bare for every wrapper (package wrap tells a <URL:...>
	// from it), and for a URL in prose how it was found: Unwrapped,
	// Quoted, Schemeless or Email.
	Kind Kind
	// Raw is the input from "<" to ">" inclusive, or to where the
	// wrapper was abandoned. A URL in prose has no end of its own in
	// the scanner: Raw runs from its first character over the lines
	// after it, as far as a URL may reach (the maximum length), and
	// stops at the end of the input or right before a line break; it is
	// package wrap that reads where the URL ends. Raw is valid until the
	// next call to Scan.
	Raw []byte
	// Body is the part of Raw between the brackets of a wrapper (up to
	// the end of Raw when it was abandoned; a fullwidth bracket takes
	// three bytes). For a URL in prose it is the run of characters that
	// a URL may hold from its start to where its line stops it, its end
	// not yet trimmed of sentence punctuation (see Run).
	Body Span
	// Layout is what the lines of the candidate hold besides the URL.
	Layout Layout
	// Err is nil when ">" closed a wrapper, and otherwise an
	// *Unterminated saying why it was abandoned.
	Err error
}

// Layout is what the lines of a candidate hold besides the URL: what
// package wrap needs to read it as its writer meant it.
type Layout struct {
	// Lead is the start of the line on which the candidate opens, up to
	// its first character and at most 64 bytes.
	Lead []byte
	// Quote holds the markers (">" or "|", without the spaces) of the
	// quote prefix that starts that line, "" when there is none or the
	// QuotePrefixes rule is off.
	Quote string
	// Prefixes are the quote prefixes at the start of a wrapper's
	// continuation lines, which are not part of it.
	Prefixes []Span
	// QuoteClosed says a wrapper's closing ">" is the first ">" of a
	// quote prefix: read with the prefixes removed, it was abandoned,
	// so that ">" is taken as the writer's.
	QuoteClosed bool
	// Unquoted says a wrapper, opened on a quoted line, closes on a line
	// without the quote prefix: a mailer re-wrapped the quoted line and
	// put its end on a line of its own.
	Unquoted bool
}

// QuoteLen returns the length of the quote prefix that starts line when
// it has exactly the markers of Quote (each optionally followed by a
// space), and -1 when it does not: another prefix, a deeper one, or
// none. When Quote is "", it is 0 for a line that starts with no quote
// marker, and -1 for one that does (a deeper quote).
func (l *Layout) QuoteLen(line []byte) int {
	if n, ok := matchQuote(line, l.Quote); ok {
		return n
	}
	return -1
}

// Kind says how a URL was written. It is the one list of every layer:
// package wrap reads it, package extract reports it (as extract.Form).
type Kind uint8

const (
	// URL is <URL:...>, the Appendix's form.
	URL Kind = iota
	// Bare is <...> without the prefix; the scanner returns every
	// wrapper as Bare.
	Bare
	// Href is an href or src attribute of HTML (package extract/mail).
	Href
	// Unwrapped is a scheme and ":" at the start of a word, without a
	// wrapper (Prose rule); "URL:http://..." is one too.
	Unwrapped
	// Quoted is an unwrapped URL between double quotes.
	Quoted
	// Schemeless is a host name written without a scheme: one that
	// starts with "www." or "ftp." (Prose), or any other with a real
	// top-level domain (Hosts).
	Schemeless
	// Email is an e-mail address (Hosts).
	Email
)

var kindNames = [...]string{URL: "url", Bare: "bare", Href: "href", Unwrapped: "unwrapped", Quoted: "quoted",
	Schemeless: "schemeless", Email: "email"}

// String returns the kind as urlsift --json names it: "url", "bare",
// "href", "unwrapped", "quoted", "schemeless" or "email".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Rule names a rule of real documents, beyond "<" and ">". It is the one
// set of rules of every layer: the scanner applies those that move where
// a candidate starts or ends, package wrap those that change what it
// reads, and package extract hands them down as they are.
type Rule uint

const (
	// QuotePrefixes: the quote prefixes of mail replies (">" or "|"
	// markers, each optionally followed by a space). When the line on
	// which a wrapper opens starts with one, the same prefix at the
	// start of a continuation line is not part of the wrapper and its
	// ">" does not close it; when the wrapper, so read, would be
	// abandoned, the first such ">" closes it. A URL in prose goes on
	// only on a line with the same prefix, which is removed.
	QuotePrefixes Rule = 1 << iota
	// PageBreaks: page breaks inside a candidate are skipped: a line
	// with a form feed, a footer line ending in "[Page N]", a header
	// line starting with "RFC NNNN" or "Internet-Draft".
	PageBreaks
	// LineNumbers: the line number gutter of a continuation line is
	// removed when the line that opens the candidate has one ("  845.
	// <URL:...") and the continuation line has the next number in the
	// same shape.
	LineNumbers
	// Typography: "＜" (U+FF1C) and "＞" (U+FF1E) are brackets too; soft
	// hyphens (U+00AD) and the zero-width characters U+200B, U+200D,
	// U+2060 and U+FEFF are removed (a URL in prose runs over them); a
	// hyphen U+2010 or U+2011 just before a line break in a wrapper is
	// dropped (in prose, as Unicode punctuation, it ends a URL); and
	// fullwidth forms ("ＵＲＬ：", fullwidth ASCII) are folded to ASCII.
	Typography
	// Prose: also URLs written without a wrapper: a scheme of the
	// Schemes set and ":" at the start of a word, and host names that
	// start with "www." or "ftp.". A URL inside a wrapper is the
	// wrapper's; package extract decides which is reported.
	Prose
	// Hosts: with Prose, also bare host names ("example.com/a") and
	// e-mail addresses, by their shape alone.
	Hosts

	// DefaultRules are every rule of layout, and no URL in prose.
	DefaultRules = QuotePrefixes | PageBreaks | LineNumbers | Typography
)
