package rfc1738

import (
	"errors"
	"strings"
	"testing"
)

func FuzzValidate(f *testing.F) {
	for _, c := range cases {
		f.Add(strings.Replace(c.in, mark, "", 1))
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := Validate(s)
		if Valid(s) != (err == nil) {
			t.Fatalf("Valid(%q) = %v but Validate = %v", s, Valid(s), err)
		}
		u, perr := Parse(s)
		if (err == nil) != (perr == nil) || (perr == nil) != (u != nil) {
			t.Fatalf("Validate(%q) = %v but Parse = %v, %v", s, err, u, perr)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate(%q) = %T, want *Error", s, err)
			}
			if e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Validate(%q): offset %d outside [0, %d]", s, e.Offset, len(s))
			}
			if !strings.Contains(err.Error(), "RFC 1738 section") || e.Rule() == "" {
				t.Fatalf("Validate(%q): message %q names no rule", s, err)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("Validate(%q): message %q spans lines", s, err)
			}
			return
		}
		// A URL is written with the graphic US-ASCII characters that
		// RFC 1738 leaves unencoded, "%" for escapes and "#" for the
		// fragment; never with white space or control characters.
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c <= ' ' || c >= 0x7f || (cls[c]&bUnsafe != 0 && c != '%' && c != '#') {
				t.Fatalf("Validate(%q) = nil, but byte %d is %q", s, i, c)
			}
		}
		if u.Scheme != strings.ToLower(u.Scheme) || !strings.HasPrefix(strings.ToLower(s), u.Scheme+":") {
			t.Fatalf("Parse(%q).Scheme = %q", s, u.Scheme)
		}
	})
}
