package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
)

// file is a file found by a pattern.
type file struct {
	Path   string
	Size   int64
	Walked bool
}

// indexed is a block's summary, with its block.
type indexed struct {
	Block   block
	Summary source.Block
}

func init() {
	beam.RegisterType(reflect.TypeOf((*file)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*unit)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*block)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*indexed)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*tally)(nil)).Elem())
	register.DoFn5x0[context.Context, string, func(file), func(string), func(tally)](&expandFn{})
	register.DoFn6x0[context.Context, file, func(unit), func(block), func(string), func(tally)](&planFn{})
	register.DoFn5x0[context.Context, block, func(string, indexed), func(string), func(tally)](&indexFn{})
	register.Function3x0(piecesFn)
	register.DoFn6x1[context.Context, *sdf.LockRTracker, unit, func(string), func(string), func(tally), error](&scanFn{})
	register.Function2x1(addTallies)
	register.DoFn2x1[context.Context, tally, error](&countsFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&finalizeFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeFn{})
	register.Emitter1[file]()
	register.Emitter1[unit]()
	register.Emitter1[block]()
	register.Emitter1[string]()
	register.Emitter1[tally]()
	register.Emitter2[string, indexed]()
	register.Iter1[indexed]()
	register.Iter1[string]()
}

// build adds the pipeline to s: patterns to files, files to pieces, pieces
// to records. The records do not travel through the runner: each bundle
// of the scan writes its own file, which is renamed to a shard once the
// bundle is committed (a failed attempt's file is removed), so that a
// record is written once. The steps' tallies are summed into
// PREFIX-counts.json.
func build(s beam.Scope, c config, inputs []string, prefix string) {
	files, errs0, n0 := beam.ParDo3(s, &expandFn{}, beam.Create(s, anySlice(inputs)...))
	wholes, blocks, errs1, n1 := beam.ParDo4(s, &planFn{Cfg: c}, beam.Reshuffle(s, files))
	sums, errs2, n2 := beam.ParDo3(s, &indexFn{}, beam.Reshuffle(s, blocks))
	parts := beam.ParDo(s, piecesFn, beam.GroupByKey(s, sums))
	units := beam.Reshuffle(s, beam.Flatten(s, wholes, parts))
	written, errs3, n3 := beam.ParDo3(s, &scanFn{Cfg: c, Prefix: prefix}, units)
	beam.ParDo0(s, &finalizeFn{Prefix: prefix}, beam.GroupByKey(s, beam.AddFixedKey(s, written)))
	write(s.Scope("errors"), beam.Flatten(s, errs0, errs1, errs2, errs3), prefix+"-errors")
	beam.ParDo0(s, &countsFn{Path: prefix + "-counts.json"}, beam.Combine(s, addTallies, beam.Flatten(s, n0, n1, n2, n3)))
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// problem is the record of what could not be read, in PREFIX-errors
// (output.AppendProblem).
func problem(path, kind string, offset int64, err error) string {
	return string(append(output.AppendProblem(nil, path, kind, offset, err), '\n'))
}

// expandFn turns a pattern into its files.
type expandFn struct{}

// ProcessElement sends its tally even when it counted nothing, so that
// the counts are written whatever the input.
func (fn *expandFn) ProcessElement(ctx context.Context, pattern string, emit func(file), fail func(string), count func(tally)) {
	var t tally
	defer func() { t.report(ctx, count) }()
	files, err := expand(ctx, pattern)
	if err != nil {
		t.Errors++
		fail(problem(pattern, "error", 0, err))
	}
	for _, f := range files {
		if f.Err != nil {
			t.Errors++
			fail(problem(f.Path, "error", 0, f.Err))
			continue
		}
		emit(file{Path: f.Path, Size: f.Size, Walked: f.Walked})
	}
}

// planFn tells how a file is read: whole, or in blocks to be indexed.
type planFn struct {
	Cfg config
	src *source.Source
}

func (fn *planFn) Setup() { fn.src = fn.Cfg.source() }

func (fn *planFn) ProcessElement(ctx context.Context, f file, whole func(unit), blocks func(block), fail func(string), count func(tally)) {
	t := tally{Files: 1, Bytes: max(f.Size, 0)}
	defer func() { t.report(ctx, count) }()
	r, err := openFile(ctx, f.Path)
	if err != nil {
		t.Errors++
		fail(problem(f.Path, "error", 0, err))
		return
	}
	l, err := fn.src.Sniff(r)
	r.Close()
	switch {
	case err != nil:
		t.Errors++
		fail(problem(f.Path, "error", 0, &fs.PathError{Op: "read", Path: f.Path, Err: err}))
	case l.Binary && f.Walked:
		t.Binary++
		fail(problem(f.Path, "skipped", 0, &fs.PathError{Op: "read", Path: f.Path, Err: source.ErrBinary}))
	case l.Splittable() && f.Size > fn.Cfg.SplitSize:
		for lo := int64(0); lo < f.Size; lo += fn.Cfg.SplitSize {
			blocks(block{Path: f.Path, Size: f.Size, Kind: int(l.Kind), Walked: f.Walked, Lo: lo, Hi: min(lo+fn.Cfg.SplitSize, f.Size)})
		}
	default:
		whole(unit{Path: f.Path, Size: f.Size, Whole: true, Walked: f.Walked})
	}
}

// indexFn summarizes a block.
type indexFn struct{}

func (fn *indexFn) ProcessElement(ctx context.Context, b block, emit func(string, indexed), fail func(string), count func(tally)) {
	r, err := openAt(ctx, b.Path)
	if err == nil {
		var s source.Block
		s, err = index(r, b)
		r.Close()
		if err == nil {
			emit(b.Path, indexed{b, s})
			return
		}
	}
	tally{Errors: 1}.report(ctx, count)
	fail(problem(b.Path, "error", b.Lo, &fs.PathError{Op: "read", Path: b.Path, Err: err}))
}

// piecesFn turns a file's summaries into its pieces. A file with a block
// that could not be read is not read (its error is in PREFIX-errors).
func piecesFn(path string, sums func(*indexed) bool, emit func(unit)) {
	var all []indexed
	var x indexed
	for sums(&x) {
		all = append(all, x)
	}
	if len(all) == 0 {
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Summary.Lo < all[j].Summary.Lo })
	b := all[0].Block
	if size := b.Hi - b.Lo; b.Lo != 0 || int64(len(all)) != (b.Size+size-1)/size {
		return
	}
	list := make([]source.Block, len(all))
	for i, s := range all {
		list[i] = s.Summary
	}
	for _, u := range pieces(b, list) {
		emit(u)
	}
}

// scanFn reads a unit: a whole file, or a range of a piece, which the
// runner may split further.
type scanFn struct {
	Cfg    config
	Prefix string
	src    *source.Source
	out    io.WriteCloser // the bundle's file, opened at its first record
	name   string
	buf    []byte
	enc    output.Encoder // the records, from unit to unit
}

func (fn *scanFn) Setup() { fn.src = fn.Cfg.source() }

// CreateInitialRestriction gives a whole file the range [0, 1), which
// cannot be split: it is read at its first claim. A piece gets its bytes.
func (fn *scanFn) CreateInitialRestriction(u unit) offsetrange.Restriction {
	if u.Whole {
		return offsetrange.Restriction{Start: 0, End: 1}
	}
	return offsetrange.Restriction{Start: u.Start, End: u.End}
}

func (fn *scanFn) SplitRestriction(_ unit, r offsetrange.Restriction) []offsetrange.Restriction {
	return []offsetrange.Restriction{r}
}

func (fn *scanFn) RestrictionSize(u unit, r offsetrange.Restriction) float64 {
	if u.Whole {
		return float64(max(u.Size, 1))
	}
	return r.Size()
}

func (fn *scanFn) CreateTracker(r offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(r))
}

func (fn *scanFn) StartBundle(_ context.Context, _, _ func(string), _ func(tally)) {
	fn.out, fn.buf = nil, fn.buf[:0]
}

// flush writes what the buffer holds to the bundle's file.
func (fn *scanFn) flush(ctx context.Context) error {
	if len(fn.buf) == 0 {
		return nil
	}
	if fn.out == nil {
		var err error
		fn.name = fmt.Sprintf("%s-temp-%s.jsonl", fn.Prefix, rand.Text())
		if fn.out, err = createFile(ctx, fn.name); err != nil {
			return err
		}
	}
	_, err := fn.out.Write(fn.buf)
	fn.buf = fn.buf[:0]
	return err
}

// FinishBundle closes the bundle's file and hands its name on.
func (fn *scanFn) FinishBundle(ctx context.Context, written, _ func(string), _ func(tally)) error {
	if err := fn.flush(ctx); err != nil {
		return err
	}
	if fn.out == nil {
		return nil
	}
	err := fn.out.Close()
	fn.out = nil
	if err == nil {
		written(fn.name)
	}
	return err
}

func (fn *scanFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, u unit, _, fail func(string), count func(tally)) error {
	var t tally
	var werr error
	defer func() { t.report(ctx, count) }()
	yield := func(m *extract.Match, err error) {
		if err != nil {
			kind, at := problemKind(m, err)
			if kind == "error" {
				t.Errors++
			} else {
				t.Warnings++
			}
			fail(problem(u.Path, kind, at, err))
			return
		}
		t.Wrappers++
		if m.Valid {
			t.Valid++
		} else {
			t.Invalid++
		}
		fn.buf = append(fn.enc.Append(fn.buf, m), '\n')
		if len(fn.buf) >= 1<<20 && werr == nil {
			werr = fn.flush(ctx)
		}
	}
	if u.Whole {
		if !rt.TryClaim(int64(0)) {
			return nil
		}
		r, err := openWhole(ctx, u)
		if err != nil {
			yield(&extract.Match{}, err)
			return nil
		}
		defer r.Close()
		fn.src.SetSkipBinary(u.Walked)
		fn.src.OnMember(func(source.Member) { t.Members++ })
		fn.src.Each(r, u.Path, func(m *extract.Match, err error) bool {
			yield(m, err)
			return true
		})
		t.Messages = int64(fn.src.Counts().Messages)
		return werr
	}
	f, err := openAt(ctx, u.Path)
	if err != nil {
		yield(&extract.Match{}, &fs.PathError{Op: "open", Path: u.Path, Err: err})
		return nil
	}
	defer f.Close()
	t.Messages = int64(span(f, fn.src, fn.Cfg.Read.MaxLength, u, rt, yield))
	return werr
}

// problemKind returns the kind of the problem record of err, met at m
// ("error" or "warning"), and the offset that orders it among its file's.
func problemKind(m *extract.Match, err error) (kind string, at int64) {
	kind, at = "error", m.Pos.Offset
	var pe *mail.PartError
	var me *source.MemberError
	switch {
	case errors.As(err, &me):
		at = max(me.Offset, 0)
		if me.Warning {
			kind = "warning"
		}
	case errors.As(err, &pe):
		at = pe.MessageOffset
		if pe.Warning {
			kind = "warning"
		}
	}
	return kind, at
}

// finalizeFn renames the files of the committed bundles to the shards
// PREFIX-SSSSS-of-NNNNN.jsonl and removes those of failed attempts.
type finalizeFn struct{ Prefix string }

func (fn *finalizeFn) ProcessElement(ctx context.Context, _ int, written func(*string) bool) error {
	names := sorted(written)
	fsys, err := filesystem.New(ctx, fn.Prefix)
	if err != nil {
		return err
	}
	defer fsys.Close()
	for i, n := range names {
		if err := filesystem.Rename(ctx, fsys, n, fmt.Sprintf("%s-%05d-of-%05d.jsonl", fn.Prefix, i, len(names))); err != nil {
			return err
		}
	}
	left, err := fsys.List(ctx, fn.Prefix+"-temp-*.jsonl")
	if r, ok := fsys.(filesystem.Remover); ok && err == nil {
		for _, n := range left {
			r.Remove(ctx, n)
		}
	}
	return nil
}

// write writes the records of col, one line each, to one file,
// prefix-00000-of-00001.jsonl, when there are any.
func write(s beam.Scope, col beam.PCollection, prefix string) {
	beam.ParDo0(s, &writeFn{Prefix: prefix}, beam.GroupByKey(s, beam.AddFixedKey(s, col)))
}

// writeFn writes the file of write.
type writeFn struct{ Prefix string }

func (fn *writeFn) ProcessElement(ctx context.Context, _ int, lines func(*string) bool) error {
	all := sorted(lines)
	w, err := createFile(ctx, fn.Prefix+"-00000-of-00001.jsonl")
	if err != nil {
		return err
	}
	for _, l := range all {
		if _, err := io.WriteString(w, l); err != nil {
			w.Close()
			return err
		}
	}
	return w.Close()
}

// sorted returns the strings of a grouped value, sorted.
func sorted(next func(*string) bool) []string {
	var all []string
	var s string
	for next(&s) {
		all = append(all, s)
	}
	sort.Strings(all)
	return all
}
