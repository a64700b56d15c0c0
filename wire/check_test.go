package wire_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/internal/toy"
	"github.com/gamewire/gamewire/wire/spec"
)

// otherForms is a table of another protocol with the toy's forms.
var otherTable = func() *spec.Table {
	p := toy.Protocol
	p.Name = "other"
	return spec.NewTable(p, append([]spec.Form(nil), toy.Forms...), toy.New)
}()

// otherPing is a MsgPing of the other table.
type otherPing struct{ toy.Ping }

func (*otherPing) Form() *spec.Form { return &otherTable.Forms[0] }

// formless is a message whose Form is nil.
type formless struct{ toy.Ping }

func (*formless) Form() *spec.Form { return nil }

func TestCheckSend(t *testing.T) {
	var nilPing *toy.Ping
	tests := []struct {
		name string
		m    wire.Message
		from wire.Direction
		lax  bool
		want string // the error's text, "" for none
	}{
		{"ok", &toy.Ping{Value: 1}, wire.FromClient, false, ""},
		{"both ways", &toy.Say{}, wire.FromServer, false, ""},
		{"nil", nil, wire.FromClient, false, "toy: cannot send nil: no message"},
		{"nil pointer", nilPing, wire.FromClient, true, "toy: cannot send nil: no message"},
		{"wrong direction", &toy.Ping{}, wire.FromServer, true, "toy: cannot send MsgPing: sent by the client, not the server"},
		{"another protocol", &otherPing{}, wire.FromClient, true, "toy: cannot send MsgPing: a message of other, not toy"},
		{"no form", &formless{}, wire.FromClient, true, "toy: cannot send message: a message of another protocol, not toy"},
		{"another table's raw", wire.NewRaw(otherTable, 9, wire.FromClient, []byte{0, 0, 0, 9}), wire.FromClient, true, "toy: cannot send unknown: a frame of another protocol's table"},
		{"raw, lax", wire.NewRaw(toy.Table, 9, wire.FromClient, []byte{0, 0, 0, 9}), wire.FromClient, true, ""},
		{"raw, checked", wire.NewRaw(toy.Table, 9, wire.FromClient, []byte{0, 0, 0, 9}), wire.FromClient, false, "toy: frame: field code at byte 2: unknown code"},
		{"rule broken", &toy.Ping{Value: 13}, wire.FromClient, false, "toy: MsgPing: field value at byte 4: invalid value"},
		{"rule broken, lax", &toy.Ping{Value: 13}, wire.FromClient, true, ""},
	}
	for _, tt := range tests {
		err := wire.CheckSend(toy.Table, tt.m, tt.from, tt.lax)
		if got := errText(err); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		var se *wire.SendError
		if errors.As(err, &se) && !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("%s: a SendError that does not wrap ErrInvalid", tt.name)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
