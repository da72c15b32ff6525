package rfc1738

import "github.com/urlsift/urlsift/extract/internal/ascii"

// scheme is what RFC 1738 says of a scheme it defines: the section that
// defines it and its default port.
type scheme struct {
	section string
	port    string
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

// schemes holds what RFC 1738 says of the schemes it defines, by
// production.
var schemes = [...]scheme{
	pFTP:      {"3.2", "21"},
	pHTTP:     {"3.3", "80"},
	pGopher:   {"3.4", "70"},
	pMailto:   {"3.5", ""},
	pNews:     {"3.6", ""},
	pNNTP:     {"3.7", "119"},
	pTelnet:   {"3.8", "23"},
	pWais:     {"3.9", "210"},
	pFile:     {"3.10", ""},
	pProspero: {"3.11", "1525"},
}

// lookup returns the production of a scheme as written, compared without
// case, without allocating: pGeneric for a scheme of table without one
// of its own, and for an unknown scheme, which ok false tells.
func lookup(name string) (p production, ok bool) {
	if p, ok := table(name); ok || ascii.IsLower(name) {
		return p, ok // as written, in lower case: the common case, with no copy
	}
	var buf [16]byte
	if len(name) > len(buf) {
		return pGeneric, false
	}
	return table(string(ascii.Lower(buf[:0], name)))
}

// table is the one table of the schemes RFC 1738 names, for a name in
// lower case: the ten of section 3, each with its production, the names
// section 4 reserves, and rlogin, https and urn, which urlsift also takes
// in bare wrappers (see KnownScheme).
func table(name string) (production, bool) {
	// By length first: a switch on strings alone compares them in a
	// binary search, a call each; equal lengths compare as integers.
	switch len(name) {
	case 3:
		switch name {
		case "ftp":
			return pFTP, true
		case "afs", "mid", "cid", "nfs": // reserved by section 4
			return pGeneric, true
		case "urn": // generic URLs that bare wrappers hold
			return pGeneric, true
		}
	case 4:
		switch name {
		case "http":
			return pHTTP, true
		case "news":
			return pNews, true
		case "nntp":
			return pNNTP, true
		case "wais":
			return pWais, true
		case "file":
			return pFile, true
		}
	case 5:
		if name == "https" {
			return pGeneric, true
		}
	case 6:
		switch name {
		case "gopher":
			return pGopher, true
		case "mailto":
			return pMailto, true
		case "telnet":
			return pTelnet, true
		case "tn3270", "z39.50":
			return pGeneric, true
		case "rlogin":
			return pGeneric, true
		}
	case 8:
		if name == "prospero" {
			return pProspero, true
		}
	case 10:
		if name == "mailserver" {
			return pGeneric, true
		}
	}
	return pGeneric, false
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
	if p, ok := lookup(name); ok && schemes[p].section != "" {
		return schemes[p].section
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

// Schemes returns the schemes that KnownScheme knows: the names of the
// table, "x-", and "x-*", which stands for every longer name that starts
// with "x-".
func (Grammar) Schemes() []string { return append(names[:len(names):len(names)], "x-", "x-*") }

// names are the names of the table, in the order of RFC 1738: section 3,
// the names section 4 reserves, and the others that bare wrappers hold.
// TestNames checks them against table.
var names = []string{"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero",
	"afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50", "urn", "https", "rlogin"}

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
