package rfc1738

import "github.com/urlsift/urlsift/extract/internal/ascii"

// scheme is what RFC 1738 says of a scheme: the section that defines it,
// its default port, and its production (pGeneric for genericurl).
type scheme struct {
	section string
	port    string
	part    production
}

// production names the BNF production of a scheme's URLs, for
// parser.schemepart.
type production uint8

const (
	pGeneric production = iota
	pFTP
	pHTTP
	pGopher
	pMailto
	pNews
	pNNTP
	pTelnet
	pWais
	pFile
	pProspero
)

// lookup returns the entry of table for a scheme as written, compared
// without case, without allocating.
func lookup(name string) (scheme, bool) {
	if sc, ok := table(name); ok || ascii.IsLower(name) {
		return sc, ok // as written, in lower case: the common case, with no copy
	}
	var buf [16]byte
	if len(name) > len(buf) {
		return scheme{}, false
	}
	return table(string(ascii.Lower(buf[:0], name)))
}

// table is the one table of the schemes RFC 1738 names, for a name in
// lower case: the ten of section 3, each with its production, the names
// section 4 reserves, and rlogin, https and urn, which urlsift also takes
// in bare wrappers (see KnownScheme).
func table(name string) (scheme, bool) {
	// By length first: a switch on strings alone compares them in a
	// binary search, a call each; equal lengths compare as integers.
	switch len(name) {
	case 3:
		switch name {
		case "ftp":
			return scheme{"3.2", "21", pFTP}, true
		case "afs", "mid", "cid", "nfs": // reserved by section 4
			return scheme{}, true
		case "urn": // generic URLs that bare wrappers hold
			return scheme{}, true
		}
	case 4:
		switch name {
		case "http":
			return scheme{"3.3", "80", pHTTP}, true
		case "news":
			return scheme{"3.6", "", pNews}, true
		case "nntp":
			return scheme{"3.7", "119", pNNTP}, true
		case "wais":
			return scheme{"3.9", "210", pWais}, true
		case "file":
			return scheme{"3.10", "", pFile}, true
		}
	case 5:
		if name == "https" {
			return scheme{}, true
		}
	case 6:
		switch name {
		case "gopher":
			return scheme{"3.4", "70", pGopher}, true
		case "mailto":
			return scheme{"3.5", "", pMailto}, true
		case "telnet":
			return scheme{"3.8", "23", pTelnet}, true
		case "tn3270", "z39.50":
			return scheme{}, true
		case "rlogin":
			return scheme{}, true
		}
	case 8:
		if name == "prospero" {
			return scheme{"3.11", "1525", pProspero}, true
		}
	case 10:
		if name == "mailserver" {
			return scheme{}, true
		}
	}
	return scheme{}, false
}

// KnownScheme reports whether a bare wrapper of this scheme, compared
// without case, is taken for a URL: one of the table, or any scheme that
// starts with "x-".
func KnownScheme(name string) bool {
	if len(name) >= 2 && name[0]|0x20 == 'x' && name[1] == '-' {
		return true
	}
	_, ok := lookup(name)
	return ok
}

// schemeSection is the section of RFC 1738 that defines a scheme, "5"
// (genericurl) for any other.
func schemeSection(name string) string {
	if sc, ok := lookup(name); ok && sc.section != "" {
		return sc.section
	}
	return "5"
}

// Grammar is RFC 1738 as a value, for package extract.
type Grammar struct{}

// Name returns "rfc1738".
func (Grammar) Name() string { return "rfc1738" }

// Valid reports whether s is a URL by RFC 1738.
func (Grammar) Valid(s string) bool { return Valid(s) }

// Validate returns nil or an *Error.
func (Grammar) Validate(s string) error { return Validate(s) }

// KnownScheme is the function KnownScheme.
func (Grammar) KnownScheme(name string) bool { return KnownScheme(name) }

// Section names the RFC and section of the rule that failed, such as
// "RFC 1738 section 3.3".
func (e *Error) Section() string {
	if e.kind() == kindBadEscape || e.kind() == kindUnsafe || e.kind() == kindControl || e.kind() == kindNonASCII {
		return "RFC 1738 section 2.2"
	}
	section := rules[e.rule].section
	if section == "" {
		section = schemeSection(e.Scheme)
	}
	return "RFC 1738 section " + section
}

// At returns the offset where matching failed, in characters: every
// byte before it is US-ASCII.
func (e *Error) At() int { return e.Offset }
