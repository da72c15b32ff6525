// Command urlsift prints the URLs found in plain text, the way the
// Appendix of RFC 1738 says people write them: in <URL:...> and bare
// <...> wrappers, broken across lines and after hyphens. Every URL it
// prints is valid by RFC 1738.
//
// Usage:
//
//	urlsift [flags] [FILE ...]
//
// With no FILE, or with "-", it reads standard input. The exit status is
// grep's: 0 when a valid URL was found, 1 when none was, 2 on an error.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/urlsift/urlsift/extract"
)

const usage = `usage: urlsift [flags] [FILE ...]

urlsift prints the URLs written in plain text the way RFC 1738's Appendix
describes: inside <URL:...> and bare <...> wrappers, broken across lines,
broken after hyphens. Each printed URL is valid by RFC 1738. With no FILE,
or with "-", it reads standard input.

Flags:
  --json             one JSON record per reported wrapper, valid or not, with
                     its position, raw text, reason, alternative readings and
                     warnings
  --max-length N     the longest wrapper taken, in bytes (default 8192)
  --no-page-breaks   do not skip page breaks (form feeds, "[Page N]" footers,
                     "RFC NNNN" and "Internet-Draft" headers) inside wrappers
  --no-quotes        do not remove mail quote prefixes ("> ", ">> ", "| ")
                     from the lines of a wrapper opened on a quoted line
  --no-line-numbers  do not remove line number gutters ("  846. ")
  --no-typography    keep soft hyphens and U+2010/U+2011 at line ends, and
                     take neither fullwidth brackets nor fullwidth letters
  --version          print the version and exit
  --help             print this help and exit

Examples:
  urlsift rfc1738.txt                 the URLs of a file, one per line
  urlsift --json notes.txt | jq .     every wrapper with the reason it fails
  cat *.txt | urlsift -               from standard input

Exit status: 0 when a valid URL was found, 1 when none was, 2 on an error
(an unreadable file is reported and the other files are still read).
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("urlsift", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "")
	maxLen := fs.Int("max-length", 8192, "")
	showVersion := fs.Bool("version", false, "")
	var off extract.Rule
	for name, rule := range map[string]extract.Rule{
		"no-page-breaks":  extract.PageBreaks,
		"no-quotes":       extract.QuotePrefixes,
		"no-line-numbers": extract.LineNumbers,
		"no-typography":   extract.Typography,
	} {
		fs.BoolFunc(name, "", func(string) error { off |= rule; return nil })
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
			return 0
		}
		fmt.Fprintf(stderr, "urlsift: %v\n\n%s", err, usage)
		return 2
	}
	if *showVersion {
		fmt.Fprintln(stdout, "urlsift", version())
		return 0
	}
	if *maxLen < 2 {
		fmt.Fprintf(stderr, "urlsift: --max-length must be at least 2\n")
		return 2
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	found, failed := false, false
	// scan writes the matches of one input and reports its error.
	scan := func(r io.Reader, name string) {
		opts := []extract.Option{extract.Filename(name), extract.MaxLength(*maxLen), extract.Disable(off)}
		if *asJSON {
			opts = append(opts, extract.ReportInvalid())
		}
		x := extract.New(r, opts...)
		for x.Next() {
			m := x.Match()
			found = found || m.Valid
			if *asJSON {
				enc.Encode(m)
			} else {
				out.WriteString(m.URL)
				out.WriteByte('\n')
			}
		}
		if err := x.Err(); err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "urlsift: %v\n", err)
			failed = true
		}
	}
	for _, name := range files {
		if name == "-" {
			scan(stdin, name)
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "urlsift: %v\n", err)
			failed = true
			continue
		}
		scan(f, name)
		f.Close()
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "urlsift: %v\n", err)
		return 2
	}
	switch {
	case failed:
		return 2
	case found:
		return 0
	}
	return 1
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}
