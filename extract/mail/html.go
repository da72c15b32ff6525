package mail

import (
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
}

// maxHTMLToken bounds the memory of one HTML token: a longer one ends the
// part with html.ErrBufferExceeded.
const maxHTMLToken = 4 << 20

func newHTMLText(r io.Reader) *htmlText {
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxHTMLToken)
	return &htmlText{z: z, count: scanner.LinesAt(scanner.Position{})}
}

func (h *htmlText) Read(p []byte) (int, error) { return h.read(p, h.token, nil) }

// token reads one token, appending the text it gives to h.out.
func (h *htmlText) token() {
	start := len(h.out)
	switch h.z.Next() {
	case html.ErrorToken:
		h.err = h.z.Err()
	case html.TextToken:
		if h.skip == 0 {
			h.out = append(h.out, h.z.Text()...)
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
				h.links = append(h.links, link{value: strings.TrimSpace(string(val)), raw: raw,
					pos: scanner.Position{Offset: h.at + int64(start), Line: h.count.Pos().Line, Column: h.count.Pos().Column}})
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
