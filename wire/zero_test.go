package wire_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/internal/toy"
)

// TestZeroValues: a Decoder, Stream or Conn made without a table or a
// connection, or the zero one, and Decode or CheckSend given no table,
// answer with an error wrapping ErrInvalid, never a panic.
func TestZeroValues(t *testing.T) {
	frame := toy.Frame(&toy.Ping{Value: 1})
	invalid := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("%s: %v, want an error wrapping ErrInvalid", what, err)
		}
	}
	var d wire.Decoder
	_, _, err := d.Decode(frame, wire.FromClient)
	invalid("zero Decoder", err)
	if d.Value(nil) != nil || d.Value(&toy.Table.Forms[0]) != nil {
		t.Error("a zero Decoder has values")
	}
	td := wire.NewDecoder(toy.Table)
	if td.Value(&otherTable.Forms[0]) != nil {
		t.Error("a Decoder has a value for another table's form")
	}
	td.Policy = wire.Lax
	td.Reset(nil)
	_, _, err = td.Decode(frame, wire.FromClient)
	invalid("Decoder Reset to no table", err)
	if td.Policy != wire.Lax {
		t.Error("Reset(nil) forgot the policy")
	}
	_, _, err = wire.Decode(nil, frame, wire.FromClient)
	invalid("Decode with no table", err)
	invalid("CheckSend with no table", wire.CheckSend(nil, &toy.Ping{}, wire.FromClient, true))

	for name, s := range map[string]*wire.Stream{"zero Stream": {}, "Stream of no table": wire.NewStream(nil, nil, wire.FromClient)} {
		_, err := s.Next()
		invalid(name+" Next", err)
		_, err = s.NextFrame()
		invalid(name+" NextFrame", err)
	}
	var c wire.Conn
	c.Reset(nil)
	_, err = c.Next()
	invalid("zero Conn Next", err)
	invalid("zero Conn WriteMessage", c.WriteMessage(&toy.Ping{}))
	nc := wire.NewConn(toy.Table, nil, wire.FromServer)
	_, err = nc.Next()
	invalid("Conn of no connection Next", err)
	invalid("Conn of no connection WriteMessage", nc.WriteMessage(&toy.Ping{}))
	if nc.Close() != nil {
		t.Error("Close of a Conn of no connection failed")
	}
}
