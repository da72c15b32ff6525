// Command urlsift prints the URLs found in plain text, mail and news
// archives, the way the Appendix of RFC 1738 says people write them: in
// <URL:...> and bare <...> wrappers, broken across lines and after
// hyphens. Every URL it prints is valid by RFC 1738.
//
// Usage:
//
//	urlsift [flags] [FILE or DIRECTORY ...]
//
// With no FILE, or with "-", it reads standard input. The exit status is
// grep's: 0 when a valid URL was found, 1 when none was, 2 on an error.
//
// The files, by idea: main.go runs the command, flags.go reads and checks
// its flags; fanout.go reads the files on all cores (pieces.go a large
// mbox in pieces), in order; sink.go takes in what a file gives, into
// chunks of output (chunks.go) that print.go writes in order; records.go
// formats a URL (with package output's Template for --format, and its
// Stats for --stats); progress.go draws the progress bar.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
)

func main() {
	growPipe(os.Stdout)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options are what the workers need of the flags.
type options struct {
	json, withName, withMessage, lineNumber bool
	unique, count, filesWith, filesWithout  bool
	stats, quiet, noMessages                bool
	normalize                               bool   // --normalize: the normal form is printed, and is -u's key
	formatErrors                            bool   // --format names a field of the reason: it prints the invalid wrappers too
	color                                   bool   // --color: file names, lines and columns in colour
	grammar                                 string // --grammar's
	maxCount                                int    // -m: the URLs to print from a file, or 0
	format                                  *output.Template
	schemes                                 map[string]bool // nil: every scheme
	end                                     byte            // after each record: '\n', or 0 with -0
	read                                    source.Settings // how each file is read
}

// listing says the files are listed or counted instead of their URLs.
func (o *options) listing() bool { return o.count || o.filesWith || o.filesWithout }

// url is the URL of a match as printed, and as -u tells URLs apart: its
// normal form with --normalize.
func (o *options) url(m *extract.Match) string {
	if o.normalize && m.Normalized != "" {
		return m.Normalized
	}
	return m.URL
}

// linesShown says whether the lines of the matches are printed (-n,
// --json, --format): read in pieces, text is then counted first.
func (o *options) linesShown() bool { return o.json || o.lineNumber || o.format != nil }

// keep says whether a match is printed: invalid ones only with --json or
// a --format that names the reason, and with --scheme, only those
// schemes.
func (o *options) keep(m *extract.Match) bool {
	return (m.Valid || o.json || o.formatErrors) && (o.schemes == nil || o.schemes[m.Scheme])
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f flags
	fs := newFlagSet(&f)
	o, code, done := configure(fs, &f, args, stdout, stderr)
	if done {
		return code
	}
	if f.cpuprofile != "" {
		stop, ok := profile(f.cpuprofile, stderr)
		if !ok {
			return 2
		}
		defer stop()
	}
	start := time.Now()

	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	// As grep and ripgrep do, the file names go before what is printed
	// when more than one file can hold it: several named, or a directory.
	if several(files) && !f.noName {
		o.withName = true
	}
	o.color = f.color == "always" || f.color == "auto" && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
	// The files are read as the walk finds them, but for a progress bar,
	// which needs their number and sizes first.
	jobs := expand(files, false)
	var read, finished atomic.Int64
	var stop func()
	if f.progress == "always" || f.progress == "auto" && isTerminal(stderr) {
		list, total := listAll(expand(files, true))
		if f.progress == "always" || total > 4<<20 {
			stop = startProgress(stderr, total, len(list), &read, &finished)
		}
		jobs = slices.Values(list)
	}
	t := printAll(jobs, o, stdin, stdout, stderr, &read, &finished)
	if o.stats && o.json && t.werr == nil {
		_, t.werr = t.out.Write(t.sum.JSON(read.Load(), time.Since(start).Seconds()))
	}
	if t.werr == nil {
		t.werr = t.out.Flush()
	}
	if stop != nil {
		stop()
	}
	return t.report(o, stderr, read.Load(), time.Since(start).Seconds())
}

// configure reads the command line into o. When done, the command has
// nothing more to do than to exit with code: it printed its help, or a
// usage error.
func configure(fs *pflag.FlagSet, f *flags, args []string, stdout, stderr io.Writer) (o options, code int, done bool) {
	bad := func(format string, a ...any) (options, int, bool) { // two lines, as grep says it
		fmt.Fprintf(stderr, "urlsift: "+format+"\nTry 'urlsift --help' for more information.\n", a...)
		return o, 2, true
	}
	if err := fs.Parse(longFlags(fs, args)); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprint(stdout, usage(fs))
			return o, 0, true
		}
		return bad("%v", err)
	}
	o = options{json: f.json, withName: f.withName, withMessage: f.withMessage, lineNumber: f.lineNumber,
		unique: f.unique, count: f.count, filesWith: f.filesWith, filesWithout: f.filesWithout, stats: f.stats,
		quiet: f.quiet, noMessages: f.noMessages, maxCount: f.maxCount, normalize: f.normalize, end: '\n'}
	if f.null {
		o.end = 0
	}
	if text, ok, err := f.info(fs); ok || err != nil {
		if err != nil {
			return bad("%v", err)
		}
		fmt.Fprint(stdout, text)
		return o, 0, true
	}
	if msg := f.invalid(); msg != "" {
		return bad("%s", msg)
	}
	if f.format != "" {
		var err error
		if o.format, err = output.ParseTemplate(f.format); err != nil {
			return bad("--format: %v", err)
		}
		o.formatErrors = o.format.NamesReason()
	}
	if len(f.schemes) > 0 {
		o.schemes = map[string]bool{}
		for _, sc := range f.schemes {
			o.schemes[strings.ToLower(strings.TrimSpace(sc))] = true
		}
	}
	// Invalid wrappers are always reported, to be counted (rejected) when
	// they are not printed: the valid URLs are the same either way.
	o.grammar = f.grammar
	o.read = source.Settings{Grammar: f.grammar, Input: f.input, MaxLength: f.maxLength, Off: f.off,
		Unwrapped: f.unwrapped, Schemeless: f.schemeless, Schemes: f.proseSchemes, Invalid: true, Normalize: f.normalize}
	// Lines that are not printed are not counted (text only; see
	// source.NoLines).
	o.read.NoLines = !o.linesShown()
	return o, 0, false
}

// profile starts the CPU profile that --cpuprofile writes; stop ends it.
// It returns false, having said why, when it cannot.
func profile(path string, stderr io.Writer) (stop func(), ok bool) {
	pf, err := os.Create(path)
	if err == nil {
		if err = pprof.StartCPUProfile(pf); err != nil {
			pf.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "urlsift: --cpuprofile: %v\n", err)
		return nil, false
	}
	return func() {
		pprof.StopCPUProfile()
		if err := pf.Close(); err != nil {
			fmt.Fprintf(stderr, "urlsift: --cpuprofile: %v\n", err)
		}
	}, true
}

// printable escapes the control characters of s (C0, DEL, C1), the
// bidirectional formatting characters (U+202A to U+202E, U+2066 to
// U+2069, and the marks U+200E, U+200F, U+061C), and its bytes that are
// not UTF-8, as Go escapes them in strings ("\x1b", "\u202e"), so that
// what the input holds never reaches a terminal as a control character
// nor turns the text around.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r) {
			q := strconv.Quote(s[i : i+n])
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune reports whether printable escapes r.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || r == utf8.RuneError || unicode.Is(unicode.Bidi_Control, r)
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
