// Package rfc1738 validates and parses URLs exactly as RFC 1738
// section 5 defines them, scheme by scheme.
//
// Validate says whether a string is a URL and, when it is not, where and
// why not; Parse also returns its parts:
//
//	if err := rfc1738.Validate(s); err != nil {
//		var e *rfc1738.Error
//		errors.As(err, &e) // e.Offset, e.Rule(), e.Error()
//	}
//	u, err := rfc1738.Parse(s) // u.Host, u.Port, u.Path, ...
//
// The ten schemes of section 3 (ftp, http, gopher, mailto, news, nntp,
// telnet, wais, file and prospero) each match their own production only;
// every other scheme matches genericurl. Beyond the BNF, three rules
// apply: the scheme is matched without regard to case (section 2.1), a
// "#" fragment of xchar may follow any URL (the Appendix keeps fragments
// inside the wrapper), and the empty string or a string without ":" is
// not a URL. Every other literal matches as written: ";type=A" is an ftp
// type code, ";TYPE=a" is not.
//
// Where the grammar allows several parses (a host name or a host number,
// the optional user and password, empty path segments), a string is valid
// when any parse matches all of it, and an error points at the furthest
// position a parse reached. The address of a mailto URL is also held to
// RFC 822's addr-spec, which section 3.5 makes part of its syntax.
//
// Nothing is decoded silently: parts are returned as written, escapes
// and all, and Unescape decodes one on request.
package rfc1738

import (
	"net/url"
	"strings"
)

// Validate returns nil when s is a URL by RFC 1738, and otherwise an
// *Error saying where and why it is not. It does not allocate for a
// valid URL.
func Validate(s string) error {
	if e := check(s, nil); e != nil {
		return e
	}
	return nil
}

// Valid reports whether s is a URL by RFC 1738, as Validate does, without
// saying why not. It never allocates.
func Valid(s string) bool {
	p := parser{s: s, fpos: -1}
	return p.url()
}

// URL holds the parts of a valid URL, each as written in it (escapes are
// not decoded). Which parts are set depends on the scheme.
type URL struct {
	// Scheme is the scheme in lower case.
	Scheme string
	// Opaque is the scheme-specific part of a mailto or news URL, and of
	// a URL of another scheme that has no "//" login, without fragment.
	Opaque string

	User, Password       string
	HasUser, HasPassword bool // "ftp://@h/" has an empty user, "ftp://h/" none (section 3.2.1)
	// Host is the host name or number; for a news message ID, the host
	// after its "@".
	Host string
	// Port is the port as written, or the scheme's default port of
	// section 3 when none is written ("" for schemes that have none).
	Port string
	// PortGiven says the URL writes a port.
	PortGiven bool
	// NonDefaultPort flags a written port that differs from the default
	// port of the scheme: section 6 advises caution with such URLs.
	NonDefaultPort bool

	// Path is the url-path after the "/" that follows the host; that "/"
	// is not part of it (section 3.1). For ftp it excludes ";type=".
	Path    string
	HasPath bool
	// Search is the part after "?" (http, wais) or after the first
	// "%09" of a gopher path.
	Search    string
	HasSearch bool
	// Fragment is the text after the first "#".
	Fragment    string
	HasFragment bool

	// Typecode is the ftp type code: a, i, d (or A, I, D), or "".
	Typecode string
	// GopherType is the gopher type: one xchar, "1" when the gopher
	// path is empty (section 3.4.1). Selector and GopherPlus are the
	// other parts of the gopher path; Search holds its search.
	GopherType, Selector string
	GopherPlus           string
	HasGopherPlus        bool
	// Group is a news group ("*" for all groups) or the group of an
	// nntp URL; Article is a news message ID or an nntp article number.
	Group, Article string
	// Database, WaisType and WaisPath are the parts of a wais URL.
	Database, WaisType, WaisPath string
	// Fields are the fieldspecs of a prospero URL.
	Fields []Field
	// Address is the encoded RFC 822 address of a mailto URL.
	Address string
}

// Field is one ";name=value" fieldspec of a prospero URL.
type Field struct{ Name, Value string }

// Parse validates s as Validate does and returns its parts.
func Parse(s string) (*URL, error) {
	u := new(URL)
	if e := check(s, u); e != nil {
		return nil, e
	}
	u.Scheme = strings.ToLower(s[:strings.IndexByte(s, ':')])
	def := DefaultPort(u.Scheme)
	switch {
	case u.Port != "":
		u.PortGiven = true
		u.NonDefaultPort = def != "" && strings.TrimLeft(u.Port, "0") != def
	default:
		u.Port = def
	}
	if u.Scheme == "gopher" && u.GopherType == "" {
		u.GopherType = "1"
	}
	return u, nil
}

// DefaultPort returns the default port of a scheme of RFC 1738 section 3
// given in lower case, or "" when it has none.
func DefaultPort(scheme string) string {
	p, _ := lookup(scheme)
	return schemes[p].port
}

// Unescape decodes the escapes of a part of a URL ("%2F" to "/"). RFC 1738
// leaves the meaning of the decoded octets to each scheme, so they are
// returned as they are, whatever their encoding.
func Unescape(part string) (string, error) {
	return url.PathUnescape(part)
}
