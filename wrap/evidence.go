package wrap

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/urlsift/urlsift/scanner"
)

// evidenceNeeded is the score from which the evidence of two lines joins
// them (see evident).
const evidenceNeeded = 4

// fillWidth is the width to which mailers and editors fill the lines of a
// paragraph; maxFill the widest they fill them to. A line wider than that
// was not broken by them: its writer broke it.
const fillWidth, maxFill = 72, 80

// evident reports whether the token tt, the run that starts the next line
// (line) without its trailing punctuation, goes on with the URL whose run
// on its own line the last of r.segs is, when no hyphen says so. The
// evidence, each piece scored, must add up to evidenceNeeded:
//
//   - where the break falls: after a character a URL does not end with
//     ("?", "&", "=", "%", ",", "_", "~", "#", "+", ":") 2, after "/" or "."
//     1, inside a word or a number 0;
//   - what the next line starts with: a token shaped as the rest of a URL
//     (a "/" after its first character, a "." before a letter or digit,
//     "%XX", "?", "#", "~", "_" inside, or "=" and "&" in a query) 2, one
//     that ends a file name cut in its extension (".ht" and "ml") 2, one
//     that starts with such a character ("/", ".", "=", "&", "?", "#",
//     "%", "_", "+", "~") 1 more, digits, or letters with digits
//     ("832ca7f") 1, a word of prose -1 (-3 capitalized);
//   - the lines: the URL's as long as mailers and editors fill them (72
//     columns or more) 2, 60 or more 1; the token too long to have stood
//     on the URL's line 1; the token alone on its line, but for
//     punctuation, 1; the break inside the host name, the next line
//     going on with it, 2 (-2 when the host name would then end in a
//     top-level domain that is not letters: "linux-kvm.org" and "-uml/");
//   - against: the URL already ends in a file name (".html", ".txt", ...)
//     and the token is not its query or fragment alone -3; the URL has a
//     fragment -2; a ":" inside the token ("file.c:12:3:") -2; another URL
//     on the next line -2.
//
// It never joins a token that starts with no letter or digit, or with
// "(", "[", "{", a quote or "--" ("(see below)", a rule of "====", a MIME
// boundary); a token that starts with a capital letter after the
// punctuation that ends a sentence; anything after a line wider than 80
// columns, which no mailer or editor broke; on a line without the quote
// prefix of the URL's (a mailer re-wrapped a quoted line), anything after
// a line shorter than 60 columns; nor, when the URL stands on a line of
// its own shorter than 72 columns, a token that more text follows (its
// writer broke the line there; one that breaks a URL on purpose puts its
// rest on a line of its own).
func (r *Reader) evident(c *scanner.Candidate, tt, line []byte, unquoted bool) bool {
	last := r.segs[len(r.segs)-1]
	h := c.Raw[last.a:last.b]
	width := r.urlWidth(c)
	lastRune, _ := utf8.DecodeLastRune(h)
	first, _ := utf8.DecodeRune(tt)
	if !startsPart(tt, h) || width > maxFill || unquoted && width < 60 ||
		bytes.ContainsRune([]byte(".!?;,"), lastRune) && unicode.IsUpper(first) {
		return false
	}
	rest := bytes.TrimSpace(line[len(tt):])
	alone := len(bytes.Trim(rest, `.,;:!?)]}"'*`)) == 0
	if !alone && width < fillWidth && r.ownLine(c) {
		return false // the writer put the URL on a line of its own
	}
	score := breakScore(lastRune) + r.tokenScore(c, h, tt, lastRune) + lineScore(width, tt, alone)
	if inHost(c, h) {
		switch {
		case !tldAfter(h, tt):
			score -= 2
		case tt[0] == '/' || lastRune == '.' || lastRune == '-' || bytes.HasSuffix(h, []byte("//")):
			score += 2
		}
	}
	return score-against(h, tt, rest, alone, lastRune) >= evidenceNeeded
}

// breakScore scores where the break falls: after last, the last character
// of the URL's line.
func breakScore(last rune) int {
	switch {
	case bytes.ContainsRune([]byte("?&=%,_~#+:"), last):
		return 2
	case last == '/' || last == '.':
		return 1
	}
	return 0
}

// tokenScore scores the token tt that starts the next line, after h, the
// URL's run on its line.
func (r *Reader) tokenScore(c *scanner.Candidate, h, tt []byte, last rune) int {
	query := bytes.IndexByte(tt, '?') >= 0
	for _, sg := range r.segs {
		query = query || bytes.IndexByte(c.Raw[sg.a:sg.b], '?') >= 0
	}
	score := 0
	switch {
	case shapedPart(tt, query), extensionCut(h, tt):
		score += 2
	case digitsOnly(tt):
		if bytes.ContainsRune([]byte("=/-_."), last) || last >= '0' && last <= '9' {
			score++
		}
	case proseWord(tt):
		score--
		if capitalized(tt) {
			score -= 2
		}
	case bytes.IndexFunc(tt, unicode.IsDigit) >= 0:
		score++ // letters with digits: an identifier, a number in hexadecimal
	}
	if bytes.ContainsRune([]byte("/.=&?#%_+~"), rune(tt[0])) {
		score++
	}
	return score
}

// lineScore scores the lines: width is the URL's widest, tt the token that
// starts the next, alone whether it stands alone there.
func lineScore(width int, tt []byte, alone bool) int {
	score := 0
	switch {
	case width >= 72:
		score += 2
	case width >= 60:
		score++
	}
	if width+1+utf8.RuneCount(tt) > fillWidth {
		score++
	}
	if alone {
		score++
	}
	return score
}

// against scores the evidence against a join of tt, the token that starts
// the next line (rest the text after it), to h, the URL's run on its line.
func against(h, tt, rest []byte, alone bool, last rune) int {
	score := 0
	if fileEnd(h) && !(alone && (tt[0] == '?' || tt[0] == '#')) {
		score += 3
	}
	if bytes.IndexByte(h, '#') >= 0 {
		score += 2
	}
	if last != ':' && bytes.IndexByte(tt, ':') >= 0 {
		score += 2
	}
	if bytes.Contains(rest, []byte("://")) {
		score += 2
	}
	return score
}

// urlWidth returns the width, in characters, of the widest of the lines
// that the URL takes so far, up to where it ends on each.
func (r *Reader) urlWidth(c *scanner.Candidate) int {
	w := 0
	for _, sg := range r.segs {
		w = max(w, lineWidth(c, sg))
	}
	return w
}

// extensionCut reports whether the token tt completes the extension of a
// file name that h, the end of a URL's line, cuts: ".ht" and "ml".
func extensionCut(h, tt []byte) bool {
	dot := bytes.LastIndexByte(h, '.')
	if dot < 0 || len(h)-dot > 5 || bytes.ContainsAny(h[dot:], "/?#") {
		return false
	}
	for n := 1; n <= len(tt) && n <= 5; n++ {
		if isWebFile(h[dot+1:], tt[:n]) && (n == len(tt) || !alnum(tt[n])) {
			return true
		}
	}
	return false
}

// startsPart reports whether tt may start the rest of a URL whose line
// ended with h: with a letter or a digit, or a character of a URL's
// syntax other than an opening bracket or a quote followed by one; "//"
// only after the ":" of a scheme.
func startsPart(tt, h []byte) bool {
	if bytes.IndexFunc(tt, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return false
	}
	switch tt[0] {
	case '(', '[', '{', '<', '"', '\'', '`', ',', ';', ':', '!', '*', '|', '\\', '^', '$', '>':
		return false
	case '/':
		return len(tt) < 2 || tt[1] != '/' || h[len(h)-1] == ':'
	case '-':
		return len(tt) < 2 || tt[1] != '-'
	}
	return true
}

// shapedPart reports whether t has the shape of a part of a URL: a "/"
// after its first character, a "." before a letter or a digit, a "%XX"
// escape, a "?", "#" or "~", or, in a query, "=" or "&".
func shapedPart(t []byte, query bool) bool {
	if bytes.IndexByte(t[1:], '/') >= 0 || bytes.ContainsAny(t, "?#~") {
		return true
	}
	if i := bytes.IndexByte(t, '_'); i > 0 && i+1 < len(t) && alnum(t[i-1]) && alnum(t[i+1]) {
		return true // an identifier, a file name: no word of prose
	}
	if query && bytes.ContainsAny(t, "=&") {
		return true
	}
	for i := 0; i+1 < len(t); i++ {
		switch {
		case t[i] == '.' && alnum(t[i+1]):
			return true
		case t[i] == '%' && i+2 < len(t) && hex(t[i+1]) && hex(t[i+2]):
			return true
		}
	}
	return false
}

// hex reports whether c is a hexadecimal digit.
func hex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }

// digitsOnly reports whether t is digits alone.
func digitsOnly(t []byte) bool {
	for _, c := range t {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// proseWord reports whether t, without one character of a URL's syntax
// that may start it, is a word: letters alone, maybe with "-", "'" or
// "_" inside.
func proseWord(t []byte) bool {
	if bytes.ContainsRune([]byte("/.=&?#%_+~"), rune(t[0])) {
		t = t[1:]
	}
	n := 0
	for _, r := range string(t) {
		switch {
		case unicode.IsLetter(r):
			n++
		case r == '-' || r == '\'':
		default:
			return false
		}
	}
	return n > 0
}

// capitalized reports whether the word t (after a character of a URL's
// syntax that may start it) starts with a capital letter and goes on in
// small letters.
func capitalized(t []byte) bool {
	if bytes.ContainsRune([]byte("/.=&?#%_+~"), rune(t[0])) {
		t = t[1:]
	}
	r, n := utf8.DecodeRune(t)
	return unicode.IsUpper(r) && bytes.IndexFunc(t[n:], unicode.IsUpper) < 0
}

// fileEnd reports whether h, the end of a URL, ends with the name of a
// file of a common type on the web: its path is complete.
func fileEnd(h []byte) bool {
	dot := bytes.LastIndexByte(h, '.')
	return dot >= 0 && bytes.IndexByte(h[dot:], '/') < 0 && isWebFile(h[dot+1:], nil)
}

// isWebFile reports whether a and b, one after the other, make an
// extension of webFile, compared without case.
func isWebFile(a, b []byte) bool {
	var buf [8]byte
	if len(a)+len(b) > len(buf) {
		return false
	}
	ext := append(append(buf[:0], a...), b...)
	for i, c := range ext {
		if 'A' <= c && c <= 'Z' {
			ext[i] = c + 'a' - 'A'
		}
	}
	return webFile[string(ext)]
}

// webFile are the extensions of the files that URLs most often name.
var webFile = map[string]bool{"html": true, "htm": true, "shtml": true, "txt": true, "pdf": true, "ps": true,
	"gz": true, "zip": true, "tgz": true, "tar": true, "bz2": true, "xz": true, "hqx": true, "sit": true,
	"asp": true, "aspx": true, "php": true, "jpg": true, "gif": true, "png": true, "patch": true, "diff": true,
	"rpm": true, "deb": true, "exe": true, "doc": true}

// inHost reports whether the URL's text so far ends inside its host name:
// no "/" follows the "//" of its authority, or it has none and is a host
// name without a scheme.
func inHost(c *scanner.Candidate, h []byte) bool {
	if i := bytes.Index(h, []byte("://")); i >= 0 {
		return bytes.IndexByte(h[i+3:], '/') < 0
	}
	return c.Kind == scanner.Schemeless && bytes.IndexByte(h, '/') < 0
}

// lineWidth returns the width of the line of c that holds the part sg of
// its Raw, up to the end of sg: in characters, a tab to the next multiple
// of 8.
func lineWidth(c *scanner.Candidate, sg seg) int {
	raw := c.Raw
	if k := bytes.LastIndexAny(raw[:sg.a], "\r\n"); k >= 0 {
		return columns(raw[k+1:sg.b], 0)
	}
	return columns(raw[:sg.b], columns(c.Layout.Lead, 0)+max(0, c.Pos.Column-1-utf8.RuneCount(c.Layout.Lead)))
}

// columns returns the column after b, read from column col (from 0).
func columns(b []byte, col int) int {
	for i := 0; i < len(b); col++ {
		if b[i] == '\t' {
			col += 7 - col%8
		}
		if b[i] < utf8.RuneSelf {
			i++
		} else {
			_, n := utf8.DecodeRune(b[i:])
			i += n
		}
	}
	return col
}

// ownLine reports whether the URL in prose of c stands at the start of its
// line, after its indentation and quote prefix alone.
func (r *Reader) ownLine(c *scanner.Candidate) bool {
	lead := c.Layout.Lead
	if q := c.Layout.QuoteLen(lead); q > 0 {
		lead = lead[q:]
	}
	return len(bytes.TrimLeft(lead, " \t")) == 0 && c.Pos.Column-1 == utf8.RuneCount(c.Layout.Lead)
}

// tldAfter reports whether h, the end of a URL inside its host name, and
// tt, the token that starts the next line, would end the host name in a
// top-level domain of letters: the host names of URLs do.
func tldAfter(h, tt []byte) bool {
	host := append(append([]byte(nil), h...), tt...)
	if i := bytes.Index(host, []byte("://")); i >= 0 {
		host = host[i+3:]
	}
	if i := bytes.IndexAny(host, "/?#:"); i >= 0 {
		host = host[:i]
	}
	tld := host[bytes.LastIndexByte(host, '.')+1:]
	return len(tld) >= 2 && bytes.IndexFunc(tld, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// alnum reports whether c is an ASCII letter or digit.
func alnum(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}
