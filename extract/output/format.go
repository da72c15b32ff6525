package output

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/urlsift/urlsift/extract"
)

// segment is a piece of a template: literal text, or a field.
type segment struct {
	lit   string
	field string
}

// fields are the fields of a template: those of the JSON record.
var fields = map[string]func(m extract.Match) string{
	"path":           func(m extract.Match) string { return m.Pos.Filename },
	"input":          func(m extract.Match) string { return m.Input },
	"member":         func(m extract.Match) string { return m.Member },
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
	"normalized":     func(m extract.Match) string { return m.Normalized },
	"host":           func(m extract.Match) string { return m.Host },
	"site":           func(m extract.Match) string { return m.Site },
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
	if se, ok := errors.AsType[extract.SyntaxError](m.Err); ok {
		return se.Rule(), se.Section(), strconv.Itoa(se.At())
	}
	return "", "", ""
}

// A Template prints a match as urlsift --format does: literal text and
// the fields of the JSON record in braces, as strings ("" for a field
// that the match does not have).
type Template struct {
	segs []segment
}

// ParseTemplate reads a template: {field}, {{ and }} for braces, and \t,
// \n, \0 and \\ for a tab, a newline, a NUL and a backslash.
func ParseTemplate(t string) (*Template, error) {
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
				return nil, fmt.Errorf("%q has no closing }", t[i:])
			}
			name := t[i+1 : i+end]
			if fields[name] == nil {
				return nil, fmt.Errorf("no field {%s}; the fields are those of the JSON record", name)
			}
			segs = append(segs, segment{lit: lit.String()}, segment{field: name})
			lit.Reset()
			i += end
		case c == '}':
			return nil, fmt.Errorf("a lone } (write }} for one)")
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
	return &Template{segs: append(segs, segment{lit: lit.String()})}, nil
}

// Append appends what the template makes of m to dst, each field's value
// passed through escape when it is not nil (the literal text as it is).
func (t *Template) Append(dst []byte, m *extract.Match, escape func(string) string) []byte {
	for _, s := range t.segs {
		if s.field == "" {
			dst = append(dst, s.lit...)
			continue
		}
		v := fields[s.field](*m)
		if escape != nil {
			v = escape(v)
		}
		dst = append(dst, v...)
	}
	return dst
}

// NamesReason reports whether the template names a field of an invalid
// match's reason ({error}, {error_rule}, {error_section}, {error_offset})
// or {valid}: a program then prints the invalid matches too.
func (t *Template) NamesReason() bool {
	for _, s := range t.segs {
		if strings.HasPrefix(s.field, "error") || s.field == "valid" {
			return true
		}
	}
	return false
}
