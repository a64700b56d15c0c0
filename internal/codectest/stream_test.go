package codectest

import (
	"io"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// TestCheckCapture reads captures of toy frames: a right one, one with a
// broken frame, and a reader whose messages do not re-encode to the bytes.
func TestCheckCapture(t *testing.T) {
	defer func() { current, layoutForm = noBug, nil }()
	forms := []spec.Form{{Name: "Toy", Code: 0x7e, From: wire.Both, Type: "toy", Fields: []spec.Field{fieldA, fieldB, fieldFlag, fieldName}}}
	table := toyTable(forms, func(int) wire.Message { return new(toy) })
	layoutForm = &forms[0]
	one := []byte{0x7e, 0, 1, 0, 0, 0, 2, 1, 2, 'h', 'i'}
	two := append(one[:len(one):len(one)], one...)
	frames := func(b []byte) func() (wire.Message, error) { return Frames(wire.NewDecoder(table), b, wire.Both) }
	tests := []struct {
		name  string
		data  []byte
		next  func() (wire.Message, error)
		count int
		want  string
	}{
		{"two", two, frames(two), 2, ""},
		{"empty", nil, frames(nil), 0, ""},
		{"broken", two[:len(two)-1], frames(two[:len(two)-1]), 1, "message 1 at byte 11: .*short"},
		{"differs", two, func() (wire.Message, error) { return &toy{A: 9}, nil }, 0, "message 0 at byte 0 \\(Toy\\) re-encodes to 7e0009"},
		{"short", two, frames(one), 1, "1 messages re-encode to 11 bytes of 22"},
		{"fails", one, func() (wire.Message, error) { return nil, io.ErrUnexpectedEOF }, 0, "message 0 at byte 0: unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r recorder
			if n := len(CheckCapture(&r, "capture", tt.data, tt.next, nil)); n != tt.count {
				t.Errorf("CheckCapture = %d, want %d", n, tt.count)
			}
			r.match(t, tt.want)
		})
	}
}

func TestHolds(t *testing.T) {
	var r recorder
	Holds(&r, "capture", []string{"A", "B", "A"}, "A", "B")
	r.match(t, "")
	Holds(&r, "capture", []string{"A"}, "A", "C")
	r.match(t, "^capture holds no C$")
}
