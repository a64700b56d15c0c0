package codec_test

import (
	"errors"
	"io"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
)

func TestErrorText(t *testing.T) {
	tests := []struct {
		e    codec.Error
		want string
	}{
		{codec.Error{Protocol: "bzflag", Message: "MsgEnter", Field: "callSign", Offset: 8, Err: codec.ErrShort},
			"bzflag: MsgEnter: field callSign at byte 8: short input"},
		{codec.Error{Message: "MsgEnter", Field: "callSign", Offset: 8, Err: codec.ErrTooLong},
			"MsgEnter: field callSign at byte 8: too long"},
		{codec.Error{Protocol: "bzflag", Field: "callSign", Offset: 8, Err: codec.ErrInvalid},
			"bzflag: field callSign at byte 8: invalid value"},
		{codec.Error{Protocol: "bzflag", Message: "MsgEnter", Offset: 30, Err: codec.ErrTrailing},
			"bzflag: MsgEnter: at byte 30: trailing bytes"},
		{codec.Error{Protocol: "lwar", Message: "header", Offset: -1, Err: codec.ErrUnknownCode},
			"lwar: header: unknown code"},
		{codec.Error{Protocol: "toy", Message: "MsgSay", Field: "after", Offset: -1, Err: codec.ErrShort},
			"toy: MsgSay: field after: short input"},
		{codec.Error{}, "at byte 0: error"},
		// A frame too long says its length and the limit, not its place.
		{codec.Error{Protocol: "tfighters", Message: "frame", Field: "len", Err: codec.ErrTooLong, Length: 9002, Limit: 8194},
			"tfighters: frame length 9002 exceeds 8194"},
		{codec.Error{Field: "len", Offset: 3, Err: codec.ErrTooLong, Length: 70000, Limit: 65535},
			"length 70000 exceeds 65535"},
		{codec.Error{Protocol: "toy", Message: "frame", Field: "length", Err: codec.ErrTooLong, Limit: 32},
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
	all := []error{codec.ErrShort, codec.ErrTrailing, codec.ErrTooLong, codec.ErrUnknownCode, codec.ErrInvalid}
	for i, a := range all {
		for j, b := range all {
			if errors.Is(a, b) != (i == j) {
				t.Errorf("errors.Is(%v, %v) = %t", a, b, !(i == j))
			}
		}
	}
}

// TestUnexpectedEnd: the kind of a stream that ends inside a frame is
// both ErrShort and io.ErrUnexpectedEOF, and nothing else, inside an
// Error too.
func TestUnexpectedEnd(t *testing.T) {
	e := &codec.Error{Message: "frame", Offset: 3, Err: codec.ErrUnexpectedEnd}
	for _, err := range []error{codec.ErrUnexpectedEnd, e} {
		if !errors.Is(err, codec.ErrShort) || !errors.Is(err, io.ErrUnexpectedEOF) || !errors.Is(err, codec.ErrUnexpectedEnd) {
			t.Errorf("%v: not ErrShort, io.ErrUnexpectedEOF and ErrUnexpectedEnd", err)
		}
		for _, other := range []error{io.EOF, codec.ErrTooLong, codec.ErrTrailing, codec.ErrInvalid, codec.ErrUnknownCode} {
			if errors.Is(err, other) {
				t.Errorf("%v matches %v", err, other)
			}
		}
	}
	if got, want := e.Error(), "frame: at byte 3: stream ends inside a frame: short input"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestCountedError(t *testing.T) {
	if err := codec.CountedError(4, 3); err != codec.ErrTooLong {
		t.Errorf("a length over max: %v", err)
	}
	if err := codec.CountedError(3, 3); err != codec.ErrShort {
		t.Errorf("a length within max: %v", err)
	}
}

func TestCStringError(t *testing.T) {
	if err := codec.CStringError(3, 3); err != codec.ErrTooLong {
		t.Errorf("no NUL in max bytes: %v", err)
	}
	if err := codec.CStringError(2, 3); err != codec.ErrShort {
		t.Errorf("no NUL in fewer bytes: %v", err)
	}
}

func TestShift(t *testing.T) {
	var dst codec.Error
	in := &codec.Error{Protocol: "lwar", Message: "Chat", Field: "message", Offset: 6, Err: codec.ErrShort}
	out := codec.Shift(&dst, in, 14)
	if out != error(&dst) || dst.Offset != 20 || in.Offset != 6 || !errors.Is(out, codec.ErrShort) {
		t.Errorf("Shift = %v (%+v)", out, dst)
	}
	plain := errors.New("plain")
	if codec.Shift(&dst, plain, 3) != plain {
		t.Error("a plain error is returned as it is")
	}
	unknown := &codec.Error{Offset: -1, Err: codec.ErrShort}
	if codec.Shift(&dst, unknown, 3) != error(unknown) {
		t.Error("an unknown offset stays unknown")
	}
	if n := testing.AllocsPerRun(100, func() { codec.Shift(&dst, in, 14) }); n != 0 {
		t.Errorf("Shift allocates %v", n)
	}
}
