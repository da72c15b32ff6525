package extract

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"

	"github.com/urlsift/urlsift/extract/internal/ascii"
	"github.com/urlsift/urlsift/scanner"
)

// Unwrapped makes the Extractor find URLs written without a wrapper too:
// a scheme of Schemes and ":" at the start of a word ("//" after it where
// the scheme's syntax has an authority), "URL:" without brackets, URLs
// between double quotes, and host names that start with "www." or "ftp."
// (read with "http://" or "ftp://"). Such a URL ends where the README's
// table says; it is reported only when a reading, or its longest prefix
// that ends a path segment, is valid by the grammar, never as invalid.
// A URL inside a wrapper is the wrapper's.
func Unwrapped() Option { return func(c *config) { c.prose |= scanner.Prose } }

// Schemeless is Unwrapped, and bare host names whose top-level domain is
// a real one (by the public suffix list), read with "http://", and
// e-mail addresses, read with "mailto:".
func Schemeless() Option { return func(c *config) { c.prose |= scanner.Prose | scanner.Schemeless } }

// Schemes sets the schemes that count without a wrapper (Unwrapped), in
// place of DefaultSchemes. Any other scheme that the grammar knows counts
// too when "//" follows its ":".
func Schemes(names ...string) Option {
	return func(c *config) { c.schemes = append([]string{}, names...) }
}

// DefaultSchemes returns the schemes that count without a wrapper by
// default: RFC 1738's ten and the common later ones.
func DefaultSchemes() []string {
	return []string{
		// RFC 1738
		"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero",
		// later
		"https", "ftps", "sftp", "ssh", "git", "svn", "rsync", "ldap", "ldaps", "irc", "ircs",
		"urn", "tel", "sip", "sips", "xmpp", "ws", "wss", "rtsp", "nfs", "imap", "pop", "snmp",
		"cid", "mid", "sms", "geo", "data", "magnet", "bitcoin", "matrix",
	}
}

// opaque are the schemes whose URLs have no authority, so that no "//"
// follows their ":" (RFC 6068, RFC 5538, RFC 8141, RFC 3966, RFC 3261,
// RFC 5122, and the like).
var opaque = map[string]bool{"mailto": true, "news": true, "urn": true, "tel": true, "sip": true,
	"sips": true, "xmpp": true, "data": true, "fax": true, "sms": true, "geo": true, "magnet": true,
	"cid": true, "mid": true, "tag": true, "im": true, "pres": true, "bitcoin": true, "matrix": true}

// proseSchemes returns the scanner's test of a scheme written in prose:
// one of names, or any other that the grammar knows with "//" after it
// (no word of prose is written so). It remembers up to maxVerdicts
// answers, so that the words before the colons of a text are looked up
// once.
func proseSchemes(names []string, g Grammar) func([]byte) (bool, bool) {
	type verdict struct{ take, slashes bool }
	memo := make(map[string]verdict, len(names))
	for _, n := range names {
		n = strings.ToLower(n)
		memo[n] = verdict{true, !opaque[n]}
	}
	return func(scheme []byte) (bool, bool) {
		var buf [32]byte
		if len(scheme) > len(buf) {
			return false, false
		}
		lower := ascii.Lower(buf[:0], scheme)
		if v, ok := memo[string(lower)]; ok {
			return v.take, v.slashes
		}
		v := verdict{g.KnownScheme(string(lower)), true}
		if len(memo) < maxVerdicts {
			memo[string(lower)] = v
		}
		return v.take, v.slashes
	}
}

// maxVerdicts bounds the memory of proseSchemes's answers.
const maxVerdicts = 4096

// chooseProse sets x.m from the readings of a candidate found in prose,
// and says whether it is to be reported: only when valid.
func (x *Extractor) chooseProse(kind scanner.Kind) bool {
	var readings []string
	if len(x.w.Hyphens) == 0 {
		if text := view(x.w.Text); !x.proseValid(text, kind) {
			if s, ok := x.validPrefix(text, kind); ok {
				x.m = Match{URL: x.arena.String(s), Valid: true}
				return true
			}
			return false
		}
		x.one[0] = x.arena.String(view(x.w.Text))
		readings = x.one[:]
	} else {
		readings = x.w.Readings()
	}
	preferred, alt := pick(readings, func(s string) bool { return x.proseValid(s, kind) })
	if preferred < 0 {
		for _, s := range readings {
			if p, ok := x.validPrefix(s, kind); ok {
				x.m = Match{URL: p, Valid: true}
				return true
			}
		}
		return false
	}
	x.m = Match{URL: readings[preferred], Valid: true, Alternatives: alt}
	return true
}

// proseValid reports whether s, read from prose, is a URL: valid by the
// grammar, and for a bare host name or an e-mail address, with a real
// top-level domain.
func (x *Extractor) proseValid(s string, kind scanner.Kind) bool {
	if !x.g.Valid(s) || !saneHost(s) {
		return false
	}
	if kind != scanner.Host && kind != scanner.Email {
		return true
	}
	var host string
	if kind == scanner.Email {
		_, host, _ = strings.Cut(s, "@")
	} else {
		host = s[len("http://"):]
		if i := strings.IndexAny(host, "/:?#"); i >= 0 {
			host = host[:i]
		}
	}
	return realDomain(host)
}

// saneHost reports whether the host and port of a URL with an authority
// are as DNS and TCP have them, which the grammars do not ask of a
// reg-name: no empty label, none that starts or ends with "-", none that
// ends with "_", a port up to 65535. Prose is full of strings that the
// grammars take and that are no host ("http://-x", "a.com_").
func saneHost(s string) bool {
	_, rest, ok := strings.Cut(s, "://")
	if !ok {
		return true
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") {
		return true // an IP literal, which the grammar checked
	}
	host, port, _ := strings.Cut(rest, ":")
	if len(port) > 5 || len(port) == 5 && port > "65535" {
		return false
	}
	if host == "" {
		return true // "file:///x"
	}
	for label := range strings.SplitSeq(strings.TrimSuffix(host, "."), ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' || label[len(label)-1] == '_' {
			return false
		}
	}
	return true
}

// realDomain reports whether host ends in a top-level domain of the
// public suffix list's ICANN section, under at least one label.
func realDomain(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if !strings.Contains(host, ".") {
		return false
	}
	ascii, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return false
	}
	suffix, icann := publicsuffix.PublicSuffix(ascii)
	return icann && len(suffix) < len(ascii)
}

// validPrefix, called for an s that failed proseValid, returns the
// longest prefix of s that is valid and ends a path segment: cut where
// the grammar fails, in the path or after it, right after a "/", "?",
// "#", "&", ";" or "=", or before trailing characters that no grammar
// takes in a path ("|", "\\", "^", "{", "}", "[", "]", "%"), and without
// the punctuation that ends a sentence.
func (x *Extractor) validPrefix(s string, kind scanner.Kind) (string, bool) {
	from := pathStart(s)
	for i := range 4 {
		err := x.g.Validate(s)
		if err == nil {
			// s is what failed proseValid the first time round: valid by
			// the grammar, its host is what failed.
			return s, i > 0 && x.proseValid(s, kind)
		}
		se, ok := err.(SyntaxError)
		if !ok {
			return "", false
		}
		at := byteOffset(s, se.At())
		if at <= from || at >= len(s) {
			return "", false
		}
		if !strings.ContainsRune("/?#&;=", rune(s[at-1])) && strings.Trim(s[at:], `|\^{}[]%`) != "" {
			return "", false
		}
		s = s[:scanner.TrimEnd([]byte(s[:at]))]
	}
	return "", false
}

// pathStart returns the offset of the path of an URL with an authority
// ("scheme://host/path"), len(s) for any other.
func pathStart(s string) int {
	i := strings.Index(s, "://")
	if i < 0 {
		return len(s)
	}
	i += 3
	j := strings.IndexAny(s[i:], "/?#")
	if j < 0 {
		return len(s)
	}
	return i + j
}

// byteOffset returns the byte offset in s of its n-th character.
func byteOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}
