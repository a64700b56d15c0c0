package codectest

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// recorder is a TB that keeps the failures instead of failing the test.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Fatalf records like Errorf: the fuzz checks return after it.
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }

// matchAny fails t unless one of the failures recorded matches the
// regular expression want, or there are none and want is "".
func (r *recorder) matchAny(t *testing.T, want string) {
	t.Helper()
	all := strings.Join(r.errs, "\n")
	switch {
	case want == "" && len(r.errs) != 0:
		t.Errorf("unexpected failures:\n%s", all)
	case want != "" && !slices.ContainsFunc(r.errs, regexp.MustCompile(want).MatchString):
		t.Errorf("reported %d failures, none matching %q:\n%s", len(r.errs), want, all)
	}
}

// match fails t unless the failures recorded match the regular expression
// want, or there are none and want is "".
func (r *recorder) match(t *testing.T, want string) {
	t.Helper()
	all := strings.Join(r.errs, "\n")
	switch {
	case want == "" && len(r.errs) != 0:
		t.Errorf("unexpected failures:\n%s", all)
	case want != "" && !regexp.MustCompile(want).MatchString(all):
		t.Errorf("failures %q do not match %q", all, want)
	}
}

func toyGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[toy](), map[string]gopter.Gen{
		"A":    gen.UInt16(),
		"B":    gen.UInt32(),
		"Flag": gen.Bool(),
		"Name": gen.OneGenOf(gen.Const([]byte(nil)), gen.SliceOf(gen.UInt8()).Map(func(b []uint8) []byte { return b })),
	})
}

func TestCheckPassesACorrectCodec(t *testing.T) {
	current = noBug
	var r recorder
	Check[toy](&r, toyGen())
	if len(r.errs) != 0 {
		t.Fatalf("a correct codec failed the harness:\n%s", strings.Join(r.errs, "\n"))
	}
}

// TestCheckCatchesEachDefect runs the harness on the toy codec with one
// deliberate defect at a time: each must be reported, and by the check
// meant for it (want matches one of the reported failures).
func TestCheckCatchesEachDefect(t *testing.T) {
	defer func() { current = noBug }()
	ignoreFlag := CmpOptions(cmpopts.IgnoreFields(toy{}, "Flag"))
	tests := []struct {
		name   string
		bug    bug
		want   string // a regular expression matching one reported failure
		allocs bool   // the defect shows only in the allocation checks
		opts   []Option
	}{
		{name: "badSize", bug: badSize, want: `len\(AppendBinary\) = \d+, Size\(\) = `},
		{name: "lossyEncode", bug: lossyEncode, want: "value -> bytes -> value differs"},
		{name: "staleSlice", bug: staleSlice, want: "reused value differs"},
		{name: "acceptTrailing", bug: acceptTrailing, want: "trailing byte = <nil>; want wire.ErrTrailing"},
		{name: "wrongShortErr", bug: wrongShortErr, want: "prefix = .*invalid value; want wire.ErrShort"},
		{name: "panicsOnShort", bug: panicsOnShort, want: "prefix = .*panic: .*; want wire.ErrShort"},
		{name: "aliasing", bug: aliasing, want: "aliases its input"},
		{name: "allocates", bug: allocates, want: "Decode into a reused value allocates", allocs: true},
		{name: "allocatesWhenLong", bug: allocatesWhenLong, want: "Decode into a reused value allocates", allocs: true},
		{name: "clobbersPrefix", bug: clobbersPrefix, want: "AppendBinary after a prefix"},
		{name: "ignoresBit", bug: ignoresBit, want: "mutated .* decodes .* but re-encodes to"},
		{name: "marshalDiffers", bug: marshalDiffers, want: "MarshalBinary = "},
		{name: "dropsFlag", bug: dropsFlag, want: "bytes -> value -> bytes = ", opts: []Option{ignoreFlag}},
		{name: "bareShortErr", bug: bareShortErr, want: "prefix: error \"short input\" carries no \\*wire.Error"},
		{name: "bareInvalidErr", bug: bareInvalidErr, want: "mutated .*: error \"invalid value\" carries no \\*wire.Error"},
		{name: "panicsOnBadFlag", bug: panicsOnBadFlag, want: "Decode of mutated .*: panic: "},
		{name: "appendAllocates", bug: appendAllocates, want: "AppendBinary into a sized buffer allocates", allocs: true},
		{name: "errorAllocates", bug: errorAllocates, want: "a failing Decode allocates", allocs: true},
		{name: "shortCount", bug: shortCount, want: "Decode = \\d+, <nil>; want \\d+, nil"},
		{name: "unmarshalRejects", bug: unmarshalRejects, want: "UnmarshalBinary: .*trailing bytes"},
		{name: "failsOnReuse", bug: failsOnReuse, want: "Decode into a reused value = 0, .*invalid value"},
		{name: "mutatesInput", bug: mutatesInput, want: "Decode changed its input to 00"},
		{name: "appendFails", bug: appendFails, want: "AppendBinary: too long"},
		{name: "prefixOvercount", bug: prefixOvercount, want: "Decode of the \\d+-byte prefix consumed \\d+ bytes", opts: []Option{PrefixesMayDecode()}},
		{name: "mutatedOvercount", bug: mutatedOvercount, want: "Decode of mutated .* consumed \\d+ bytes"},
		{name: "decodesPrefix", bug: decodesPrefix, want: "prefix of \\d+ bytes decodes", opts: []Option{PrefixesMayDecode()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.allocs && RaceEnabled {
				t.Skip("allocation counts are not checked under the race detector")
			}
			current = tt.bug
			var r recorder
			Check[toy](&r, toyGen(), append([]Option{Samples(50)}, tt.opts...)...)
			current = noBug
			r.matchAny(t, tt.want)
		})
	}
}

// TestCheckFloats: floats are compared by their bits, so a codec that
// keeps them exactly passes with NaN payloads and -0 among the values, and
// one that changes a NaN's bits fails.
func TestCheckFloats(t *testing.T) {
	defer func() { current = noBug }()
	g := gen.StrictStructPtr(reflect.TypeFor[floaty](), map[string]gopter.Gen{
		"F": gen.OneGenOf(gen.UInt32().Map(math.Float32frombits), gen.Const(math.Float32frombits(0x7f800001)), gen.Const(float32(math.Copysign(0, -1)))),
		"D": gen.OneGenOf(gen.UInt64().Map(math.Float64frombits), gen.Const(math.NaN()), gen.Const(math.Copysign(0, -1))),
	})
	for _, tt := range []struct {
		bug  bug
		want string
	}{
		{noBug, ""},
		{quietsNaN, "value -> bytes -> value differs"},
	} {
		current = tt.bug
		var r recorder
		Check[floaty](&r, g)
		all := strings.Join(r.errs, "\n")
		if (tt.want == "") != (len(r.errs) == 0) || !strings.Contains(all, tt.want) {
			t.Errorf("defect %d: failures %q, want %q", tt.bug, all, tt.want)
		}
	}
}

// TestCheckOptions: the options that relax a check let a correct codec of
// that shape pass, and the checks fail it without them.
func TestCheckOptions(t *testing.T) {
	current = noBug
	restGen := gen.StrictStructPtr(reflect.TypeFor[rest](), map[string]gopter.Gen{
		"Data": gen.SliceOf(gen.UInt8()).Map(func(b []uint8) []byte { return b }),
	})
	var r recorder
	Check[rest](&r, restGen, TakesRest())
	if len(r.errs) != 0 {
		t.Errorf("a correct rest-of-input codec failed with TakesRest:\n%s", strings.Join(r.errs, "\n"))
	}
	r.errs = nil
	Check[rest](&r, restGen)
	if all := strings.Join(r.errs, "\n"); !strings.Contains(all, "want wire.ErrTrailing") || !strings.Contains(all, "want wire.ErrShort") {
		t.Errorf("a rest-of-input codec without TakesRest: want failures for trailing bytes and prefixes, got:\n%s", all)
	}

	drawn := func(seed int64) (as []uint16) {
		g := toyGen().Map(func(v toy) toy { as = append(as, v.A); return v })
		var r recorder
		Check[toy](&r, g, Seed(seed), Samples(5))
		return as
	}
	if a, b := drawn(3), drawn(3); !slices.Equal(a, b) || slices.Equal(a, drawn(4)) {
		t.Errorf("Seed: the same seed must draw the same values (%v, %v) and another seed others", a, b)
	}

	current = allocates
	defer func() { current = noBug }()
	r.errs = nil
	Check[toy](&r, toyGen(), NoAllocs(), Samples(20))
	if len(r.errs) != 0 {
		t.Errorf("NoAllocs still checked allocations:\n%s", strings.Join(r.errs, "\n"))
	}
}

// TestCheckGenerator: a generator of the wrong type, and one stuck on a
// single value of a type with fields, are reported; a constant generator
// of a type without fields is fine.
func TestCheckGenerator(t *testing.T) {
	current = noBug
	runCases(t, []testCase{
		{"wrong type", func(tb *recorder) { Check[toy](tb, gen.Int()) }, "generator produced a int, want codectest.toy or \\*codectest.toy"},
		{"nil pointer", func(tb *recorder) { Check[toy](tb, gen.Const((*toy)(nil))) }, "generator produced a \\*codectest.toy"},
		{"constant", func(tb *recorder) { Check[toy](tb, gen.Const(toy{A: 1})) }, "all 200 generated values encode to the same bytes"},
		{"constant, a few samples", func(tb *recorder) { Check[toy](tb, gen.Const(toy{A: 1}), Samples(minVaried-1)) }, ""},
		{"no fields", func(tb *recorder) { Check[empty](tb, gen.Const(&empty{})) }, ""},
		{"pointers", func(tb *recorder) {
			Check[toy](tb, toyGen().Map(func(v toy) *toy { return &v }))
		}, ""},
	})
}

// testCase is a run of the harness on a recorder, and the failure it must
// report: a regular expression, or "" for none.
type testCase struct {
	name string
	run  func(*recorder)
	want string
}

// runCases runs each case in a subtest of its name.
func runCases(t *testing.T, cases []testCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r recorder
			tc.run(&r)
			r.match(t, tc.want)
		})
	}
}

func TestGolden(t *testing.T) {
	current = noBug
	want := &toy{A: 0x0102, B: 0x03040506, Flag: true, Name: []byte("hi")}
	var r recorder
	Golden(&r, want, "7e 0102 03040506 | 01 02 6869")
	if len(r.errs) != 0 {
		t.Fatalf("correct golden vector failed: %v", r.errs)
	}
	defer func() { current = noBug }()
	for _, tt := range []struct {
		bug  bug
		hex  string
		want string
	}{
		{noBug, "7e 0102 03040506 01 02 6868", "AppendBinary = 7e01020304050601026869, <nil>\\s+want 7e01020304050601026868"},
		{noBug, "7e 0102 03040506 01 02 6868", "decoded value differs"},
		{noBug, "zz", "bad hex"},
		{noBug, "7e 0102 03040506 01 02 6869 00", "UnmarshalBinary.*trailing bytes"},
		{badSize, "7e 0102 03040506 01 02 6869", "Size\\(\\) = 12, want 11"},
		{dropsFlag, "7e 0102 03040506 01 02 6869", "decoded value differs"},
	} {
		current = tt.bug
		r.errs = nil
		Golden(&r, want, tt.hex)
		t.Run(tt.hex, func(t *testing.T) { r.matchAny(t, tt.want) })
	}
}

func TestCheckReportsAnEmptyGenerator(t *testing.T) {
	var r recorder
	Check[toy](&r, gen.Fail(reflect.TypeFor[toy]()))
	if len(r.errs) == 0 {
		t.Fatal("a generator that yields nothing passed")
	}
}

func TestExactAllocs(t *testing.T) {
	if RaceEnabled {
		t.Skip("the race detector allocates")
	}
	var sink []*int
	if n := ExactAllocs(func() {
		for i := 0; i < 1000; i++ {
			sink = append(sink[:0], new(int)) // one escaping allocation a step
		}
	}); n < 1000 {
		t.Errorf("ExactAllocs = %v for 1000 allocations", n)
	}
	if n := ExactAllocs(func() { sink = sink[:0] }); n != 0 {
		t.Errorf("ExactAllocs = %v for none", n)
	}
}
