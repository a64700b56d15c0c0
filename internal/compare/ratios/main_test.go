package main

import (
	"os"
	"strings"
	"testing"
)

// TestRun: testdata/sample.want is the report of testdata/sample.txt, a
// run of go test -bench. Decode/bzflag/gamewire is the median of 1100,
// 500 and 480 (a busy machine's outlier does not move it), so decode is
// 500/400 = 1.25x, within 1.3x; encode is 1.30x, on the target and so
// ok; Decode/record/gamewire the median of 30 and 34 (their mean),
// Encode/record/gamewire of 4000, 41 and 40. The Stream group is
// compared with its warm stream, which is 1200/300 = 4x of copy: over the
// target of 2x, and 1200/500 = 2.4x of gamewire's decoder; the
// hand-written decoder is 400/300 = 1.33x of copy; gamewire validating
// each message takes 600/400 = 1.5x the hand-written code; its reset
// variant allocates, which is over. Order/U16 has no gamewire variant
// and reported no memory figures. The record has a Decode and an Encode
// group and so a summary line, without a stream (and without an encode
// ratio: no hand-written encode in the sample).
func TestRun(t *testing.T) {
	in, err := os.ReadFile("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/sample.want")
	if err != nil {
		t.Fatal(err)
	}
	checkRun(t, string(in), string(want))
}

// runOf returns run's output for in, and its error.
func runOf(in string) (string, error) {
	var out strings.Builder
	err := run(strings.NewReader(in), &out)
	return out.String(), err
}

// checkRun checks that run prints want for in.
func checkRun(t *testing.T, in, want string) {
	t.Helper()
	if got, err := runOf(in); err != nil || got != want {
		t.Errorf("got\n%s\n%v\nwant\n%s", got, err, want)
	}
}

func TestRunNoResults(t *testing.T) {
	if _, err := runOf("PASS\nok x 0.1s\n"); err == nil {
		t.Error("no error for input without results")
	}
}

func TestSplit(t *testing.T) {
	// A benchmark's name and its group and variant.
	tests := map[string][2]string{
		"BenchmarkDecode/wire-2":    {"Decode", "wire"},
		"BenchmarkDecode/wire":      {"Decode", "wire"},
		"BenchmarkOrder/U16/big-16": {"Order/U16", "big"},
		"BenchmarkX/a-b":            {"X", "a-b"},
		"BenchmarkX":                {"X", ""},
	}
	for in, want := range tests {
		if g, v := split(in); g != want[0] || v != want[1] {
			t.Errorf("split(%q) = %q, %q; want %q, %q", in, g, v, want[0], want[1])
		}
	}
}

// TestRatio checks the summary's cells: a ratio over its target is
// marked over, a missing variant or group gives "-".
func TestRatio(t *testing.T) {
	g := &group{name: "Decode/x", variants: []*result{
		{variant: "gamewire", values: map[string][]float64{"ns/op": {200, 260, 900}, "allocs/op": {0, 2, 2}}},
		{variant: "handwritten", values: map[string][]float64{"ns/op": {100}}},
		{variant: "copy", values: map[string][]float64{"ns/op": {0}}},
	}}
	tests := []struct {
		name, got, want string
	}{
		{"over", ratio(g, "gamewire", "handwritten", 1.3), "2.60x over"},
		{"within", ratio(g, "gamewire", "handwritten", 4), "2.60x ok"},
		{"faster", ratio(g, "handwritten", "gamewire", 1.3), "0.38x ok"},
		{"no variant", ratio(g, "gamewire", "binary", 1.3), "-"},
		{"zero time", ratio(g, "gamewire", "copy", 1.3), "-"},
		{"no group", ratio(nil, "gamewire", "handwritten", 1.3), "-"},
		{"allocs over", allocs(g, "gamewire", true), "2 over"},
		{"allocs shown", allocs(g, "gamewire", false), "2"},
		{"allocs unreported", allocs(g, "handwritten", true), "-"},
		{"allocs no group", allocs(nil, "warm", true), "-"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

// TestRunNoSummary: without Decode, Encode or Stream groups there is no
// summary table.
func TestRunNoSummary(t *testing.T) {
	in := "BenchmarkOrder/U16/big-2  1000  0.5 ns/op\nBenchmarkDecodeX/gamewire-2  10  5 ns/op\n"
	if out, err := runOf(in); err != nil || strings.Contains(out, "protocol") || strings.Contains(out, "targets") {
		t.Errorf("summary printed for %q (%v):\n%s", in, err, out)
	}
}

// TestRunPaired: BenchmarkRatio's figures (medians of its runs) replace
// the separate benchmarks' ratios in the summary, and its group is left
// out of the detail table.
func TestRunPaired(t *testing.T) {
	in := `BenchmarkDecode/bzflag/gamewire-2  1000  900 ns/op  0 B/op  0 allocs/op
BenchmarkDecode/bzflag/handwritten-2  1000  300 ns/op  0 B/op  0 allocs/op
BenchmarkRatio/bzflag-2  4332  167 ns/op  160 copy-ns  2.9 decode-gw/hand  1.05 encode-gw/hand  7.1 warm/copy  2.0 warm/decode  0 B/op  0 allocs/op
BenchmarkRatio/bzflag-2  4332  160 ns/op  160 copy-ns  1.2 decode-gw/hand  1.35 encode-gw/hand  3.9 warm/copy  2.1 warm/decode  0 B/op  0 allocs/op
BenchmarkRatio/bzflag-2  4332  165 ns/op  160 copy-ns  1.1 decode-gw/hand  1.40 encode-gw/hand  3.8 warm/copy  2.2 warm/decode  1.8 checked/hand  0 B/op  0 allocs/op
BenchmarkRatio/lwar-2  2616  234 ns/op  1.5 decode-gw/hand  9.2 datagram-warm/copy  0 B/op  0 allocs/op
`
	want := `group          variant       ns/op  B/op  allocs/op  vs gamewire
Decode/bzflag  gamewire     900.00     0          0        1.00x
Decode/bzflag  handwritten  300.00     0          0        0.33x

protocol  decode gw/hand  encode gw/hand  stream warm/copy  warm/decode  hand/copy  checked/hand  allocs decode  encode  warm  reset  new
bzflag          1.20x ok      1.35x over        3.90x over        2.10x          -         1.80x           0 ok       -     -      -    -
lwar          1.50x over               -         9.20x n/a            -          -             -              -       -     -      -    -
targets: decode and encode within 1.3x of hand-written, warm stream within 2x of copy, 0 allocs (but new)
ratios from BenchmarkRatio: each side's fastest of many interleaved timings
`
	checkRun(t, in, want)
}

// TestRunPairedOnly: with BenchmarkRatio's results alone there is no
// detail table, only the summary.
func TestRunPairedOnly(t *testing.T) {
	in := "BenchmarkRatio/lwar-2  2616  234 ns/op  1.5 decode-gw/hand  0 B/op  0 allocs/op\n"
	if out, err := runOf(in); err != nil || !strings.HasPrefix(out, "protocol ") || strings.Contains(out, "group") {
		t.Errorf("got (%v)\n%s", err, out)
	}
}
