// Package rfc3986 validates URIs by the generic syntax of RFC 3986
// (section 3 and the ABNF of Appendix A) and IRIs by RFC 3987, with the
// rules of the schemes whose RFCs give them: http and https (RFC 9110
// section 4.2), mailto (RFC 6068), urn (RFC 8141), file (RFC 8089), news
// and nntp (RFC 5538) and data (RFC 2397). Every other scheme follows the
// generic syntax.
//
//	if err := rfc3986.Validate(s); err != nil {
//		var e *rfc3986.Error
//		errors.As(err, &e) // e.Offset, e.Rule(), e.Section(), e.Error()
//	}
//	ok := rfc3986.ValidIRI("http://例え.jp/パス") // RFC 3987
//
// URI and IRI are the two grammars as values, for package extract; their
// KnownScheme says whether a scheme is in the IANA registry.
//
// Decisions where the RFCs leave room: the scheme ignores case, nothing
// else does; an IPv6 literal takes every form of RFC 4291 section 2.2 but
// no zone ID; a host name of an IRI with characters outside US-ASCII must
// pass IDNA (golang.org/x/net/idna, lookup profile); an IRI holds no
// bidirectional formatting character (RFC 3987 section 4.1) and no
// non-character (ucschar excludes them). An error's offset counts
// characters.
package rfc3986

import (
	"net/netip"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/urlsift/urlsift/extract/internal/ascii"
)

// Validate returns nil when s is a URI by RFC 3986 and the rules of its
// scheme, and otherwise an *Error saying where and why it is not.
func Validate(s string) error { return validate(s, false) }

// Valid reports whether s is a URI, as Validate does, without the reason.
func Valid(s string) bool { p := parser{s: s}; return p.uri() }

// ValidateIRI is Validate for IRIs (RFC 3987).
func ValidateIRI(s string) error { return validate(s, true) }

// ValidIRI reports whether s is an IRI.
func ValidIRI(s string) bool { p := parser{s: s, iri: true}; return p.uri() }

func validate(s string, iri bool) error {
	p := parser{s: s, iri: iri}
	if p.uri() {
		return nil
	}
	return &Error{Input: s, Offset: p.at, Scheme: p.scheme, IRI: iri, rule: p.rule}
}

// Grammar is the URI or the IRI grammar, for package extract.
type Grammar struct{ iri bool }

var (
	// URI is the grammar of RFC 3986.
	URI = Grammar{}
	// IRI is the grammar of RFC 3987.
	IRI = Grammar{iri: true}
)

// Name returns "rfc3986" or "iri".
func (g Grammar) Name() string {
	if g.iri {
		return "iri"
	}
	return "rfc3986"
}

// Valid reports whether s is a URI (an IRI).
func (g Grammar) Valid(s string) bool { p := parser{s: s, iri: g.iri}; return p.uri() }

// Validate returns nil or an *Error.
func (g Grammar) Validate(s string) error { return validate(s, g.iri) }

// KnownScheme reports whether scheme, compared without case, is in the
// IANA registry, or starts with "x-" (and is more than that).
func (g Grammar) KnownScheme(scheme string) bool {
	var buf [64]byte
	if len(scheme) > len(buf) {
		return false // longer than any registered scheme
	}
	lower := ascii.Lower(buf[:0], scheme)
	return ianaSchemes[string(lower)] || len(lower) > 2 && lower[0] == 'x' && lower[1] == '-'
}

// Schemes returns the schemes that KnownScheme knows: those of the IANA
// registry, and "x-*", which stands for every longer name that starts
// with "x-".
func (g Grammar) Schemes() []string {
	names := make([]string, 0, len(ianaSchemes)+1)
	for n := range ianaSchemes {
		names = append(names, n)
	}
	slices.Sort(names)
	return append(names, "x-*")
}

// Character classes of RFC 3986 section 2.
const (
	cAlpha = 1 << iota
	cDigit
	cHex
	cUnreserved // ALPHA / DIGIT / "-" / "." / "_" / "~"
	cSub        // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	cScheme     // ALPHA / DIGIT / "+" / "-" / "."
)

var class = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cAlpha | cUnreserved | cScheme
		t[c-'a'+'A'] |= cAlpha | cUnreserved | cScheme
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cDigit | cHex | cUnreserved | cScheme
	}
	for _, c := range "abcdefABCDEF" {
		t[c] |= cHex
	}
	for _, c := range "-._~" {
		t[c] |= cUnreserved
	}
	for _, c := range "!$&'()*+,;=" {
		t[c] |= cSub
	}
	for _, c := range "+-." {
		t[c] |= cScheme
	}
	return t
}()

// set says which characters a component takes besides unreserved,
// percent-encodings and (in an IRI) ucschar.
type set struct {
	sub   bool   // sub-delims
	extra string // more ASCII characters
	priv  bool   // iprivate, in an IRI query
}

var (
	setUserinfo = set{sub: true, extra: ":"}
	setRegName  = set{sub: true}
	setPath     = set{sub: true, extra: ":@/"}
	setQuery    = set{sub: true, extra: ":@/?", priv: true}
	setFragment = set{sub: true, extra: ":@/?"}
	setURNName  = set{sub: true, extra: ":@/"}
	setQchar    = set{extra: "!$'()*+,;:@"} // RFC 6068 some-delims
	setToken    = set{extra: "!$&'*+"}      // RFC 2045 token characters a URI holds
	setMessage  = set{sub: true, extra: ":"}
)

// parser matches one string. It stops at the first character that no
// rule takes, and keeps where and which rule.
type parser struct {
	s      string
	iri    bool
	scheme string
	at     int
	rule   rule
}

func (p *parser) fail(i int, r rule) bool {
	p.at, p.rule = i, r
	return false
}

// run returns the end of the run of characters of set from i. It fails
// (ok false) at a bad escape or, in an IRI, at a bidirectional formatting
// character.
func (p *parser) run(i int, st set) (int, bool) {
	s := p.s
	for i < len(s) {
		c := s[i]
		switch {
		case class[c]&cUnreserved != 0 || st.sub && class[c]&cSub != 0:
			i++
		case c == '%':
			if i+2 >= len(s) || class[s[i+1]]&cHex == 0 || class[s[i+2]]&cHex == 0 {
				return i, p.fail(i, rEscape)
			}
			i += 3
		case c < utf8.RuneSelf:
			if strings.IndexByte(st.extra, c) < 0 {
				return i, true
			}
			i++
		case p.iri:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case bidi(r):
				return i, p.fail(i, rBidi)
			case ucschar(r) || st.priv && iprivate(r):
				i += n
			default:
				return i, true
			}
		default:
			return i, true
		}
	}
	return i, true
}

// uri = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
func (p *parser) uri() bool {
	s := p.s
	if s == "" || class[s[0]]&cAlpha == 0 {
		return p.fail(0, rScheme)
	}
	i := 1
	for i < len(s) && class[s[i]]&cScheme != 0 {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return p.fail(i, rScheme)
	}
	p.scheme = lower(s[:i])
	i++
	switch p.scheme {
	case "http", "https":
		return p.generic(i, true)
	case "mailto":
		return p.mailto(i)
	case "urn":
		return p.urn(i)
	case "file":
		return p.file(i)
	case "news":
		return p.news(i)
	case "nntp":
		return p.nntp(i)
	case "data":
		return p.data(i)
	}
	return p.generic(i, false)
}

// lower returns s in lower case, without a copy when it is already.
func lower(s string) string {
	if ascii.IsLower(s) {
		return s
	}
	return strings.ToLower(s)
}

// generic matches hier-part [ "?" query ] [ "#" fragment ] from i; with
// needHost, the authority and a non-empty host (RFC 9110 section 4.2).
func (p *parser) generic(i int, needHost bool) bool {
	s := p.s
	if strings.HasPrefix(s[i:], "//") {
		var ok bool
		if i, ok = p.authority(i+2, needHost); !ok {
			return false
		}
	} else if needHost {
		return p.fail(i, rNeedHost)
	}
	i, ok := p.run(i, setPath)
	if !ok {
		return false
	}
	return p.queryFragment(i, rPath)
}

// queryFragment matches [ "?" query ] [ "#" fragment ] and the end; r is
// the rule that failed when neither comes.
func (p *parser) queryFragment(i int, r rule) bool {
	s := p.s
	var ok bool
	if i < len(s) && s[i] == '?' {
		if i, ok = p.run(i+1, setQuery); !ok {
			return false
		}
		r = rQuery
	}
	if i < len(s) && s[i] == '#' {
		if i, ok = p.run(i+1, setFragment); !ok {
			return false
		}
		r = rFragment
	}
	if i < len(s) {
		return p.fail(i, r)
	}
	return true
}

// authority = [ userinfo "@" ] host [ ":" port ], from i to the next
// "/", "?", "#" or the end.
func (p *parser) authority(i int, needHost bool) (int, bool) {
	s := p.s
	end := i
	for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	if at := strings.IndexByte(s[i:end], '@'); at >= 0 {
		j, ok := p.run(i, setUserinfo)
		if !ok {
			return j, false
		}
		if j != i+at {
			return j, p.fail(j, rUserinfo)
		}
		i = j + 1
	}
	j, ok := p.host(i, end)
	if !ok {
		return j, false
	}
	if needHost && j == i {
		return i, p.fail(i, rNeedHost)
	}
	i = j
	if i < end && s[i] == ':' {
		i++
		for i < end && class[s[i]]&cDigit != 0 {
			i++
		}
		if i < end {
			return i, p.fail(i, rPort)
		}
	}
	if i < end {
		return i, p.fail(i, rAuthority)
	}
	return i, true
}

// host = IP-literal / IPv4address / reg-name, from i; an IPv4 address is
// a reg-name too.
func (p *parser) host(i, end int) (int, bool) {
	s := p.s
	if i < end && s[i] == '[' {
		close := strings.IndexByte(s[i:end], ']')
		if close < 0 {
			return end, p.fail(end, rIPLiteral)
		}
		lit := s[i+1 : i+close]
		if len(lit) > 0 && (lit[0] == 'v' || lit[0] == 'V') {
			return p.ipvFuture(i+1, i+close)
		}
		if a, err := netip.ParseAddr(lit); err != nil || !a.Is6() || a.Zone() != "" || strings.Contains(lit, "%") {
			return i + 1, p.fail(i+1, rIPv6)
		}
		return i + close + 1, true
	}
	j, ok := p.run(i, setRegName)
	if !ok {
		return j, false
	}
	if p.iri && !ascii.Only(s[i:j]) {
		if _, err := idna.Lookup.ToASCII(s[i:j]); err != nil {
			return i, p.fail(i, rIDNA)
		}
	}
	return j, true
}

// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
func (p *parser) ipvFuture(i, end int) (int, bool) {
	s := p.s
	j := i + 1
	for j < end && class[s[j]]&cHex != 0 {
		j++
	}
	if j == i+1 || j == end || s[j] != '.' {
		return j, p.fail(j, rIPvFuture)
	}
	j++
	k := j
	for k < end && (class[s[k]]&(cUnreserved|cSub) != 0 || s[k] == ':') {
		k++
	}
	if k == j || k != end {
		return k, p.fail(k, rIPvFuture)
	}
	return end + 1, true
}

// ucschar is RFC 3987's: the characters an IRI takes unencoded, without
// the non-characters.
func ucschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD && (r < 0xE0000 || r >= 0xE1000)
	}
	return false
}

// iprivate is RFC 3987's private use characters, for a query only.
func iprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// bidi reports the bidirectional formatting characters an IRI must not
// hold (RFC 3987 section 4.1; the isolates of Unicode 6.3 too).
func bidi(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}
