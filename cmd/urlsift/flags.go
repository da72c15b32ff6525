package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// flags are the values of the command's flags, as parsed.
type flags struct {
	json, withName, withMessage, version, help bool
	noName, quiet, noMessages                  bool
	maxCount                                   int
	lineNumber, unique, count, null, stats     bool
	filesWith, filesWithout                    bool
	input, progress, grammar, format           string
	color                                      string
	completion, cpuprofile                     string
	man, unwrapped, schemeless, normalize      bool
	schemes, proseSchemes                      []string
	maxLength                                  int
	off                                        extract.Rule
}

// layoutFlags are the flags that turn a layout rule off.
var layoutFlags = []struct {
	name  string
	rule  extract.Rule
	usage string
}{
	{"no-page-breaks", extract.PageBreaks, `do not skip page breaks (form feeds, "[Page N]" footers, "RFC NNNN" and "Internet-Draft" headers) inside wrappers`},
	{"no-quotes", extract.QuotePrefixes, `do not remove mail quote prefixes ("> ", ">> ", "| ") from the lines of a wrapper opened on a quoted line`},
	{"no-line-numbers", extract.LineNumbers, `do not remove line number gutters ("  846. ")`},
	{"no-typography", extract.Typography, "keep soft hyphens and U+2010/U+2011 at line ends, and take neither fullwidth brackets nor fullwidth letters"},
}

// ruleFlag turns one layout rule off when set.
type ruleFlag struct {
	off  *extract.Rule
	rule extract.Rule
}

func (r ruleFlag) String() string { return "false" }
func (r ruleFlag) Type() string   { return "bool" }
func (r ruleFlag) Set(s string) error {
	if s == "true" {
		*r.off |= r.rule
	}
	return nil
}

// newFlagSet defines every flag of the command: the help, the shell
// completions and the man page are all made from these definitions.
func newFlagSet(f *flags) *pflag.FlagSet {
	fs := pflag.NewFlagSet("urlsift", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.BoolVar(&f.json, "json", false, "one JSON record per reported wrapper, valid or not, with its position, raw text, reason, alternative readings and warnings (and, in mail, its message and part)")
	fs.StringVar(&f.format, "format", "", "print each URL with `TEMPLATE`, whose {field}s are those of --json: {path} {line} {col} {url} {raw} {scheme} {form} {error} {message_id} {part}... (\\t, \\n, {{ and }} for a tab, a newline and braces); one that names {error...} or {valid} prints the invalid wrappers too")
	fs.BoolVarP(&f.withName, "with-filename", "H", false, "print the file name before each URL (the default when more than one file is named or a directory is walked)")
	fs.BoolVar(&f.noName, "no-filename", false, "print no file name before the URLs, however many files are read")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "print nothing: exit 0 at the first valid URL, without reading on, else 1 (2 on an error)")
	fs.IntVarP(&f.maxCount, "max-count", "m", 0, "stop reading a file after `N` URLs to print from it (0: no limit)")
	fs.BoolVarP(&f.noMessages, "no-messages", "s", false, "no messages about files that cannot be read (the exit status still says 2)")
	fs.BoolVarP(&f.lineNumber, "line-number", "n", false, `print "line:col:" before each URL`)
	fs.BoolVar(&f.withMessage, "with-message", false, "print the Message-ID before each URL found in mail")
	fs.BoolVarP(&f.unique, "unique", "u", false, "print each URL once, at its first appearance")
	fs.BoolVarP(&f.count, "count", "c", false, "print the number of URLs of each file instead of the URLs")
	fs.BoolVarP(&f.filesWith, "files-with-matches", "l", false, "print only the names of the files with URLs")
	fs.BoolVarP(&f.filesWithout, "files-without-match", "L", false, "print only the names of the files without URLs")
	fs.StringSliceVar(&f.schemes, "scheme", nil, "print only the URLs of these schemes (`LIST`: http,https,ftp)")
	fs.BoolVarP(&f.null, "null", "0", false, "end each URL (or file name) with a NUL byte instead of a newline, for xargs -0")
	fs.BoolVar(&f.stats, "stats", false, "at the end, on standard error (with --json, as a last record), the files, bytes, messages, wrappers, valid URLs, invalid ones by reason, URLs by scheme, time and throughput")
	fs.StringVar(&f.grammar, "grammar", "rfc1738", "what a URL is, by `GRAMMAR`: rfc1738 (strict RFC 1738), rfc3986 (RFC 3986 and the RFCs of http, https, mailto, urn, file, news, nntp and data; bare wrappers of any IANA scheme) iri (the same, with RFC 3987's IRIs) or whatwg (the URL Standard's parser, as browsers read URLs: each URL printed as its href)")
	fs.BoolVar(&f.normalize, "normalize", false, "print each URL in its normal form by the grammar (RFC 3986 section 6: case, escapes, dot segments, default ports; an IRI mapped to a URI; under rfc1738, only what RFC 1738 allows); with -u, each resource once; --json adds normalized, host and site; --stats counts resources and sites")
	fs.BoolVar(&f.unwrapped, "unwrapped", false, `also the URLs written without a wrapper: a scheme of --schemes and ":" at a word start, "URL:" without brackets, URLs between double quotes, and host names starting "www." or "ftp." (printed with http:// or ftp://); only valid ones are printed`)
	fs.BoolVar(&f.schemeless, "schemeless", false, "as --unwrapped, and also bare host names with a real top-level domain (printed with http://) and e-mail addresses (printed as mailto:)")
	fs.StringSliceVar(&f.proseSchemes, "schemes", nil, "the schemes that count without a wrapper (`LIST`, instead of the default: "+strings.Join(extract.DefaultSchemes(), ",")+")")
	fs.StringVar(&f.input, "input", "auto", "how to read the inputs, as `KIND`: auto, text, mail (one message), mbox, rnews (a news batch: each article after a line #! rnews N, N its bytes) or mmdf (messages between lines of four Control-A); auto takes for mail only what looks like mail")
	fs.StringVar(&f.color, "color", "auto", "colour file names, lines and columns as grep does `WHEN`: auto (when standard output is a terminal and NO_COLOR is not set), always or never")
	fs.StringVar(&f.progress, "progress", "auto", "show a progress bar `WHEN`: auto (on long work, when standard error is a terminal), always or never")
	fs.IntVar(&f.maxLength, "max-length", 8192, "the longest wrapper taken, `N` bytes, from 16 to 1048576")
	for _, l := range layoutFlags {
		fs.VarPF(ruleFlag{&f.off, l.rule}, l.name, "", l.usage).NoOptDefVal = "true"
	}
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to `FILE` (pprof), as the profile-guided build of the command is made")
	fs.StringVar(&f.completion, "completion", "", "print the completion script for `SHELL` (bash, zsh or fish) and exit")
	fs.BoolVar(&f.man, "man", false, "print the manual page (roff) and exit")
	fs.BoolVar(&f.version, "version", false, "print the version and exit")
	fs.BoolVarP(&f.help, "help", "h", false, "print this help and exit")
	return fs
}

const about = `urlsift prints the URLs written in plain text, mail and news the way RFC
1738's Appendix describes: inside <URL:...> and bare <...> wrappers, broken
across lines, broken after hyphens. Each printed URL is valid by RFC 1738
(or by the --grammar chosen). With no FILE, or with "-", it reads standard
input (once). A directory is walked, its files read on all cores and
printed in order; its binary files (with a NUL byte) are skipped. Files
compressed with gzip, bzip2, xz or zstd are read through, whatever their
name; tar and zip archives member by member, each member named as
"archive.tgz{dir/file}" and counted by -c, -l and -L as a file. Short
flags combine (-Hnu), and flags may follow the files.`

const examples = `  urlsift rfc1738.txt                 the URLs of a file, one per line
  urlsift -Hn notes/                  with file, line and column
  urlsift -u --scheme http,https dir  each web URL once
  urlsift -c *.txt                    how many URLs each file has
  urlsift --json notes.txt | jq .     every wrapper with the reason it fails
  urlsift -H --with-message ~/Mail    every URL of a mail tree, with where
  urlsift -Hn spool.tgz                the URLs of each article of a news spool
  zcat list.mbox.gz | urlsift -       from standard input`

const exitStatus = `0 when a valid URL was found, 1 when none was, 2 on an error (an
unreadable file or a broken MIME part is reported on standard error, and
everything else is still read).`

// longFlags rewrites "-json", "-max-length=8" and the like, long flags
// with one dash as Go's flag package took them, as "--json": so they keep
// working. Combined short flags ("-Hnu") and arguments after "--" stay.
func longFlags(fs *pflag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(a, "-"), "=")
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && len(name) > 1 && fs.Lookup(name) != nil {
			a = "-" + a
		}
		out = append(out, a)
	}
	return out
}

// usage is the help: made from the flag definitions.
func usage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString("usage: urlsift [flags] [FILE or DIRECTORY ...]\n\n" + about + "\n\nFlags:\n")
	fs.VisitAll(func(f *pflag.Flag) {
		name, text := pflag.UnquoteUsage(f)
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		if f.Value.Type() != "bool" {
			left += " " + name
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
			text += " (default " + f.DefValue + ")"
		}
		const indent = 26
		b.WriteString(left)
		col := len(left)
		if col >= indent-1 {
			b.WriteString("\n")
			col = 0
		}
		for i, word := range strings.Fields(text) {
			switch {
			case i == 0 || col+1+len(word) > 78:
				if i > 0 {
					b.WriteString("\n")
					col = 0
				}
				b.WriteString(strings.Repeat(" ", indent-col))
				col = indent
			default:
				b.WriteString(" ")
				col++
			}
			b.WriteString(word)
			col += len(word)
		}
		b.WriteString("\n")
	})
	return b.String() + "\nExamples:\n" + examples + "\n\nExit status: " + exitStatus + "\n"
}

// completion returns the completion script of a shell.
func completion(fs *pflag.FlagSet, shell string) (string, error) {
	var b strings.Builder
	switch shell {
	case "bash":
		var words []string
		fs.VisitAll(func(f *pflag.Flag) {
			words = append(words, "--"+f.Name)
			if f.Shorthand != "" {
				words = append(words, "-"+f.Shorthand)
			}
		})
		fmt.Fprintf(&b, "# bash completion for urlsift: made by urlsift --completion bash\n_urlsift() {\n")
		b.WriteString("\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n\tcase $prev in\n")
		for name, values := range choices {
			fmt.Fprintf(&b, "\t--%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", name, strings.Join(values, " "))
		}
		b.WriteString("\tesac\n\tif [[ $cur == -* ]]; then\n")
		fmt.Fprintf(&b, "\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(words, " "))
		b.WriteString("\telse\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\tfi\n}\ncomplete -o filenames -F _urlsift urlsift\n")
	case "zsh":
		b.WriteString("#compdef urlsift\n# zsh completion for urlsift: made by urlsift --completion zsh\n_arguments -s \\\n")
		fs.VisitAll(func(f *pflag.Flag) {
			desc := strings.NewReplacer("[", `\[`, "]", `\]`, "'", `'\''`, ":", `\:`).Replace(firstSentence(f.Usage))
			arg := ""
			if f.Value.Type() != "bool" {
				arg = ":" + f.Name + ":"
				if v, ok := choices[f.Name]; ok {
					arg += "(" + strings.Join(v, " ") + ")"
				} else {
					arg += "_files"
				}
			}
			if f.Shorthand != "" {
				fmt.Fprintf(&b, "  '(-%s --%s)'{-%s,--%s}'[%s]%s' \\\n", f.Shorthand, f.Name, f.Shorthand, f.Name, desc, arg)
			} else {
				fmt.Fprintf(&b, "  '--%s[%s]%s' \\\n", f.Name, desc, arg)
			}
		})
		b.WriteString("  '*:file:_files'\n")
	case "fish":
		b.WriteString("# fish completion for urlsift: made by urlsift --completion fish\n")
		fs.VisitAll(func(f *pflag.Flag) {
			fmt.Fprintf(&b, "complete -c urlsift -l %s", f.Name)
			if f.Shorthand != "" {
				fmt.Fprintf(&b, " -s %s", f.Shorthand)
			}
			if f.Value.Type() != "bool" {
				b.WriteString(" -r")
				if v, ok := choices[f.Name]; ok {
					fmt.Fprintf(&b, " -f -a %q", strings.Join(v, " "))
				}
			}
			fmt.Fprintf(&b, " -d %q\n", firstSentence(f.Usage))
		})
	default:
		return "", fmt.Errorf("--completion takes bash, zsh or fish")
	}
	return b.String(), nil
}

// choices are the values of the flags that take one of a few.
var choices = map[string][]string{
	"grammar":    {"rfc1738", "rfc3986", "iri", "whatwg"},
	"input":      {"auto", "text", "mail", "mbox", "rnews", "mmdf"},
	"progress":   {"auto", "always", "never"},
	"color":      {"auto", "always", "never"},
	"completion": {"bash", "zsh", "fish"},
}

func firstSentence(s string) string {
	if i := strings.Index(s, "; "); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, " ("); i > 0 {
		s = s[:i]
	}
	return s
}

// manPage returns the manual page, in roff.
func manPage(fs *pflag.FlagSet) string {
	esc := strings.NewReplacer(`\`, `\e`, "-", `\-`, "\n.", "\n\\&.", "\n'", "\n\\&'").Replace
	var b strings.Builder
	b.WriteString(".\\\" Made by urlsift --man from its flag definitions.\n.TH URLSIFT 1\n.SH NAME\nurlsift \\- find URLs in text, mail and news the way RFC 1738's Appendix says people write them\n")
	b.WriteString(".SH SYNOPSIS\n.B urlsift\n[\\fIflags\\fR] [\\fIFILE\\fR or \\fIDIRECTORY\\fR ...]\n.SH DESCRIPTION\n")
	b.WriteString(esc(about) + "\n.SH OPTIONS\n")
	fs.VisitAll(func(f *pflag.Flag) {
		name, usage := pflag.UnquoteUsage(f)
		b.WriteString(".TP\n")
		if f.Shorthand != "" {
			fmt.Fprintf(&b, "\\fB\\-%s\\fR, ", f.Shorthand)
		}
		fmt.Fprintf(&b, "\\fB\\-\\-%s\\fR", esc(f.Name))
		if name != "" && f.Value.Type() != "bool" {
			fmt.Fprintf(&b, " \\fI%s\\fR", esc(name))
		}
		b.WriteString("\n" + esc(usage))
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
			fmt.Fprintf(&b, " (default %s)", esc(f.DefValue))
		}
		b.WriteString("\n")
	})
	b.WriteString(".SH EXAMPLES\n.nf\n" + esc(examples) + "\n.fi\n.SH EXIT STATUS\n" + esc(exitStatus) + "\n")
	return b.String()
}

// info returns what --help, --version, --man and --completion print, and
// whether one of them was asked for.
func (f *flags) info(fs *pflag.FlagSet) (string, bool, error) {
	switch {
	case f.help:
		return usage(fs), true, nil
	case f.version:
		return "urlsift " + version() + "\n", true, nil
	case f.man:
		return manPage(fs), true, nil
	case f.completion != "":
		script, err := completion(fs, f.completion)
		return script, err == nil, err
	}
	return "", false, nil
}

// invalid returns what is wrong with the flags' values, or "".
func (f *flags) invalid() string {
	listings := 0
	for _, on := range []bool{f.count, f.filesWith, f.filesWithout} {
		if on {
			listings++
		}
	}
	switch {
	case f.maxLength < minMaxLength || f.maxLength > scanner.MaxLengthLimit:
		return fmt.Sprintf("--max-length must be between %d and %d bytes", minMaxLength, scanner.MaxLengthLimit)
	case !source.KnownInput(f.input) || f.input == "":
		return "--input must be auto, text, mail, mbox, rnews or mmdf"
	case f.progress != "auto" && f.progress != "always" && f.progress != "never":
		return "--progress must be auto, always or never"
	case !source.KnownGrammar(f.grammar):
		return "--grammar must be rfc1738, rfc3986, iri or whatwg"
	case listings > 1:
		return "-c, -l and -L go one at a time"
	case listings > 0 && (f.json || f.format != ""):
		return "-c, -l and -L print no records: they go without --json and --format"
	case f.json && f.format != "":
		return "--json and --format go one at a time"
	case f.maxCount < 0:
		return "--max-count must be 0 or more"
	case f.color != "auto" && f.color != "always" && f.color != "never":
		return "--color must be auto, always or never"
	}
	return ""
}

// minMaxLength is the shortest --max-length taken: "<URL:" and a few
// bytes.
const minMaxLength = 16
