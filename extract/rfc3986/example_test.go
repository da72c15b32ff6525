package rfc3986_test

import (
	"errors"
	"fmt"

	"github.com/urlsift/urlsift/extract/rfc3986"
)

func ExampleValidate() {
	for _, s := range []string{
		"http://[2001:db8::1]/~user/",
		"mailto:infobot@example.com?body=send%20current-issue",
		"http://a.example/a|b",
		"mailto:http://y.example/",
	} {
		err := rfc3986.Validate(s)
		var e *rfc3986.Error
		if errors.As(err, &e) {
			fmt.Printf("%s: %s at %d (%s)\n", s, e.Rule(), e.At(), e.Section())
			continue
		}
		fmt.Println(s, "is a URI")
	}
	// Output:
	// http://[2001:db8::1]/~user/ is a URI
	// mailto:infobot@example.com?body=send%20current-issue is a URI
	// http://a.example/a|b: path at 18 (RFC 3986 section 3.3)
	// mailto:http://y.example/: addr-spec at 11 (RFC 6068 section 2)
}

func ExampleValidateIRI() {
	fmt.Println(rfc3986.ValidateIRI("http://例え.jp/パス"))
	fmt.Println(rfc3986.ValidateIRI("http://a.example/\u202eevil"))
	// Output:
	// <nil>
	// http: "\u202e" at 17 is not allowed here: expected no bidirectional formatting character (RFC 3987 section 4.1)
}
