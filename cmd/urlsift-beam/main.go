// Command urlsift-beam runs urlsift on Apache Beam: the same records as
// urlsift --json, for archives larger than one machine. From the
// repository's root:
//
//	go -C cmd/urlsift-beam run . --input 'corpus/*' --output /tmp/out
//
// It writes the records to PREFIX-SSSSS-of-NNNNN.jsonl shards, what
// could not be read to PREFIX-errors-00000-of-00001.jsonl and its counts
// to PREFIX-counts.json, which it prints at the end. Large text files and
// mbox files are split, at line starts and message starts, so that one
// file spreads over many workers; the output does not depend on how they
// are split.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/source"
)

// patterns is a repeated flag.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ",") }
func (p *patterns) Set(s string) error { *p = append(*p, s); return nil }

var (
	inputs patterns
	prefix = flag.String("output", "", "write the records to `PREFIX`-SSSSS-of-NNNNN.jsonl, the errors to PREFIX-errors-00000-of-00001.jsonl and the counts to PREFIX-counts.json")
	cfg    = config{Read: source.Settings{Invalid: true}}
)

func init() {
	flag.Var(&inputs, "input", "a file `PATTERN` (a glob; gs:// and s3:// too); repeat it for several, and a local directory is walked as urlsift walks it")
	flag.StringVar(&cfg.Read.Grammar, "grammar", "rfc1738", "what a URL is, by `GRAMMAR`: rfc1738, rfc3986, iri or whatwg, as urlsift's --grammar")
	flag.BoolVar(&cfg.Read.Normalize, "normalize", false, "give each valid URL its normal form, host and site (the records' normalized, host and site), as urlsift's --normalize")
	flag.BoolVar(&cfg.Read.Unwrapped, "unwrapped", false, "also the URLs written without a wrapper, as urlsift's --unwrapped")
	flag.BoolVar(&cfg.Read.Schemeless, "schemeless", false, "as --unwrapped, and bare host names and e-mail addresses, as urlsift's --schemeless")
	flag.Func("schemes", "the schemes that count without a wrapper (`LIST`), as urlsift's --schemes", func(s string) error {
		cfg.Read.Schemes = strings.Split(s, ",")
		return nil
	})
	flag.StringVar(&cfg.Read.Input, "input-kind", "auto", "how to read the inputs, as `KIND`: auto, text, mail, mbox, rnews or mmdf (urlsift's --input)")
	flag.IntVar(&cfg.Read.MaxLength, "max-length", 8192, "the longest wrapper taken, `N` bytes, from 16 to 1048576")
	flag.Int64Var(&cfg.SplitSize, "split-size", 64<<20, "split text and mbox files larger than `BYTES` into pieces of about this size")
	for _, l := range []struct {
		name string
		rule extract.Rule
	}{{"no-page-breaks", extract.PageBreaks}, {"no-quotes", extract.QuotePrefixes},
		{"no-line-numbers", extract.LineNumbers}, {"no-typography", extract.Typography}} {
		flag.BoolFunc(l.name, "as urlsift's --"+l.name, func(s string) error {
			if s == "true" {
				cfg.Read.Off |= l.rule
			}
			return nil
		})
	}
}

func main() {
	flag.Parse()
	// "go -C cmd/urlsift-beam run ." runs in cmd/urlsift-beam: paths are
	// taken from the directory it was started in.
	if wd := os.Getenv("PWD"); filepath.IsAbs(wd) {
		if info, err := os.Stat(wd); err == nil && info.IsDir() {
			os.Chdir(wd)
		}
	}
	beam.Init()
	inputs = append(inputs, flag.Args()...)
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "urlsift-beam:", err)
		os.Exit(2)
	}
}

func run(ctx context.Context) error {
	switch {
	case len(inputs) == 0:
		return fmt.Errorf("no --input")
	case *prefix == "":
		return fmt.Errorf("no --output")
	}
	if err := cfg.check(); err != nil {
		return err
	}
	p := beam.NewPipeline()
	build(p.Root(), cfg, inputs, *prefix)
	if err := beamx.Run(ctx, p); err != nil {
		return err
	}
	// A runner that returns before the job ends has not written them yet.
	t, err := readCounts(ctx, *prefix+"-counts.json")
	if err != nil {
		fmt.Fprintln(os.Stderr, "urlsift-beam: no counts yet:", err)
		return nil
	}
	fmt.Fprintln(os.Stderr, "urlsift-beam:", t)
	return nil
}
