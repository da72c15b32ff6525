package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// namespace is the namespace of the pipeline's Beam counters.
const namespace = "urlsift"

// tally is what one step of the pipeline counted. The steps send their
// tallies on as data, summed into PREFIX-counts.json, which the command
// prints at the end: a runner drops a failed attempt's output with it,
// so the counts are exact on every runner. Beam metrics are not: prism
// (v2.77.0) keeps one payload for each metric it does not know yet, so
// that bundles which report a new counter at the same time lose all but
// one contribution (TestCorpus counted 166 or 186 wrappers of 352 in
// about one run of twelve). The same counts go to Beam counters too, for
// a runner's view of a job while it runs.
type tally struct {
	Files    int64 `json:"files"`
	Bytes    int64 `json:"bytes"`
	Messages int64 `json:"messages"`
	Wrappers int64 `json:"wrappers"` // the reported matches, as urlsift --stats counts them
	Valid    int64 `json:"valid"`
	Invalid  int64 `json:"invalid"`
	Binary   int64 `json:"binary"` // files skipped
	Errors   int64 `json:"errors"`
	Warnings int64 `json:"warnings"`
	Members  int64 `json:"members"` // of containers, read as files
}

// count is a count of a tally, with its name: its field's JSON key.
type count struct {
	name string
	n    *int64
}

// fields returns t's counts, in the order of its fields, the order
// printed: their names are the JSON keys of the fields, which the
// counts file and the Beam counters share.
func (t *tally) fields() []count {
	v := reflect.ValueOf(t).Elem()
	c := make([]count, v.NumField())
	for i := range c {
		c[i] = count{v.Type().Field(i).Tag.Get("json"), v.Field(i).Addr().Interface().(*int64)}
	}
	return c
}

// counters are the Beam counters of a tally's fields, by name.
var counters = func() map[string]beam.Counter {
	m := map[string]beam.Counter{}
	for _, f := range new(tally).fields() {
		m[f.name] = beam.NewCounter(namespace, f.name)
	}
	return m
}()

// addTallies is the sum of a and b, the combiner of the pipeline's tallies.
func addTallies(a, b tally) tally {
	bf := b.fields()
	for i, f := range a.fields() {
		*f.n += *bf[i].n
	}
	return a
}

// report sends t on with emit, and adds it to the Beam counters.
func (t tally) report(ctx context.Context, emit func(tally)) {
	emit(t)
	for _, f := range t.fields() {
		if *f.n != 0 {
			counters[f.name].Inc(ctx, *f.n)
		}
	}
}

// String gives t as the command prints it.
func (t tally) String() string {
	var parts []string
	for _, f := range t.fields() {
		if f.name != "members" {
			parts = append(parts, fmt.Sprintf("%d %s", *f.n, f.name))
		}
	}
	return strings.Join(parts, ", ")
}

// countsFn writes the sum of the tallies to its Path, as JSON.
type countsFn struct{ Path string }

func (fn *countsFn) ProcessElement(ctx context.Context, t tally) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	w, err := createFile(ctx, fn.Path)
	if err != nil {
		return err
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// readCounts reads the counts that countsFn wrote to path.
func readCounts(ctx context.Context, path string) (tally, error) {
	var t tally
	r, err := openFile(ctx, path)
	if err != nil {
		return t, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err == nil {
		err = json.Unmarshal(b, &t)
	}
	return t, err
}
