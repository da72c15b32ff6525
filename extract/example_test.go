package extract_test

import (
	"fmt"
	"strings"

	"github.com/urlsift/urlsift/extract"
)

const text = `Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  See also <http://www-
      cse.ucsd.edu/users/bsy/coke.history.txt> and <URL:http://host.example/~user/>.
`

func ExampleNew() {
	x := extract.New(strings.NewReader(text), extract.Filename("mail.txt"))
	for x.Next() {
		m := x.Match()
		fmt.Println(m.Pos, m.URL)
	}
	if err := x.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mail.txt:1:28 ftp://info.cern.ch/pub/www/doc;type=d
	// mail.txt:2:52 ftp://ds.internic.net/rfc
	// mail.txt:3:34 http://www-cse.ucsd.edu/users/bsy/coke.history.txt
}

func ExampleAll() {
	for m, err := range extract.All(strings.NewReader(text), extract.ReportInvalid()) {
		if err != nil {
			fmt.Println("error:", err)
			break
		}
		switch {
		case !m.Valid:
			fmt.Printf("%d:%d invalid %s: %s\n", m.Pos.Line, m.Pos.Column, m.URL, m.Error)
		case len(m.Alternatives) > 0:
			fmt.Printf("%d:%d %s (or %s)\n", m.Pos.Line, m.Pos.Column, m.URL, strings.Join(m.Alternatives, ", "))
		default:
			fmt.Printf("%d:%d %s\n", m.Pos.Line, m.Pos.Column, m.URL)
		}
	}
	// Output:
	// 1:28 ftp://info.cern.ch/pub/www/doc;type=d
	// 2:52 ftp://ds.internic.net/rfc
	// 3:34 http://www-cse.ucsd.edu/users/bsy/coke.history.txt (or http://wwwcse.ucsd.edu/users/bsy/coke.history.txt)
	// 4:52 invalid http://host.example/~user/: http: "~" at 20 is unsafe and must be encoded (RFC 1738 section 2.2)
}
