package rfc1738

import "strings"

// parser matches one string against the BNF of RFC 1738 section 5. Each
// production is a method that takes the offset where it starts and
// returns the offset where it ends and whether it matched; a failed
// production records where it failed, and the parser keeps the furthest
// such place (the later one on a tie, which is the more specific rule).
// When u is not nil, the parts of a successful match are stored in it.
type parser struct {
	s      string
	u      *URL
	scheme string // as written
	fpos   int
	frule  rule
}

// fail records a failure at i and returns false.
func (p *parser) fail(i int, r rule) bool {
	if i >= p.fpos {
		p.fpos, p.frule = i, r
	}
	return false
}

// check matches s and returns nil when it is a URL.
func check(s string, u *URL) *Error {
	p := parser{s: s, u: u, fpos: -1}
	if p.url() {
		return nil
	}
	e := &Error{Input: s, Offset: p.fpos, rule: p.frule}
	if p.scheme != "" {
		e.Scheme = strings.ToLower(p.scheme)
	}
	return e
}

// url = scheme ":" schemepart [ "#" fragment ]
func (p *parser) url() bool {
	s := p.s
	i := span(s, 0, bScheme)
	if i == 0 || i == len(s) || s[i] != ':' {
		return p.fail(i, rScheme)
	}
	p.scheme = s[:i]
	end := len(s)
	if h := strings.IndexByte(s[i+1:], '#'); h >= 0 {
		end = i + 1 + h
	}
	p.s = s[:end]
	ok := p.schemepart(i + 1)
	p.s = s
	if !ok {
		return false
	}
	if end < len(s) {
		if k := span(s, end+1, setXchar); k != len(s) {
			return p.fail(k, rFragment)
		}
		if p.u != nil {
			p.u.Fragment, p.u.HasFragment = s[end+1:], true
		}
	}
	return true
}

func (p *parser) schemepart(i int) bool {
	part, _ := lookup(p.scheme)
	switch part {
	case pFTP:
		return p.ftp(i)
	case pHTTP:
		return p.http(i)
	case pGopher:
		return p.gopher(i)
	case pMailto:
		return p.mailto(i)
	case pNews:
		return p.news(i)
	case pNNTP:
		return p.nntp(i)
	case pTelnet:
		return p.telnet(i)
	case pWais:
		return p.wais(i)
	case pFile:
		return p.file(i)
	case pProspero:
		return p.prospero(i)
	}
	return p.generic(i)
}

// lit matches a literal, case and all, and fails at the first character
// that differs.
func (p *parser) lit(i int, lit string, r rule) (int, bool) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(p.s) || p.s[i+k] != lit[k] {
			return i + k, p.fail(i+k, r)
		}
	}
	return i + len(lit), true
}

// end fails unless i is the end of the URL.
func (p *parser) end(i int, r rule) bool {
	if i != len(p.s) {
		return p.fail(i, r)
	}
	return true
}

// host = hostname | hostnumber. Whatever may follow a host (":", "/",
// "@" or the end) is none of its characters, so the host is the longest
// run of letters, digits, "-" and "."; it must be one of the two forms.
// A hostnumber starts with a digit: only then is it tried.
func (p *parser) host(i int) (int, bool) {
	e := span(p.s, i, bHost)
	if e == i {
		return e, p.fail(i, rHost)
	}
	if !p.hostname(i, e) && (cls[p.s[i]]&bDigit == 0 || !p.hostnumber(i, e)) {
		return e, false
	}
	if p.u != nil {
		p.u.Host = p.s[i:e]
	}
	return e, true
}

// hostname    = *[ domainlabel "." ] toplabel
// domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
// toplabel    = alpha | alpha *[ alphadigit | "-" ] alphadigit
func (p *parser) hostname(i, e int) bool {
	s := p.s
	for {
		if i >= e || cls[s[i]]&(bAlpha|bDigit) == 0 {
			return p.fail(i, rLabel)
		}
		k := i
		for k < e && s[k] != '.' {
			k++
		}
		if s[k-1] == '-' {
			return p.fail(k, rLabel)
		}
		if k == e {
			// A label that starts with a digit is a domainlabel: the
			// parse needs "." and a toplabel after it.
			if cls[s[i]]&bAlpha == 0 {
				return p.fail(e, rTopLabel)
			}
			return true
		}
		i = k + 1
	}
}

// hostnumber = digits "." digits "." digits "." digits
func (p *parser) hostnumber(i, e int) bool {
	s := p.s
	for n := 0; n < 4; n++ {
		if n > 0 {
			if i >= e || s[i] != '.' {
				return p.fail(i, rHostNumber)
			}
			i++
		}
		k := span(s[:e], i, bDigit)
		if k == i {
			return p.fail(i, rHostNumber)
		}
		i = k
	}
	if i != e {
		return p.fail(i, rHostNumber)
	}
	return true
}

// hostport = host [ ":" port ]
func (p *parser) hostport(i int) (int, bool) {
	e, ok := p.host(i)
	if !ok {
		return e, false
	}
	if e < len(p.s) && p.s[e] == ':' {
		k := span(p.s, e+1, bDigit)
		if k == e+1 {
			return k, p.fail(k, rPort)
		}
		if p.u != nil {
			p.u.Port = p.s[e+1 : k]
		}
		return k, true
	}
	return e, true
}

// login = [ user [ ":" password ] "@" ] hostport
//
// Neither user nor password may contain "/" or "@", and hostport cannot
// contain "@": the user part is tried only when an "@" comes before the
// first "/", which is the only case in which it can match.
func (p *parser) login(i int) (int, bool) {
	s := p.s
	at := false
	for k := i; k < len(s) && s[k] != '/'; k++ {
		if s[k] == '@' {
			at = true
			break
		}
	}
	if at {
		j := span(s, i, setUser)
		user, pass, hasPass := s[i:j], "", false
		if j < len(s) && s[j] == ':' {
			k := span(s, j+1, setUser)
			pass, hasPass = s[j+1:k], true
			j = k
		}
		if j >= len(s) || s[j] != '@' {
			return j, p.fail(j, rUserInfo)
		}
		if p.u != nil {
			p.u.User, p.u.HasUser = user, true
			p.u.Password, p.u.HasPassword = pass, hasPass
		}
		i = j + 1
	}
	return p.hostport(i)
}

// server matches "//" and the login (or, when user is false, only the
// hostport) of an ip-schemepart, and then the "/" after it. It returns
// the offset after that "/"; path is false when the URL ends after the
// host instead, which only a scheme whose path is optional allows. What
// else follows the host fails with rule r.
func (p *parser) server(i int, user, optional bool, r rule) (j int, path, ok bool) {
	if i, ok = p.lit(i, "//", rSlashes); !ok {
		return i, false, false
	}
	if user {
		i, ok = p.login(i)
	} else {
		i, ok = p.hostport(i)
	}
	switch {
	case !ok:
		return i, false, false
	case optional && i == len(p.s):
		return i, false, true
	case i < len(p.s) && p.s[i] == '/':
		return i + 1, true, true
	}
	return i, false, p.fail(i, r)
}

// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
func (p *parser) http(i int) bool {
	i, path, ok := p.server(i, false, true, rAfterHost)
	if !path {
		return ok
	}
	k := span(p.s, i, setHseg|bSlash) // hpath = hsegment *[ "/" hsegment ]
	if p.u != nil {
		p.u.Path, p.u.HasPath = p.s[i:k], true
	}
	if k < len(p.s) && p.s[k] == '?' {
		m := span(p.s, k+1, setHseg)
		if p.u != nil {
			p.u.Search, p.u.HasSearch = p.s[k+1:m], true
		}
		return p.end(m, rSearch)
	}
	return p.end(k, rHpath)
}

// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
func (p *parser) ftp(i int) bool {
	i, path, ok := p.server(i, true, true, rAfterLogin)
	if !path {
		return ok
	}
	k := span(p.s, i, setFseg|bSlash) // fpath = fsegment *[ "/" fsegment ]
	if p.u != nil {
		p.u.Path, p.u.HasPath = p.s[i:k], true
	}
	if k < len(p.s) && p.s[k] == ';' {
		m, ok := p.lit(k, ";type=", rFtpType)
		if !ok {
			return false
		}
		if m >= len(p.s) || !strings.ContainsRune("AIDaid", rune(p.s[m])) {
			return p.fail(m, rFtpType)
		}
		if p.u != nil {
			p.u.Typecode = p.s[m : m+1]
		}
		return p.end(m+1, rEnd)
	}
	return p.end(k, rFpath)
}

// fileurl = "file://" [ host | "localhost" ] "/" fpath
func (p *parser) file(i int) bool {
	i, ok := p.lit(i, "//", rSlashes)
	if !ok {
		return false
	}
	if i < len(p.s) && p.s[i] != '/' {
		if i, ok = p.host(i); !ok {
			return false
		}
	}
	if i >= len(p.s) || p.s[i] != '/' {
		return p.fail(i, rFileHost)
	}
	k := span(p.s, i+1, setFseg|bSlash)
	if p.u != nil {
		p.u.Path, p.u.HasPath = p.s[i+1:k], true
	}
	return p.end(k, rFilePath)
}

// gopherurl = "gopher://" hostport [ / [ gtype [ selector
//
//	[ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//
// gtype, selector and gopher+_string are xchar, and search is a subset
// of them, so the gopher path matches exactly when it is *xchar.
func (p *parser) gopher(i int) bool {
	i, path, ok := p.server(i, false, true, rAfterHost)
	if !path {
		return ok
	}
	if !p.end(span(p.s, i, setXchar), rXchar) {
		return false
	}
	if p.u != nil {
		p.u.Path, p.u.HasPath = p.s[i:], true
		splitGopher(p.u, p.s[i:])
	}
	return true
}

// splitGopher fills the gopher parts of a valid gopher path. The selector
// runs to the first "%09" whose search part matches search (no "/" or "?");
// when none does, the selector is all the rest.
func splitGopher(u *URL, path string) {
	if path == "" {
		return
	}
	n := 1
	if path[0] == '%' {
		n = 3
	}
	u.GopherType, path = path[:n], path[n:]
	for off := 0; ; {
		t := strings.Index(path[off:], "%09")
		if t < 0 {
			u.Selector = path
			return
		}
		t += off
		rest := path[t+3:]
		search, plus, hasPlus := rest, "", false
		if t2 := strings.Index(rest, "%09"); t2 >= 0 {
			search, plus, hasPlus = rest[:t2], rest[t2+3:], true
		}
		if span(search, 0, setHseg) == len(search) {
			u.Selector, u.Search, u.HasSearch = path[:t], search, true
			u.GopherPlus, u.HasGopherPlus = plus, hasPlus
			return
		}
		off = t + 3
	}
}

// mailtourl = "mailto:" encoded822addr
func (p *parser) mailto(i int) bool {
	if !p.addrSpec(i) {
		return false
	}
	if p.u != nil {
		p.u.Opaque = p.s[i:]
		p.u.Address = p.s[i:]
	}
	return true
}

// newsurl   = "news:" grouppart
// grouppart = "*" | group | article
// article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
func (p *parser) news(i int) bool {
	s := p.s
	if p.u != nil {
		p.u.Opaque = s[i:]
	}
	if s[i:] == "*" {
		if p.u != nil {
			p.u.Group = "*"
		}
		return true
	}
	if g, ok := p.group(i, rGroup); ok && p.end(g, rGroup) {
		if p.u != nil {
			p.u.Group = s[i:]
		}
		return true
	}
	k := span(s, i, setArticle)
	if k == i {
		return p.fail(i, rGroupPart)
	}
	if k == len(s) || s[k] != '@' {
		return p.fail(k, rArticleAt)
	}
	e, ok := p.host(k + 1)
	if !ok || !p.end(e, rEnd) {
		return false
	}
	if p.u != nil {
		p.u.Article = s[i:]
	}
	return true
}

// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
func (p *parser) group(i int, r rule) (int, bool) {
	if i >= len(p.s) || cls[p.s[i]]&bAlpha == 0 {
		return i, p.fail(i, r)
	}
	return span(p.s, i, bGroup), true
}

// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
func (p *parser) nntp(i int) bool {
	i, _, ok := p.server(i, false, false, rAfterHostSlash)
	if !ok {
		return false
	}
	g, ok := p.group(i, rNNTPGroup)
	if !ok {
		return false
	}
	if p.u != nil {
		p.u.Group = p.s[i:g]
	}
	if g < len(p.s) && p.s[g] == '/' {
		d := span(p.s, g+1, bDigit)
		if d == g+1 {
			return p.fail(d, rNNTPNumber)
		}
		if p.u != nil {
			p.u.Article = p.s[g+1 : d]
		}
		return p.end(d, rNNTPNumber)
	}
	return p.end(g, rNNTPEnd)
}

// telneturl = "telnet://" login [ "/" ]
func (p *parser) telnet(i int) bool {
	i, path, ok := p.server(i, true, true, rAfterLogin)
	if !path {
		return ok
	}
	return p.end(i, rTelnetEnd)
}

// waisurl      = waisdatabase | waisindex | waisdoc
// waisdatabase = "wais://" hostport "/" database
// waisindex    = "wais://" hostport "/" database "?" search
// waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
func (p *parser) wais(i int) bool {
	i, _, ok := p.server(i, false, false, rAfterHostSlash)
	if !ok {
		return false
	}
	s := p.s
	d := span(s, i, setUchar)
	if p.u != nil {
		p.u.Path, p.u.HasPath = s[i:], true
		p.u.Database = s[i:d]
	}
	switch {
	case d == len(s):
		return true
	case s[d] == '?':
		m := span(s, d+1, setHseg)
		if p.u != nil {
			p.u.Search, p.u.HasSearch = s[d+1:m], true
		}
		return p.end(m, rSearch)
	case s[d] == '/':
		t := span(s, d+1, setUchar)
		if t >= len(s) || s[t] != '/' {
			return p.fail(t, rWaisType)
		}
		w := span(s, t+1, setUchar)
		if p.u != nil {
			p.u.WaisType, p.u.WaisPath = s[d+1:t], s[t+1:w]
		}
		return p.end(w, rWaisPath)
	}
	return p.fail(d, rWaisDB)
}

// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
// fieldspec   = ";" fieldname "=" fieldvalue
func (p *parser) prospero(i int) bool {
	i, _, ok := p.server(i, false, false, rAfterHostSlash)
	if !ok {
		return false
	}
	s := p.s
	k := span(s, i, setFseg|bSlash)
	if p.u != nil {
		p.u.Path, p.u.HasPath = s[i:k], true
	}
	r := rPpath
	for k < len(s) && s[k] == ';' {
		n := span(s, k+1, setField)
		if n >= len(s) || s[n] != '=' {
			return p.fail(n, rFieldEq)
		}
		v := span(s, n+1, setField)
		if p.u != nil {
			p.u.Fields = append(p.u.Fields, Field{Name: s[k+1 : n], Value: s[n+1 : v]})
		}
		k, r = v, rField
	}
	return p.end(k, r)
}

// genericurl = scheme ":" schemepart
// schemepart = *xchar | ip-schemepart
//
// ip-schemepart ("//" login [ "/" urlpath ]) is a subset of *xchar, so it
// decides nothing about validity; Parse uses it to fill in the parts.
func (p *parser) generic(i int) bool {
	k := span(p.s, i, setXchar)
	if !p.end(k, rXchar) {
		return false
	}
	if p.u != nil {
		p.u.Opaque = p.s[i:]
		if strings.HasPrefix(p.s[i:], "//") {
			var v URL
			q := parser{s: p.s, u: &v, fpos: -1}
			if j, ok := q.login(i + 2); ok && (j == len(p.s) || p.s[j] == '/') {
				p.u.Opaque = ""
				p.u.User, p.u.HasUser = v.User, v.HasUser
				p.u.Password, p.u.HasPassword = v.Password, v.HasPassword
				p.u.Host, p.u.Port = v.Host, v.Port
				if j < len(p.s) {
					p.u.Path, p.u.HasPath = p.s[j+1:], true
				}
			}
		}
	}
	return true
}
