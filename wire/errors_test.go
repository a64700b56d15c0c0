package wire_test

import (
	"errors"
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
		// A frame too long says its length and the limit, not its place.
		{wire.Error{Protocol: "tfighters", Message: "frame", Field: "len", Err: wire.ErrTooLong, Length: 9002, Limit: 8194},
			"tfighters: frame length 9002 exceeds 8194"},
		{wire.Error{Field: "len", Offset: 3, Err: wire.ErrTooLong, Length: 70000, Limit: 65535},
			"length 70000 exceeds 65535"},
		{wire.Error{Protocol: "toy", Message: "frame", Field: "length", Err: wire.ErrTooLong, Limit: 32},
			"toy: frame: field length at byte 0: too long"},
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

func TestNewError(t *testing.T) {
	want := wire.Error{Protocol: "p", Message: "m", Field: "f", Offset: 3, Err: wire.ErrShort}
	a := pointer(t, wire.NewError(want.Protocol, want.Message, want.Field, want.Offset, want.Err))
	b := pointer(t, wire.NewError(want.Protocol, want.Message, want.Field, want.Offset, want.Err))
	checkError(t, a, want)
	if a == b {
		t.Error("NewError returned one error twice: it must not share (no table, no lock)")
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
