package whatwg

import (
	"fmt"
	"strings"

	werrors "github.com/nlnwa/whatwg-url/errors"
	wurl "github.com/nlnwa/whatwg-url/url"

	"github.com/urlsift/urlsift/extract/rfc3986"
)

// Grammar is the URL Standard's parser, for package extract.
type Grammar struct{}

// Name returns "whatwg".
func (Grammar) Name() string { return "whatwg" }

// Valid reports whether the parser takes s as an absolute URL.
func (g Grammar) Valid(s string) bool {
	_, err := g.Serialize(s)
	return err == nil
}

// Validate returns nil when the parser takes s, and otherwise an *Error.
func (g Grammar) Validate(s string) error {
	_, err := g.Serialize(s)
	return err
}

// Schemes returns the schemes of the IANA registry, as rfc3986.URI does.
func (Grammar) Schemes() []string { return rfc3986.URI.Schemes() }

// MaxUserinfo is the longest user name and password that Serialize
// takes, in bytes: the parser builds them a character at a time, in
// time that grows with the square of their length (64 KiB take seconds).
const MaxUserinfo = 1024

// Serialize returns the href of the URL that s stands for, or an *Error
// when the parser fails on it, or when its user name and password are
// longer than MaxUserinfo.
func (Grammar) Serialize(s string) (href string, err error) {
	if n := userinfoLen(s); n > MaxUserinfo {
		return "", &Error{Input: s, Type: fmt.Sprintf("user name and password of %d bytes, longer than urlsift takes (%d)", n, MaxUserinfo)}
	}
	defer func() {
		if r := recover(); r != nil { // a fault of the parser is this string's failure, not the run's
			href, err = "", &Error{Input: s, Type: fmt.Sprint("parser fault: ", r)}
		}
	}()
	u, err := wurl.Parse(s)
	if err != nil {
		return "", &Error{Input: s, Type: string(werrors.Type(err)), err: err}
	}
	return u.Href(false), nil
}

// userinfoLen returns the length of what the parser would read as the
// user name and password of s, its "@" included: the bytes to the last
// "@" of the authority, which starts after the scheme's ":" and any
// slashes (after "//" for a scheme that is not special) and ends at the
// first "/", "\\", "?" or "#".
func userinfoLen(s string) int {
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return 0
	}
	i := colon + 1
	switch strings.ToLower(s[:colon]) {
	case "http", "https", "ws", "wss", "ftp", "file":
		for i < len(s) && (s[i] == '/' || s[i] == '\\') {
			i++
		}
	default:
		if !strings.HasPrefix(s[i:], "//") {
			return 0 // no authority
		}
		i += 2
	}
	end := strings.IndexAny(s[i:], "/\\?#")
	if end < 0 {
		end = len(s) - i
	}
	return strings.LastIndexByte(s[i:i+end], '@') + 1
}

// Normalize returns the href, as Serialize does: the parser's
// serialization is its own normal form.
func (g Grammar) Normalize(s string) (string, error) { return g.Serialize(s) }

// Error is why the parser failed on a string.
type Error struct {
	Input string
	// Type is the URL Standard's validation error that made the parser
	// fail, in the parser's words.
	Type string
	err  error
}

// Error returns the reason.
func (e *Error) Error() string {
	msg := "URL Standard: " + e.Type
	if c := errorsCause(e.err); c != "" {
		msg += ": " + c
	}
	return msg
}

// Unwrap returns the parser's error.
func (e *Error) Unwrap() error { return e.err }

// Rule names the failure: the parser's validation error, to its first
// ", " or ": " ("The input is missing a scheme").
func (e *Error) Rule() string {
	r := e.Type
	for _, sep := range []string{", ", ": "} {
		if i := strings.Index(r, sep); i > 0 {
			r = r[:i]
		}
	}
	return r
}

// Section names the URL Standard's section of the basic URL parser.
func (e *Error) Section() string { return "URL Standard section 4.4" }

// At is 0: the parser does not say where it failed.
func (e *Error) At() int { return 0 }

// errorsCause returns what the parser's error says beyond its type.
func errorsCause(err error) string {
	if err == nil {
		return ""
	}
	if d := werrors.Description(err); d != "" {
		return d
	}
	if u, ok := err.(interface{ Unwrap() error }); ok && u.Unwrap() != nil {
		return u.Unwrap().Error()
	}
	return ""
}
