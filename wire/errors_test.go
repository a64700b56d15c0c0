package wire_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

func TestErrorText(t *testing.T) {
	tests := []struct {
		e    wire.Error
		want string
	}{
		{wire.Error{Protocol: "bzflag", Message: "MsgEnter", Field: "callSign", Offset: 8, Err: wire.ErrShort},
			"bzflag: MsgEnter: field callSign at byte 8: short input"},
		{wire.Error{Message: "MsgEnter", Field: "callSign", Offset: 8, Err: wire.ErrTooLong},
			"MsgEnter: field callSign at byte 8: too long"},
		{wire.Error{Protocol: "bzflag", Field: "callSign", Offset: 8, Err: wire.ErrInvalid},
			"bzflag: field callSign at byte 8: invalid value"},
		{wire.Error{Protocol: "bzflag", Message: "MsgEnter", Offset: 30, Err: wire.ErrTrailing},
			"bzflag: MsgEnter: at byte 30: trailing bytes"},
		{wire.Error{Protocol: "lwar", Message: "header", Offset: -1, Err: wire.ErrUnknownCode},
			"lwar: header: unknown code"},
		{wire.Error{Protocol: "toy", Message: "MsgSay", Field: "after", Offset: -1, Err: wire.ErrShort},
			"toy: MsgSay: field after: short input"},
		{wire.Error{}, "at byte 0: error"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q, want %q", tt.e, got, tt.want)
		}
		if got := tt.e.Unwrap(); got != tt.e.Err {
			t.Errorf("%+v.Unwrap() = %v", tt.e, got)
		}
	}
}

func TestSentinelsDistinct(t *testing.T) {
	all := []error{wire.ErrShort, wire.ErrTrailing, wire.ErrTooLong, wire.ErrUnknownCode, wire.ErrInvalid}
	for i, a := range all {
		for j, b := range all {
			if errors.Is(a, b) != (i == j) {
				t.Errorf("errors.Is(%v, %v) = %t", a, b, !(i == j))
			}
		}
	}
}

// pointer returns the *wire.Error inside err.
func pointer(t *testing.T, err error) *wire.Error {
	t.Helper()
	e, ok := err.(*wire.Error)
	if !ok {
		t.Fatalf("NewError returned %T, want *wire.Error", err)
	}
	return e
}

func TestNewErrorInterned(t *testing.T) {
	base := wire.Error{Protocol: "p", Message: "m", Field: "f", Offset: 3, Err: wire.ErrShort}
	newError := func(e wire.Error) error { return wire.NewError(e.Protocol, e.Message, e.Field, e.Offset, e.Err) }
	a := pointer(t, newError(base))
	if b := pointer(t, newError(base)); a != b {
		t.Errorf("two calls for %+v returned %p and %p, want the same pointer", base, a, b)
	}
	checkError(t, a, base)
	variants := []func(e *wire.Error){
		func(e *wire.Error) { e.Protocol = "q" },
		func(e *wire.Error) { e.Message = "n" },
		func(e *wire.Error) { e.Field = "g" },
		func(e *wire.Error) { e.Offset = 4 },
		func(e *wire.Error) { e.Err = wire.ErrTooLong },
	}
	for _, change := range variants {
		want := base
		change(&want)
		got := pointer(t, newError(want))
		if got == a {
			t.Errorf("%+v shares its error with %+v", want, base)
		}
		checkError(t, got, want)
		if again := pointer(t, newError(want)); again != got {
			t.Errorf("%+v: second call returned a different pointer", want)
		}
	}
}

func TestNewErrorConcurrent(t *testing.T) {
	const n = 8
	got := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = wire.NewError("concurrent", "m", "f", 0, wire.ErrInvalid)
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("goroutines got different errors: %p, %p", got[0], got[i])
		}
	}
}

// TestNewErrorBounded fills the intern table (an isolated, empty one, so
// other tests are unaffected) past its bound: it stops growing, the
// errors past the bound are still right, and an error that keeps
// recurring is shared again after its first occurrence (new ones evict
// old ones), so a flood of one malformed packet stays free of allocations.
func TestNewErrorBounded(t *testing.T) {
	restore := wire.IsolateInterned()
	defer restore()
	if n := wire.InternedLen(); n != 0 {
		t.Fatalf("isolated table holds %d errors", n)
	}
	for i := 0; i < wire.MaxInterned; i++ {
		wire.NewError("p", "m", "f", i, wire.ErrShort)
	}
	if n := wire.InternedLen(); n != wire.MaxInterned {
		t.Fatalf("after %d distinct errors the table holds %d", wire.MaxInterned, n)
	}
	for i := wire.MaxInterned; i < wire.MaxInterned+100; i++ {
		err := wire.NewError("p", "m", "over", i, wire.ErrTooLong)
		checkError(t, err, wire.Error{Protocol: "p", Message: "m", Field: "over", Offset: i, Err: wire.ErrTooLong})
	}
	if n := wire.InternedLen(); n != wire.MaxInterned {
		t.Errorf("past the bound the table grew to %d, want %d", n, wire.MaxInterned)
	}
	a := pointer(t, wire.NewError("p", "m", "over", 1, wire.ErrShort))
	b := pointer(t, wire.NewError("p", "m", "over", 1, wire.ErrShort))
	if a != b {
		t.Errorf("past the bound a recurring error is not shared: %p and %p", a, b)
	}
	if !raceEnabled {
		allocs := testing.AllocsPerRun(10, func() { wire.NewError("p", "m", "over", 2, wire.ErrShort) })
		if allocs != 0 {
			t.Errorf("a recurring NewError past the bound: %v allocations, want 0", allocs)
		}
	}
}

func TestShift(t *testing.T) {
	var dst wire.Error
	in := &wire.Error{Protocol: "lwar", Message: "Chat", Field: "message", Offset: 6, Err: wire.ErrShort}
	out := wire.Shift(&dst, in, 14)
	if out != error(&dst) || dst.Offset != 20 || in.Offset != 6 || !errors.Is(out, wire.ErrShort) {
		t.Errorf("Shift = %v (%+v)", out, dst)
	}
	plain := errors.New("plain")
	if wire.Shift(&dst, plain, 3) != plain {
		t.Error("a plain error is returned as it is")
	}
	unknown := &wire.Error{Offset: -1, Err: wire.ErrShort}
	if wire.Shift(&dst, unknown, 3) != error(unknown) {
		t.Error("an unknown offset stays unknown")
	}
	if n := testing.AllocsPerRun(100, func() { wire.Shift(&dst, in, 14) }); n != 0 {
		t.Errorf("Shift allocates %v", n)
	}
}
