package extract

import (
	"hash/maphash"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"

	"github.com/urlsift/urlsift/scanner"
)

// Unwrapped makes the Extractor find URLs written without a wrapper too:
// a scheme of Schemes and ":" at the start of a word ("//" after it where
// the scheme's syntax has an authority), "URL:" without brackets, URLs
// between double quotes, and host names that start with "www." or "ftp."
// (read with "http://" or "ftp://"). Where such a URL ends, and which lines
// go on with it, is package wrap's reading (see its doc), whatever the
// grammar: a character the grammar rejects makes the URL invalid, never
// shorter, and it is reported as such with ReportInvalid. A URL inside a
// closed wrapper is the wrapper's; one inside an abandoned wrapper is not.
func Unwrapped() Option { return func(c *config) { c.rules |= scanner.Prose } }

// Schemeless is Unwrapped, and bare host names whose top-level domain is
// a real one (by the public suffix list), read with "http://", and
// e-mail addresses, read with "mailto:".
func Schemeless() Option { return func(c *config) { c.rules |= scanner.Prose | scanner.Hosts } }

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

// schemeSet returns the set of schemes of an Extractor, built once: the
// grammar's, and with prose, those of names (DefaultSchemes when nil),
// "//" required after the ":" of those that are not opaque.
func schemeSet(g Grammar, names []string, prose bool) *scanner.Schemes {
	var inProse map[string]bool
	if prose {
		if names == nil {
			names = DefaultSchemes()
		}
		inProse = make(map[string]bool, len(names))
		for _, n := range names {
			n = strings.ToLower(n)
			inProse[n] = !opaque[n]
		}
	}
	return scanner.NewSchemes(g.Schemes(), inProse)
}

// chooseProse sets x.m from the readings of a candidate found in prose,
// and says whether it is to be returned: when a reading is valid, or with
// ReportInvalid, when it is a URL by its shape but not by the grammar.
// Where it ends does not depend on the grammar: a character the grammar
// rejects makes it invalid, never shorter.
func (x *Extractor) chooseProse(c *scanner.Candidate) bool {
	kind := x.w.Kind
	var readings []string
	if len(x.w.Hyphens) == 0 && x.w.Joined == 0 {
		// The common case of a single reading, checked in place.
		text := view(x.w.Text)
		if !x.shaped(text, kind) {
			return false
		}
		x.proseEnd = c.Pos.Offset + int64(x.w.End)
		if x.g.Valid(text) {
			x.m = Match{URL: text, Valid: true}
			x.urlView = true
			return true
		}
		x.one[0] = x.arena.String(text)
		readings = x.one[:]
	} else {
		readings = x.w.Readings()
		if !x.shaped(readings[0], kind) {
			return false
		}
		x.proseEnd = c.Pos.Offset + int64(x.w.End)
	}
	preferred, alt := pick(readings, x.g.Valid)
	switch {
	case preferred < 0 && !x.invalid:
		return false
	case preferred < 0:
		err := x.g.Validate(readings[0])
		x.m = Match{URL: readings[0], Error: err.Error(), Err: err}
		return true
	case x.w.Joined > 0 && preferred == len(readings)-1:
		// Joined, the URL is not valid; on its own line, it is.
		x.w.Unjoin()
		x.proseEnd = c.Pos.Offset + int64(x.w.End)
	}
	x.m = Match{URL: readings[preferred], Valid: true, Alternatives: alt}
	return true
}

// shaped reports whether s, read from prose, has the shape of a URL,
// whatever the grammar says of it: no longer than the maximum length (a
// URL printed is found again on its own), a host and port as DNS and TCP
// have them, and for a bare host name or an e-mail address, a real
// top-level domain and no file name.
func (x *Extractor) shaped(s string, kind Form) bool {
	if len(s) > x.max {
		return false
	}
	// The part after "://", "" without one, is cut once for the tests.
	rest, scheme := afterScheme(s)
	if scheme && !saneHost(rest) {
		return false
	}
	switch {
	case kind == scanner.Email:
		_, host, _ := strings.Cut(s, "@")
		return x.realDomain(host)
	case kind == scanner.Schemeless && !isWWW(rest):
		host := rest[:hostEnd(rest)]
		return x.realDomain(host) && !fileName(host)
	}
	return true
}

// afterScheme returns what follows the first "://" of s, and whether s
// has one: strings.Cut's answer, found at the first ":" where it stands,
// as it does after a scheme, without a search for the string.
func afterScheme(s string) (string, bool) {
	if i := strings.IndexByte(s, ':'); i >= 0 && strings.HasPrefix(s[i+1:], "//") {
		return s[i+3:], true
	}
	_, rest, ok := strings.Cut(s, "://")
	return rest, ok
}

// isWWW reports whether host, a host name read with a scheme (what
// follows its "://"), starts with "www." or "ftp.".
func isWWW(host string) bool {
	return len(host) >= 4 && host[3] == '.' && (strings.EqualFold(host[:3], "www") || strings.EqualFold(host[:3], "ftp"))
}

// hostEnd returns the offset in s, what follows a URL's "://", of the
// first ":", "/", "?" or "#", where its host ends, or len(s).
func hostEnd(s string) int {
	for i := range len(s) {
		if stop := authorityStop[s[i]]; stop == stopEnd || stop == stopColon {
			return i
		}
	}
	return len(s)
}

// fileName reports whether host, written without a scheme, is rather the
// name of a file: its top-level domain is also a common extension of a
// file name ("setup.py", "run.sh", "README.md", "Foo.pm", "notes.zip"),
// and it has only two labels or a capital letter.
func fileName(host string) bool {
	dot := strings.LastIndexByte(host, '.')
	if n := len(host) - dot - 1; dot < 0 || n < 2 || n > 3 || !fileTLD(strings.ToLower(host[dot+1:])) {
		return false
	}
	return strings.Count(host, ".") == 1 || strings.ToLower(host) != host
}

// fileTLD reports whether tld, in lower case, is a top-level domain that
// is also a common extension of file names: of source code (.py .pl .pm
// .sh .rs .cc .ml .mk .am .ac .in .so .la), of documents (.md .ps .ai), of
// archives and media (.zip .mov). All have two or three letters, which
// fileName asks of a host first. A switch, not a map: no hash for each
// host.
func fileTLD(tld string) bool {
	switch tld {
	case "py", "pl", "pm", "sh", "rs", "cc", "ml", "mk", "am", "ac", "in", "so", "la", "md", "ps", "ai", "zip", "mov":
		return true
	}
	return false
}

// saneHost reports whether the host and port of a URL with an authority,
// rest being what follows its "://", are as DNS and TCP have them, which
// the grammars do not ask of a reg-name: no empty label, none that starts
// or ends with "-", none that ends with "_", a port up to 65535. Prose is
// full of strings that the grammars take and that are no host
// ("http://-x", "a.com_").
func saneHost(rest string) bool {
	// One pass finds the authority's end, the host after its last "@",
	// the first ":" after that, and checks the host's labels as it goes.
	from, colon, end := 0, -1, len(rest)
	bad, label := false, 0 // a label of the host is not sane; where the last one starts
scan:
	for i := range len(rest) {
		switch authorityStop[rest[i]] {
		case 0:
		case stopEnd:
			end = i
			break scan
		case stopAt: // what came before is user information
			from, colon, bad, label = i+1, -1, false, i+1
		case stopColon:
			if colon < 0 {
				colon = i
			}
		case stopDot:
			if colon < 0 {
				bad = bad || !saneLabel(rest[label:i])
				label = i + 1
			}
		}
	}
	if from < end && rest[from] == '[' {
		return true // an IP literal, which the grammar checked
	}
	host := end // where the host ends
	if colon >= 0 {
		if port := rest[colon+1 : end]; len(port) > 5 || len(port) == 5 && port > "65535" {
			return false
		}
		host = colon
	}
	if host == from {
		return true // "file:///x"
	}
	// A last label that is empty follows the dot that ends the host
	// name ("a.com."), whose label before it was checked there.
	last := rest[label:host]
	return !bad && (last == "" || saneLabel(last))
}

// saneLabel reports whether label is one of a host name as DNS has it:
// not empty, neither starting nor ending with "-", not ending with "_".
func saneLabel(label string) bool {
	return label != "" && label[0] != '-' && label[len(label)-1] != '-' && label[len(label)-1] != '_'
}

// The bytes at which saneHost stops, by what they are.
const (
	stopEnd = 1 + iota // "/", "?" or "#": the authority ends
	stopAt
	stopColon
	stopDot
)

var authorityStop = [256]uint8{'/': stopEnd, '?': stopEnd, '#': stopEnd, '@': stopAt, ':': stopColon, '.': stopDot}

// realDomain is the function realDomain, remembered by host: hosts
// repeat, and the public-suffix list and IDNA are asked once for each.
func (x *Extractor) realDomain(host string) bool {
	if noTLD(host) {
		return false
	}
	if x.domains == nil {
		x.domains = new(domainCache)
	}
	e := &x.domains[maphash.String(domainSeed, host)%uint64(len(x.domains))]
	if e.set && e.host == host {
		return e.real
	}
	*e = domainEntry{host: strings.Clone(host), real: realDomain(host), set: true}
	return e.real
}

// noTLD reports, without a look-up, that host does not end in a
// top-level domain: its last label is one ASCII character or ASCII
// digits, as no top-level domain is ("8.3", "A.3", "T.J", "3.2.1", the
// most of what RFC text puts in realDomain's way).
func noTLD(host string) bool {
	host = strings.TrimSuffix(host, ".")
	tld := host[strings.LastIndexByte(host, '.')+1:]
	if len(tld) == 1 {
		return tld[0] < utf8.RuneSelf
	}
	for i := range len(tld) {
		if tld[i] < '0' || tld[i] > '9' {
			return false
		}
	}
	return tld != ""
}

// A domainCache remembers realDomain for the hosts seen last, each in the
// entry its hash names, where a host met later takes its place: a table
// of a fixed size, allocated once, where a map emptied when full grew
// again from nothing (BenchmarkProse/rfcs/schemeless: 5.0 to 3.3 MiB
// allocated, the time the same within the noise).
type domainCache [4096]domainEntry

type domainEntry struct {
	host      string
	real, set bool
}

// domainSeed is the seed of the domain caches' hash.
var domainSeed = maphash.MakeSeed()

// realDomain reports whether host ends in a top-level domain of the
// public suffix list's ICANN section, under at least one label.
func realDomain(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if !strings.Contains(host, ".") {
		return false
	}
	ascii, ok := plainHost(host)
	if !ok {
		var err error
		if ascii, err = idna.Lookup.ToASCII(host); err != nil {
			return false
		}
	}
	suffix, icann := publicsuffix.PublicSuffix(ascii)
	return icann && len(suffix) < len(ascii)
}

// plainHost returns host in lower case when IDNA's lookup profile would
// give just that: a host name of ASCII letters, digits and hyphens, no
// label empty, none that starts or ends with "-", and none with "--" as
// its third and fourth characters (which marks Punycode, "xn--", and
// which IDNA checks). ok is false for any other host, which IDNA reads.
func plainHost(host string) (lower string, ok bool) {
	start, upper := 0, false
	for i := 0; i <= len(host); i++ {
		if i < len(host) && host[i] != '.' {
			c := host[i]
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-':
			case 'A' <= c && c <= 'Z':
				upper = true
			default:
				return "", false
			}
			continue
		}
		label := host[start:i]
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' || len(label) >= 4 && label[2] == '-' && label[3] == '-' {
			return "", false
		}
		start = i + 1
	}
	if upper {
		return strings.ToLower(host), true
	}
	return host, true
}
