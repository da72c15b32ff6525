package rfc3986

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzValidate cross-checks Valid with Validate, for URIs and IRIs, and
// the error's offset and rule.
func FuzzValidate(f *testing.F) {
	for _, c := range append(append([]tcase(nil), uriCases...), iriCases...) {
		in, _ := strip(c.in)
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, iri := range []bool{false, true} {
			valid := Valid(s)
			if iri {
				valid = ValidIRI(s)
			}
			err := validate(s, iri)
			if valid != (err == nil) {
				t.Fatalf("%q (iri %v): Valid %v, Validate %v", s, iri, valid, err)
			}
			var e *Error
			if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || e.Rule() == "" || e.Section() == "" ||
				e.Error() == "" || e.At() != utf8.RuneCountInString(s[:e.Offset])) {
				t.Fatalf("%q (iri %v): bad error %#v", s, iri, err)
			}
			if !iri && valid && !ValidIRI(s) {
				t.Fatalf("%q is a URI and not an IRI", s)
			}
		}
	})
}
