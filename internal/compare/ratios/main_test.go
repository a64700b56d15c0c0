package main

import (
	"strings"
	"testing"
)

const sample = `goos: linux
goarch: amd64
pkg: github.com/gamewire/gamewire/internal/compare
cpu: AMD EPYC
BenchmarkDecode/wire-2         	16601154	        30.00 ns/op	1538.22 MB/s	       0 B/op	       0 allocs/op
BenchmarkDecode/binary-2       	  121174	      1800 ns/op	  26.94 MB/s	      48 B/op	       1 allocs/op
BenchmarkDecode/handwritten-2  	20835495	        27.00 ns/op	1530.43 MB/s	       0 B/op	       0 allocs/op
BenchmarkDecode/wire-2         	16601154	        34.00 ns/op	1538.22 MB/s	       0 B/op	       0 allocs/op
BenchmarkEncode/wire-2         	  110458	      4000 ns/op	  33.26 MB/s	       0 B/op	       0 allocs/op
BenchmarkEncode/wire-2         	  110458	        41.00 ns/op	  33.26 MB/s	       0 B/op	       0 allocs/op
BenchmarkEncode/binary-2       	  260473	      4230 ns/op	  11.35 MB/s	      48 B/op	       1 allocs/op
BenchmarkEncode/wire-2         	  110458	        40.00 ns/op	  33.26 MB/s	       0 B/op	       0 allocs/op
BenchmarkOrder/U16/big         	1000000000	         0.5000 ns/op
BenchmarkLonely-8              	    1000	      1000 ns/op
BenchmarkBroken/wire-2 --- FAIL: something
PASS
ok  	github.com/gamewire/gamewire/internal/compare	3.257s
`

// want is sample's report: Decode/wire is the median of 30 and 34 (their
// mean), Encode/wire the median of 4000, 41 and 40 (a busy machine's
// outlier does not move it); Order/U16 has no wire variant and reported
// no memory figures.
const want = `group      variant        ns/op  B/op  allocs/op  vs wire
Decode     wire           32.00     0          0    1.00x
Decode     binary       1800.00    48          1   56.25x
Decode     handwritten    27.00     0          0    0.84x
Encode     wire           41.00     0          0    1.00x
Encode     binary       4230.00    48          1  103.17x
Order/U16  big             0.50     -          -        -
Lonely                  1000.00     -          -        -
`

func TestRun(t *testing.T) {
	var out strings.Builder
	if err := run(strings.NewReader(sample), &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestRunNoResults(t *testing.T) {
	var out strings.Builder
	if err := run(strings.NewReader("PASS\nok x 0.1s\n"), &out); err == nil {
		t.Error("no error for input without results")
	}
}

func TestSplit(t *testing.T) {
	tests := []struct{ in, group, variant string }{
		{"BenchmarkDecode/wire-2", "Decode", "wire"},
		{"BenchmarkDecode/wire", "Decode", "wire"},
		{"BenchmarkOrder/U16/big-16", "Order/U16", "big"},
		{"BenchmarkX/a-b", "X", "a-b"},
		{"BenchmarkX", "X", ""},
	}
	for _, tt := range tests {
		if g, v := split(tt.in); g != tt.group || v != tt.variant {
			t.Errorf("split(%q) = %q, %q; want %q, %q", tt.in, g, v, tt.group, tt.variant)
		}
	}
}
