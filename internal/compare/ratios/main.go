// Command ratios reads the output of go test -bench on standard input and
// prints, for each group of benchmarks (BenchmarkDecode/bzflag/gamewire,
// BenchmarkDecode/bzflag/handwritten, ... form the group Decode/bzflag),
// each variant's ns/op, B/op and allocs/op and its time relative to the
// group's "gamewire" variant (in a Stream group, gamewire's warm stream,
// "warm"):
//
//	go test -run '^$' -bench . -benchmem -count 5 ./internal/compare | go run ./internal/compare/ratios
//
// The group is the benchmark name up to its last slash, the variant what
// follows. With -count above 1, each figure is the median of the runs,
// which a busy machine's outliers do not move.
//
// Then it prints one line per protocol (the groups Decode/P, Encode/P and
// Stream/P of internal/compare) with the ratios that issue 10 sets targets
// for, each marked ok or over. Where BenchmarkRatio/P ran, the ratios are
// the medians of what it reports (both sides of each ratio timed in one
// benchmark, interleaved, so that a shared machine's changing load does
// not tilt them); otherwise the ratios of the separate benchmarks'
// medians:
//
//   - decode and encode: gamewire's time over the hand-written code's,
//     within 1.3x;
//   - stream: gamewire's warm stream decoder (variant "warm") over a copy
//     of each frame (variant "copy"), within 2x; and, without a target,
//     over gamewire's decoder (what the stream layer costs), and the
//     hand-written decoder over the same copy (hand/copy: what decoding
//     at all costs over a copy, the floor of warm/copy; for a datagram
//     protocol, which has no stream layer and whose copy is one memmove
//     a datagram, it is over 2x already, so a datagram protocol's
//     warm/copy, which BenchmarkRatio reports as datagram-warm/copy, is
//     marked n/a, not held to the target);
//   - checked/hand, without a target: gamewire's decoder checking each
//     message against the spec's rules (Validate, variant
//     "gamewire-checked") over the hand-written code, which checks none;
//   - allocations per op of gamewire's decoder, its encoder, the warm
//     stream and a new stream on a reused value (variant "reset"), all 0;
//     a stream made new (variant "new") is shown for comparison.
//
// Lines that are not benchmark results are ignored. The exit status is 1
// if no benchmark result was found.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// base is the variant the others are compared with.
const base = "gamewire"

// Targets of issue 10.
const (
	codecTarget  = 1.3 // gamewire over hand-written, decode and encode
	streamTarget = 2.0 // warm stream over a copy of each frame
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ratios:", err)
		os.Exit(1)
	}
}

// result holds the runs of one benchmark.
type result struct {
	variant string
	values  map[string][]float64 // unit -> the value of each run
}

// median returns the median of unit's values (the mean of the middle two
// for an even count), and whether there are any.
func (r *result) median(unit string) (float64, bool) {
	v := slices.Sorted(slices.Values(r.values[unit]))
	if len(v) == 0 {
		return 0, false
	}
	return (v[(len(v)-1)/2] + v[len(v)/2]) / 2, true
}

// group holds a group's variants in the order they first appear.
type group struct {
	name     string
	variants []*result
}

func run(in io.Reader, out io.Writer) error {
	groups, err := parse(in)
	if err != nil {
		return err
	}
	if len(groups) == 0 {
		return errors.New("no benchmark results on the input")
	}
	rows := [][]string{{"group", "variant", "ns/op", "B/op", "allocs/op", "vs " + base}}
	for _, g := range groups {
		if g.name == pairedGroup {
			continue // its figures are in the summary
		}
		var baseNs float64
		if r := g.variant(base); r != nil {
			baseNs, _ = r.median("ns/op")
		} else if r := g.variant("warm"); r != nil {
			baseNs, _ = r.median("ns/op") // gamewire's warm stream
		}
		for _, r := range g.variants {
			ns, ok := r.median("ns/op")
			ratio := "-"
			if ok && baseNs > 0 {
				ratio = strconv.FormatFloat(ns/baseNs, 'f', 2, 64) + "x"
			}
			rows = append(rows, []string{g.name, r.variant,
				format(r, "ns/op", 2), format(r, "B/op", 0), format(r, "allocs/op", 0), ratio})
		}
	}
	if len(rows) > 1 {
		if err := write(out, rows, 2); err != nil {
			return err
		}
	}
	if sum := summary(groups); sum != nil {
		if len(rows) > 1 {
			fmt.Fprintln(out)
		}
		if err := write(out, sum, 1); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(out, "targets: decode and encode within %gx of hand-written, warm stream within %gx of copy, 0 allocs (but new)\n",
			codecTarget, streamTarget); err != nil {
			return err
		}
		if hasPaired(groups) {
			_, err := fmt.Fprintln(out, "ratios from BenchmarkRatio: each side's fastest of many interleaved timings")
			return err
		}
	}
	return nil
}

// summary returns the table of issue 10's ratios, one row per protocol
// that has a Decode, Encode or Stream group or a BenchmarkRatio result,
// or nil if there is none. The ratios come from BenchmarkRatio where it
// ran, and from the medians of the separate benchmarks otherwise.
func summary(groups []*group) [][]string {
	byName := map[string]*group{}
	var protos []string
	add := func(p string) {
		if !slices.Contains(protos, p) {
			protos = append(protos, p)
		}
	}
	for _, g := range groups {
		byName[g.name] = g
		if g.name == pairedGroup {
			for _, r := range g.variants {
				add(r.variant)
			}
			continue
		}
		kind, proto, ok := strings.Cut(g.name, "/")
		if ok && (kind == "Decode" || kind == "Encode" || kind == "Stream") {
			add(proto)
		}
	}
	if len(protos) == 0 {
		return nil
	}
	rows := [][]string{{"protocol", "decode gw/hand", "encode gw/hand", "stream warm/copy", "warm/decode", "hand/copy", "checked/hand",
		"allocs decode", "encode", "warm", "reset", "new"}}
	for _, p := range protos {
		dec, enc, st := byName["Decode/"+p], byName["Encode/"+p], byName["Stream/"+p]
		pr := byName[pairedGroup].variant(p)
		rows = append(rows, []string{p,
			paired(pr, "decode-gw/hand", codecTarget, ratio(dec, base, "handwritten", codecTarget)),
			paired(pr, "encode-gw/hand", codecTarget, ratio(enc, base, "handwritten", codecTarget)),
			paired(pr, "warm/copy", streamTarget, paired(pr, "datagram-warm/copy", 0, ratio(st, "warm", "copy", streamTarget))+datagramMark(pr)),
			paired(pr, "warm/decode", 0, across(st.variant("warm"), dec.variant(base), 0)),
			paired(pr, "hand/copy", 0, across(dec.variant("handwritten"), st.variant("copy"), 0)),
			paired(pr, "checked/hand", 0, across(dec.variant("gamewire-checked"), dec.variant("handwritten"), 0)),
			allocs(dec, base, true), allocs(enc, base, true),
			allocs(st, "warm", true), allocs(st, "reset", true), allocs(st, "new", false),
		})
	}
	return rows
}

// datagramMark says that a protocol's warm/copy is a datagram decoder's,
// which has no stream layer and no target (BenchmarkRatio reports it as
// datagram-warm/copy): the 2x is for stream decoders.
func datagramMark(pr *result) string {
	if pr == nil {
		return ""
	}
	if _, ok := pr.median("datagram-warm/copy"); ok {
		return " n/a"
	}
	return ""
}

// pairedGroup is the group of BenchmarkRatio/<protocol>, which reports
// issue 10's ratios measured in one benchmark, interleaved.
const pairedGroup = "Ratio"

// paired returns the median of r's unit, marked ok or over against
// target (unmarked if target is 0), or else if r did not report it.
func paired(r *result, unit string, target float64, elseCell string) string {
	if r == nil {
		return elseCell
	}
	v, ok := r.median(unit)
	if !ok {
		return elseCell
	}
	return mark(v, target)
}

// mark formats a ratio, followed by ok if it is within target and over
// if not (nothing if target is 0).
func mark(r, target float64) string {
	s := strconv.FormatFloat(r, 'f', 2, 64) + "x"
	switch {
	case target == 0:
		return s
	case r > target:
		return s + " over"
	}
	return s + " ok"
}

// ratio returns the median time of g's variant a over b's, marked
// against target, or "-".
func ratio(g *group, a, b string, target float64) string {
	return across(g.variant(a), g.variant(b), target)
}

// allocs returns the median allocs/op of g's variant v, marked ok or
// over if want0 (zero is the target), or "-".
func allocs(g *group, v string, want0 bool) string {
	r := g.variant(v)
	if r == nil {
		return "-"
	}
	n, ok := r.median("allocs/op")
	if !ok {
		return "-"
	}
	s := strconv.FormatFloat(n, 'f', -1, 64)
	if !want0 {
		return s
	}
	if n == 0 {
		return s + " ok"
	}
	return s + " over"
}

// hasPaired reports whether BenchmarkRatio's results are among groups.
func hasPaired(groups []*group) bool {
	for _, g := range groups {
		if g.name == pairedGroup {
			return true
		}
	}
	return false
}

// across returns the median time of a over b's, marked against target
// (unmarked if 0), or "-".
func across(a, b *result, target float64) string {
	if a == nil || b == nil {
		return "-"
	}
	na, okA := a.median("ns/op")
	nb, okB := b.median("ns/op")
	if !okA || !okB || nb <= 0 {
		return "-"
	}
	return mark(na/nb, target)
}

// variant returns g's variant v, or nil.
func (g *group) variant(v string) *result {
	if g == nil {
		return nil
	}
	for _, r := range g.variants {
		if r.variant == v {
			return r
		}
	}
	return nil
}

// write prints rows as a table: the first names columns aligned left,
// the others (numbers) aligned right, two spaces apart.
func write(out io.Writer, rows [][]string, names int) error {
	width := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			width[i] = max(width[i], len(cell))
		}
	}
	w := bufio.NewWriter(out)
	for _, row := range rows {
		cells := make([]string, len(row))
		for i, cell := range row {
			pad := strings.Repeat(" ", width[i]-len(cell))
			if i < names {
				cells[i] = cell + pad
			} else {
				cells[i] = pad + cell
			}
		}
		w.WriteString(strings.TrimRight(strings.Join(cells, "  "), " ") + "\n")
	}
	return w.Flush()
}

// format returns the median of unit with prec decimals, or "-".
func format(r *result, unit string, prec int) string {
	v, ok := r.median(unit)
	if !ok {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// parse reads benchmark result lines such as
//
//	BenchmarkDecode/wire-2  16601154  31.20 ns/op  1538.22 MB/s  0 B/op  0 allocs/op
func parse(in io.Reader) ([]*group, error) {
	var groups []*group
	byName := map[string]*group{}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || len(f)%2 != 0 {
			continue
		}
		if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
			continue // not a result line, such as "BenchmarkX --- FAIL"
		}
		gname, variant := split(f[0])
		g := byName[gname]
		if g == nil {
			g = &group{name: gname}
			byName[gname] = g
			groups = append(groups, g)
		}
		r := g.variant(variant)
		if r == nil {
			r = &result{variant: variant, values: map[string][]float64{}}
			g.variants = append(g.variants, r)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("%q: bad value %q", sc.Text(), f[i])
			}
			r.values[f[i+1]] = append(r.values[f[i+1]], v)
		}
	}
	return groups, sc.Err()
}

// split turns "BenchmarkDecode/wire-2" into "Decode" and "wire": it drops
// the prefix and the -GOMAXPROCS suffix and splits at the last slash. A
// name without a slash is a group of one variant with an empty name.
func split(name string) (group, variant string) {
	name = strings.TrimPrefix(name, "Benchmark")
	if i := strings.LastIndexByte(name, '-'); i >= 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return name, ""
	}
	return name[:i], name[i+1:]
}
