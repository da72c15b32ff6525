package rfc1738_test

import (
	"errors"
	"fmt"

	"github.com/urlsift/urlsift/extract/rfc1738"
)

func ExampleValidate() {
	for _, s := range []string{
		"ftp://info.cern.ch/pub/www/doc;type=d",
		"ftp://h.example/f;type=x",
		"http://host.example/~user/",
	} {
		err := rfc1738.Validate(s)
		var e *rfc1738.Error
		if errors.As(err, &e) {
			fmt.Printf("%s: offset %d, rule %s\n  %v\n", s, e.Offset, e.Rule(), err)
			continue
		}
		fmt.Printf("%s: valid\n", s)
	}
	// Output:
	// ftp://info.cern.ch/pub/www/doc;type=d: valid
	// ftp://h.example/f;type=x: offset 23, rule ftptype
	//   ftp: "x" at 23 is not allowed here: expected ";type=" and one of "a", "i", "d", "A", "I", "D" (RFC 1738 section 3.2.2)
	// http://host.example/~user/: offset 20, rule unsafe
	//   http: "~" at 20 is unsafe and must be encoded (RFC 1738 section 2.2)
}

func ExampleParse() {
	u, err := rfc1738.Parse("FTP://myname@host.dom:2121/%2Fetc/motd;type=a")
	if err != nil {
		fmt.Println(err)
		return
	}
	path, _ := rfc1738.Unescape(u.Path)
	fmt.Println(u.Scheme, u.User, u.Host, u.Port, u.NonDefaultPort)
	fmt.Println(u.Path, "decodes to", path, "type", u.Typecode)
	// Output:
	// ftp myname host.dom 2121 true
	// %2Fetc/motd decodes to /etc/motd type a
}
