package main

import (
	"errors"
	"fmt"
	"hash/maphash"
	"strconv"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
)

// appendRecord appends the output of one match: its JSON record, its
// --format line, or the URL with what -H, -n and --with-message put
// before it; then a newline, or a NUL with -0.
func (o *options) appendRecord(dst []byte, m *extract.Match, enc *output.Encoder) []byte {
	switch {
	case o.json:
		dst = enc.Append(dst, m)
	case o.format != nil:
		dst = o.format.Append(dst, m, printable)
	default:
		if o.withName {
			dst = o.paint(dst, colorName, printable(memberName(m.Pos.Filename, m.Member)))
			dst = o.paint(dst, colorSep, ":")
		}
		switch {
		case o.lineNumber && o.color:
			dst = o.paint(dst, colorLine, strconv.Itoa(m.Pos.Line))
			dst = o.paint(dst, colorSep, ":")
			dst = o.paint(dst, colorLine, strconv.Itoa(m.Pos.Column))
			dst = o.paint(dst, colorSep, ":")
		case o.lineNumber:
			dst = append(strconv.AppendInt(dst, int64(m.Pos.Line), 10), ':')
			dst = append(strconv.AppendInt(dst, int64(m.Pos.Column), 10), ':')
		}
		if o.withMessage && m.Mail.Message > 0 {
			id := m.Mail.MessageID
			if id == "" {
				id = "-"
			}
			dst = append(dst, printable(id)...)
			dst = append(dst, ' ')
		}
		dst = append(dst, o.url(m)...)
	}
	return append(dst, o.end)
}

// seen is the set of URLs printed, for -u: 16 bytes of hash per distinct
// URL (two 64-bit maphash sums with their own seeds, so that two URLs
// collide with a chance of 2^-128), about 40 bytes with the map's own.
type seen struct {
	s1, s2 maphash.Seed
	set    map[[2]uint64]struct{}
}

func newSeen() *seen {
	return &seen{s1: maphash.MakeSeed(), s2: maphash.MakeSeed(), set: map[[2]uint64]struct{}{}}
}

// add reports whether url is new, and remembers it.
func (s *seen) add(url string) bool {
	k := [2]uint64{maphash.String(s.s1, url), maphash.String(s.s2, url)}
	if _, ok := s.set[k]; ok {
		return false
	}
	s.set[k] = struct{}{}
	return true
}

// displayName is the name of an input as grep prints it before its lines
// and in -c, -l and -L: standard input ("-") is "(standard input)".
func displayName(name string) string {
	if name == "-" {
		return "(standard input)"
	}
	return name
}

// memberName is the name of an input, or of the member of a container
// (when member is not ""), as ugrep writes it: "spool.tgz{comp/www/2}".
func memberName(name, member string) string { return source.MemberName(displayName(name), member) }

// rejected says whether m is a wrapper that the grammar rejected: with
// neither --json nor --stats such wrappers are not printed, and one line
// says how many there were (rejectLine).
func rejected(m *extract.Match) bool {
	if m.Valid || (m.Form != extract.FormURL && m.Form != extract.FormBare) {
		return false
	}
	_, ok := errors.AsType[extract.SyntaxError](m.Err)
	return ok
}

// rejectLine is the line that says what the grammar rejected, counted in
// r, or "".
func rejectLine(r *output.Stats, grammar string) string {
	if r.Invalid == 0 {
		return ""
	}
	noun := "wrappers"
	if r.Invalid == 1 {
		noun = "wrapper"
	}
	top, n := r.TopReason()
	s := fmt.Sprintf("urlsift: %d %s rejected by the %s grammar, %d for %s: --json shows them", r.Invalid, noun, grammar, n, top)
	if grammar == "rfc1738" {
		s += ", --grammar rfc3986 takes today's URLs"
	}
	return s + "\n"
}

// The colours of --color, grep's defaults (GREP_COLORS fn=35, ln=32,
// se=36): file names magenta, lines and columns green, separators cyan.
const (
	colorName = "35"
	colorLine = "32"
	colorSep  = "36"
)

// paint appends s to dst, in colour c with --color.
func (o *options) paint(dst []byte, c, s string) []byte {
	if !o.color {
		return append(dst, s...)
	}
	dst = append(append(append(dst, "\x1b["...), c...), 'm')
	return append(append(dst, s...), "\x1b[m"...)
}
