package main

import (
	"errors"
	"fmt"
	"hash/maphash"
	"sort"
	"strconv"
	"strings"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/scanner"
)

// segment is a piece of a --format template: literal text, or a field.
type segment struct {
	lit   string
	field string
}

// fields are the fields of a --format template: those of --json.
var fields = map[string]func(m extract.Match) string{
	"path":           func(m extract.Match) string { return m.Pos.Filename },
	"input":          func(m extract.Match) string { return m.Input },
	"url":            func(m extract.Match) string { return m.URL },
	"valid":          func(m extract.Match) string { return strconv.FormatBool(m.Valid) },
	"error":          func(m extract.Match) string { return m.Error },
	"error_rule":     func(m extract.Match) string { r, _, _ := syntax(m); return r },
	"error_section":  func(m extract.Match) string { _, s, _ := syntax(m); return s },
	"error_offset":   func(m extract.Match) string { _, _, at := syntax(m); return at },
	"scheme":         func(m extract.Match) string { return m.Scheme },
	"form":           func(m extract.Match) string { return m.Form.String() },
	"raw":            func(m extract.Match) string { return m.Raw },
	"offset":         func(m extract.Match) string { return strconv.FormatInt(m.Pos.Offset, 10) },
	"length":         func(m extract.Match) string { return strconv.Itoa(len(m.Raw)) },
	"line":           func(m extract.Match) string { return strconv.Itoa(m.Pos.Line) },
	"col":            func(m extract.Match) string { return strconv.Itoa(m.Pos.Column) },
	"alternatives":   func(m extract.Match) string { return strings.Join(m.Alternatives, " ") },
	"warnings":       func(m extract.Match) string { return strings.Join(m.Warnings, "; ") },
	"message":        func(m extract.Match) string { return itoaIf(m.Mail.Message) },
	"message_id":     func(m extract.Match) string { return m.Mail.MessageID },
	"message_offset": func(m extract.Match) string { return itoaIf64(m.Mail.MessageOffset, m.Mail.Message) },
	"part":           func(m extract.Match) string { return m.Mail.Part },
	"part_line":      func(m extract.Match) string { return itoaIf(m.Mail.PartPos.Line) },
	"part_col":       func(m extract.Match) string { return itoaIf(m.Mail.PartPos.Column) },
	"part_offset":    func(m extract.Match) string { return itoaIf64(m.Mail.PartPos.Offset, m.Mail.Message) },
	"charset":        func(m extract.Match) string { return m.Mail.Charset },
}

func itoaIf(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func itoaIf64(n int64, message int) string {
	if message == 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

// syntax returns the rule, section and offset of a grammar's reason.
func syntax(m extract.Match) (rule, section, at string) {
	var se extract.SyntaxError
	if errors.As(m.Err, &se) {
		return se.Rule(), se.Section(), strconv.Itoa(se.At())
	}
	return "", "", ""
}

// parseFormat reads a --format template: {field}, {{ and }} for braces,
// and \t, \n, \0 and \\ for a tab, a newline, a NUL and a backslash.
func parseFormat(t string) ([]segment, error) {
	var segs []segment
	var lit strings.Builder
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '{' && strings.HasPrefix(t[i:], "{{"), c == '}' && strings.HasPrefix(t[i:], "}}"):
			lit.WriteByte(c)
			i++
		case c == '{':
			end := strings.IndexByte(t[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("--format: %q has no closing }", t[i:])
			}
			name := t[i+1 : i+end]
			if fields[name] == nil {
				return nil, fmt.Errorf("--format: no field {%s}; the fields are those of --json", name)
			}
			segs = append(segs, segment{lit: lit.String()}, segment{field: name})
			lit.Reset()
			i += end
		case c == '}':
			return nil, fmt.Errorf("--format: a lone } (write }} for one)")
		case c == '\\' && i+1 < len(t):
			i++
			switch t[i] {
			case 't':
				lit.WriteByte('\t')
			case 'n':
				lit.WriteByte('\n')
			case '0':
				lit.WriteByte(0)
			default:
				lit.WriteByte(t[i])
			}
		default:
			lit.WriteByte(c)
		}
	}
	return append(segs, segment{lit: lit.String()}), nil
}

// appendRecord appends the output of one match: its JSON record, its
// --format line, or the URL with what -H, -n and --with-message put
// before it; then a newline, or a NUL with -0.
func (o *options) appendRecord(dst []byte, m *extract.Match, enc *output.Encoder) []byte {
	switch {
	case o.json:
		dst = enc.Append(dst, m)
	case o.format != nil:
		for _, s := range o.format {
			if s.field == "" {
				dst = append(dst, s.lit...)
			} else {
				dst = append(dst, printable(fields[s.field](*m))...)
			}
		}
	default:
		if o.withName {
			dst = o.paint(dst, colorName, printable(displayName(m.Pos.Filename)))
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
		dst = append(dst, m.URL...)
	}
	return append(dst, o.end)
}

// stats are what --stats tells, for one file or for the run.
type stats struct {
	files, messages, wrappers, valid, invalid int
	prose                                     int // of wrappers, the URLs found in prose
	reasons, schemes                          map[string]int
	names                                     map[string]string // the schemes' keys, by themselves
}

// add counts one reported match.
func (s *stats) add(m extract.Match) {
	if s.reasons == nil {
		s.reasons, s.schemes = map[string]int{}, map[string]int{}
	}
	if s.names == nil {
		s.names = map[string]string{}
	}
	s.wrappers++
	if m.Form == extract.FormUnwrapped || m.Form == extract.FormSchemeless {
		s.prose++
	}
	if m.Valid {
		s.valid++
		// m's strings do not last, and an assignment to a map of strings
		// stores the key it is given even when an equal key is there: the
		// counts are assigned by a copy of the scheme, made once.
		k, ok := s.names[m.Scheme]
		if !ok {
			k = strings.Clone(m.Scheme)
			s.names[k] = k
		}
		s.schemes[k]++
		return
	}
	s.invalid++
	s.reasons[reason(m.Err)]++
}

// reason names why a match is invalid, without its offsets: the rule and
// section, or why a wrapper was abandoned.
func reason(err error) string {
	var se extract.SyntaxError
	var u *scanner.Unterminated
	switch {
	case errors.As(err, &se):
		return se.Rule() + " (" + se.Section() + ")"
	case errors.As(err, &u):
		return "unterminated wrapper: " + u.Err.Error()
	case err != nil:
		return err.Error()
	}
	return ""
}

// merge adds the counts of one file to the run's.
func (s *stats) merge(f *stats) {
	s.files++
	s.plus(f)
}

// plus adds the counts of f, but not its files: those of a piece of a
// file.
func (s *stats) plus(f *stats) {
	if s.reasons == nil {
		s.reasons, s.schemes = map[string]int{}, map[string]int{}
	}
	s.messages += f.messages
	s.wrappers += f.wrappers
	s.prose += f.prose
	s.valid += f.valid
	s.invalid += f.invalid
	for k, v := range f.reasons {
		s.reasons[k] += v
	}
	for k, v := range f.schemes {
		s.schemes[k] += v
	}
}

// sortedKeys returns the keys of m by decreasing count, then by name.
func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// topReasons returns at most ten reasons, the most frequent first.
func (s *stats) topReasons() []string {
	keys := sortedKeys(s.reasons)
	return keys[:min(10, len(keys))]
}

// text writes the statistics for standard error.
func (s *stats) text(bytes int64, seconds float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "urlsift: %d files, %d bytes, %d messages, %d wrappers, %d URLs in prose: %d valid URLs, %d invalid; %.3f s, %.1f MB/s\n",
		s.files, bytes, s.messages, s.wrappers-s.prose, s.prose, s.valid, s.invalid, seconds, float64(bytes)/1e6/max(seconds, 1e-9))
	if s.invalid > 0 {
		b.WriteString("urlsift: invalid by reason:")
		for _, k := range s.topReasons() {
			fmt.Fprintf(&b, "\n  %d %s", s.reasons[k], k)
		}
		b.WriteString("\n")
	}
	if s.valid > 0 {
		b.WriteString("urlsift: URLs by scheme:")
		for _, k := range sortedKeys(s.schemes) {
			fmt.Fprintf(&b, " %d %s,", s.schemes[k], k)
		}
		return strings.TrimSuffix(b.String(), ",") + "\n"
	}
	return b.String()
}

// json writes the statistics as the last record of --json.
func (s *stats) json(bytes int64, seconds float64) []byte {
	b := fmt.Appendf(nil, `{"stats":{"files":%d,"bytes":%d,"messages":%d,"wrappers":%d,"prose":%d,"valid":%d,"invalid":%d,"invalid_by_reason":[`,
		s.files, bytes, s.messages, s.wrappers-s.prose, s.prose, s.valid, s.invalid)
	for i, k := range s.topReasons() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"reason":`...)
		b = output.AppendString(b, k)
		b = fmt.Appendf(b, `,"count":%d}`, s.reasons[k])
	}
	b = append(b, `],"schemes":{`...)
	for i, k := range sortedKeys(s.schemes) {
		if i > 0 {
			b = append(b, ',')
		}
		b = output.AppendString(b, k)
		b = fmt.Appendf(b, ":%d", s.schemes[k])
	}
	return fmt.Appendf(b, `},"seconds":%.3f,"bytes_per_second":%.0f}}`+"\n", seconds, float64(bytes)/max(seconds, 1e-9))
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

// rejects counts the wrappers that the grammar rejected, by reason: with
// neither --json nor --stats they are not printed, and one line says so.
type rejects struct {
	n       int
	reasons map[string]int
}

// add counts m when it is a wrapper that the grammar rejected.
func (r *rejects) add(m *extract.Match) {
	var se extract.SyntaxError
	if m.Valid || m.Form != extract.FormURL && m.Form != extract.FormBare || !errors.As(m.Err, &se) {
		return
	}
	if r.reasons == nil {
		r.reasons = map[string]int{}
	}
	r.n++
	r.reasons[reason(m.Err)]++
}

// plus adds the counts of f.
func (r *rejects) plus(f *rejects) {
	if f.n == 0 {
		return
	}
	if r.reasons == nil {
		r.reasons = map[string]int{}
	}
	r.n += f.n
	for k, v := range f.reasons {
		r.reasons[k] += v
	}
}

// text is the line that says what was rejected, or "".
func (r *rejects) text(grammar string) string {
	if r.n == 0 {
		return ""
	}
	top, noun := sortedKeys(r.reasons)[0], "wrappers"
	if r.n == 1 {
		noun = "wrapper"
	}
	s := fmt.Sprintf("urlsift: %d %s rejected by the %s grammar, %d for %s: --json shows them", r.n, noun, grammar, r.reasons[top], top)
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
