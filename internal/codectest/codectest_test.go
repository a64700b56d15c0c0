package codectest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// recorder is a TB that keeps the failures instead of failing the test.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
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
// meant for it.
func TestCheckCatchesEachDefect(t *testing.T) {
	defer func() { current = noBug }()
	tests := []struct {
		bug    bug
		want   string // a phrase of the expected failure
		allocs bool   // the defect shows only in the allocation checks
	}{
		{badSize, "Size()", false},
		{lossyEncode, "value -> bytes -> value differs", false},
		{staleSlice, "reused value differs", false},
		{acceptTrailing, "want wire.ErrTrailing", false},
		{wrongShortErr, "want wire.ErrShort", false},
		{panicsOnShort, "want wire.ErrShort", false},
		{aliasing, "aliases its input", false},
		{allocates, "Decode into a reused value allocates", true},
		{clobbersPrefix, "AppendBinary after a prefix", false},
		{ignoresBit, "re-encodes to", false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.bug), func(t *testing.T) {
			if tt.allocs && raceEnabled {
				t.Skip("allocation counts are not checked under the race detector")
			}
			current = tt.bug
			var r recorder
			Check[toy](&r, toyGen(), Samples(50))
			current = noBug
			all := strings.Join(r.errs, "\n")
			if !strings.Contains(all, tt.want) {
				t.Errorf("defect %d: harness reported %d failures, none containing %q:\n%s", tt.bug, len(r.errs), tt.want, all)
			}
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
	Golden(&r, want, "7e 0102 03040506 01 02 6868")
	if len(r.errs) == 0 {
		t.Fatal("wrong golden vector passed")
	}
	r.errs = nil
	Golden(&r, want, "zz")
	if len(r.errs) == 0 {
		t.Fatal("bad hex passed")
	}
}

func TestCheckReportsAnEmptyGenerator(t *testing.T) {
	var r recorder
	Check[toy](&r, gen.Fail(reflect.TypeFor[toy]()))
	if len(r.errs) == 0 {
		t.Fatal("a generator that yields nothing passed")
	}
}
