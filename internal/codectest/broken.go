package codectest

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Broken is a golden vector that must not decode: the bytes, the
// direction they are sent in, and the error they must fail with.
type Broken struct {
	Name string
	Hex  string // as Golden reads it
	From wire.Direction
	// Kind is the sentinel the error wraps.
	Kind error
	// Message is the spec's name of the message the error names; "" for
	// any.
	Message string
	// Field and Offset are the field the error names and its byte offset;
	// neither is checked when Field is "".
	Field  string
	Offset int
}

// Whole returns the decoder CheckBroken wants for table t: a wire.Decoder
// under wire.Strict (an unknown code, a broken rule and a frame over the
// limit are errors) that takes b as one whole frame or datagram (bytes
// after the message fail with ErrTrailing).
func Whole(t *spec.Table) func(b []byte, from wire.Direction) (wire.Message, int, error) {
	d := wire.NewDecoder(t)
	d.Policy = wire.Strict
	return func(b []byte, from wire.Direction) (wire.Message, int, error) {
		m, n, err := d.Decode(b, from)
		if err == nil && n != len(b) {
			return nil, n, m.Form().Err("", wire.ErrTrailing)
		}
		return m, n, err
	}
}

// CheckBroken decodes every vector with decode (Whole of the protocol's
// table), in a subtest of its name: each must fail with no
// message and an error that wraps Kind and is a *wire.Error of the
// protocol (its text starting "protocol: "), naming the Message, and the
// Field at Offset.
func CheckBroken(t *testing.T, protocol string, decode func(b []byte, from wire.Direction) (wire.Message, int, error), vectors []Broken) {
	t.Helper()
	for _, v := range vectors {
		t.Run(v.Name, func(t *testing.T) {
			b := Hex(t, v.Hex)
			m, _, err := decode(b, v.From)
			if m != nil || !errors.Is(err, v.Kind) {
				t.Fatalf("Decode(%x) = %v, %v; want %v", b, m, err, v.Kind)
			}
			var e *wire.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not a *wire.Error", err)
			}
			if v.Message != "" && e.Message != v.Message || v.Field != "" && (e.Field != v.Field || e.Offset != v.Offset) {
				t.Errorf("error %v: message %q field %q offset %d; want %q %q %d", err, e.Message, e.Field, e.Offset, v.Message, v.Field, v.Offset)
			}
			if !strings.HasPrefix(err.Error(), protocol+": ") {
				t.Errorf("error %q does not name the protocol %s", err, protocol)
			}
		})
	}
}
