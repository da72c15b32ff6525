package mail

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/urlsift/urlsift/scanner"
)

// htmlText reads an HTML part as its text, with the tags removed and
// character references decoded, so that the wrapper rules apply to what
// a reader sees; block elements break lines, and scripts and styles are
// left out. It also collects the href and src attributes, each at the
// position in that text where its tag stands.
type htmlText struct {
	pending
	z     *html.Tokenizer
	skip  int // inside this many scripts or styles
	at    int64
	count scanner.Lines // of the text
	links []link        // found; those from head on are not yet handed over
	head  int

	// Links stream out as they are found: those that stand before
	// settled() go to emit at once, from inside Read, and past maxLinks
	// waiting the oldest go anyway. emit returns false to stop.
	emit    func(link) bool
	settled func() int64
	stopped bool

	// marks, when not nil, ties the text to the HTML it comes from: an
	// anchor at each token, and in text after each character reference
	// and each CR that the tokenizer dropped; src is the place in the HTML
	// of the next token.
	marks *anchors
	src   scanner.Lines
	raw   []byte // the token read last as written: Text changes Raw's bytes in place (CR LF to LF)
}

// maxLinks bounds the links that wait for the text around them to be
// read. Past it, a wrapper still open before them (one that has taken in
// no text through thousands of tags) is reported after them: the order
// bends, the memory does not grow.
const maxLinks = 4096

// errStopped ends the reading of a part whose consumer stopped.
var errStopped = errors.New("stopped")

// link is an href or src attribute.
type link struct {
	value, raw string
	pos        scanner.Position // in the text
	src        scanner.Position // in the HTML, when the text is tied to it: where the tag stands
}

// maxHTMLToken bounds the memory of one HTML token: a longer one ends the
// part with html.ErrBufferExceeded.
const maxHTMLToken = 4 << 20

// newHTMLText returns the text of the HTML that r reads, counted from at
// (line 1, column 1, offset 0 when at is the zero Position); with marks,
// not nil, tied to the HTML in them, counted from at too.
func newHTMLText(r io.Reader, at scanner.Position, marks *anchors) *htmlText {
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxHTMLToken)
	h := &htmlText{z: z, count: scanner.LinesAt(at), at: at.Offset}
	if marks != nil {
		h.marks, h.src = marks, scanner.LinesAt(at)
		marks.reset(at, true)
	}
	return h
}

func (h *htmlText) Read(p []byte) (int, error) { return h.read(p, h.token, nil) }

// token reads one token, appending the text it gives to h.out.
func (h *htmlText) token() {
	start := len(h.out)
	tt := h.z.Next()
	src, special := h.src, false // where the token starts in the HTML; whether its text is not its HTML
	if h.marks != nil {
		raw := h.z.Raw()
		if special = tt == html.TextToken && bytes.IndexAny(raw, "&\r\x00") >= 0; special {
			h.raw = append(h.raw[:0], raw...) // before Text rewrites it
		}
		h.src.Add(raw)
	}
	switch tt {
	case html.ErrorToken:
		h.err = h.z.Err()
	case html.TextToken:
		if h.skip == 0 {
			h.out = append(h.out, h.z.Text()...)
			if h.marks != nil {
				h.tie(start, src, special)
			}
		}
	case html.StartTagToken, html.SelfClosingTagToken:
		name, more := h.z.TagName()
		a := atom.Lookup(name)
		if a == atom.Script || a == atom.Style {
			h.skip++
		}
		if breaks(a) {
			h.out = append(h.out, '\n')
		}
		raw := string(h.z.Raw())
		for more {
			var key, val []byte
			key, val, more = h.z.TagAttr()
			if k := string(key); k == "href" || k == "src" {
				l := link{value: strings.TrimSpace(string(val)), raw: raw,
					pos: scanner.Position{Offset: h.at + int64(start), Line: h.count.Pos().Line, Column: h.count.Pos().Column}}
				if h.marks != nil {
					l.src = src.Pos() // the tag's "<": Raw, from there, is the tag
				}
				h.links = append(h.links, l)
			}
		}
	case html.EndTagToken:
		name, _ := h.z.TagName()
		a := atom.Lookup(name)
		if (a == atom.Script || a == atom.Style) && h.skip > 0 {
			h.skip--
		}
		if breaks(a) {
			h.out = append(h.out, '\n')
		}
	}
	h.count.Add(h.out[start:]) // what this token added to the text
	h.at += int64(len(h.out) - start)
	if h.emit != nil && len(h.links) > 0 {
		h.release(h.settled(), maxLinks)
	}
}

// release hands over the links at or before offset, and the oldest ones
// while more than keep wait. It returns false when the consumer stopped.
func (h *htmlText) release(offset int64, keep int) bool {
	n := h.head
	for n < len(h.links) && (h.links[n].pos.Offset <= offset || len(h.links)-n > keep) {
		if !h.emit(h.links[n]) {
			h.stopped, h.err = true, errStopped
			break
		}
		n++
	}
	h.head = n
	switch {
	case h.head == len(h.links):
		h.links, h.head = h.links[:0], 0
	case h.head > len(h.links)/2: // what is handed over goes, at an amortized cost
		h.links, h.head = h.links[:copy(h.links, h.links[h.head:])], 0
	}
	return !h.stopped
}

// breaks reports whether an element starts or ends a line of text.
func breaks(a atom.Atom) bool {
	switch a {
	case atom.Br, atom.P, atom.Div, atom.Li, atom.Tr, atom.Td, atom.Th, atom.Pre, atom.Blockquote,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Table, atom.Hr:
		return true
	}
	return false
}

// tie ties the text that the text token read last gave, h.out[start:],
// to the HTML it comes from, which starts at src: text given as it is
// written by one anchor; in text with character references, or CRs or
// NULs that the tokenizer rewrites (special), each reference stands at
// its "&", and the text after it is tied again. Tags give no anchor: a
// line break they give starts no URL, and the text after them has its
// own.
func (h *htmlText) tie(start int, src scanner.Lines, special bool) {
	text := h.out[start:]
	at := h.at + int64(start)
	line := h.count.Pos().Line
	h.marks.add(anchor{at: at, line: line, in: src.Pos(), exact: true})
	if !special {
		return
	}
	raw := h.raw
	counted, told := 0, 0   // src has counted raw[:counted], line text[:told]
	add := func(k, i int) { // text[k:] from raw[i:] on
		src.Add(raw[counted:i])
		line += bytes.Count(text[told:k], []byte{'\n'})
		counted, told = i, k
		h.marks.add(anchor{at: at + int64(k), line: line, in: src.Pos(), exact: true})
	}
	for i, k := 0, 0; i < len(raw) && k < len(text); {
		switch {
		case raw[i] == text[k] && raw[i] != '&':
			i, k = i+1, k+1
		case raw[i] == '\r' && text[k] == '\n': // CR LF, or CR alone, is LF in the text
			if i+1 < len(raw) && raw[i+1] == '\n' {
				add(k, i)
				i++
			}
			i, k = i+1, k+1
			add(k, i)
		case raw[i] == '&':
			end := i + 1 + bytes.IndexAny(raw[i+1:], "&\r")
			if end == i {
				end = len(raw)
			}
			seg := html.UnescapeString(string(raw[i:end]))
			same := commonSuffix(raw[i:end], seg)
			if end-same == i {
				// Nothing decoded ("&" alone, "&t;"): the "&" is text as
				// written, and the loop goes on after it. (Taken for a
				// reference, it stood still: an endless loop.)
				if text[k] != '&' {
					i = len(raw)
					continue
				}
				i, k = i+1, k+1
				continue
			}
			i, k = end-same, k+len(seg)-same
			add(k, i)
		default:
			i = len(raw) // the two part ways: the anchors so far stand
		}
	}
}

// commonSuffix returns how many bytes end both a and b.
func commonSuffix(a []byte, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}
