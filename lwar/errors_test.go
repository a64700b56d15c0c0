package lwar_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// wantErr checks that err wraps kind and names field at offset.
func wantErr(t *testing.T, err error, kind error, field string, off int) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("error %v, want %v", err, kind)
	}
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v is not a *wire.Error", err)
	}
	if we.Field != field || we.Offset != off || we.Protocol != "lwar" {
		t.Errorf("error %q names field %q at %d, want %q at %d", err, we.Field, we.Offset, field, off)
	}
	if s := err.Error(); s != strings.ToLower(s[:1])+s[1:] || !strings.HasPrefix(s, "lwar: ") {
		t.Errorf("error %q: want a lowercase, lwar-prefixed message", s)
	}
}

func TestHeaderWrongAppID(t *testing.T) {
	b := codectest.Hex(t, "f27087c6 00000001 00000002")
	var h lwar.Header
	_, err := h.Decode(b)
	wantErr(t, err, wire.ErrInvalid, "appId", 0)
	if !strings.Contains(err.Error(), "appId") {
		t.Errorf("error %q does not name appId", err)
	}
	var it lwar.Iterator
	if err := it.Reset(append(b, 0x68)); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Iterator.Reset: %v, want ErrInvalid", err)
	}
	if it.Next() {
		t.Error("Next after a rejected header returned a message")
	}
	// Little-endian appId (what a peer with the wrong byte order sends).
	_, err = h.Decode(codectest.Hex(t, "c58770f2 00000001 00000002"))
	wantErr(t, err, wire.ErrInvalid, "appId", 0)
}

func TestHeaderShort(t *testing.T) {
	var h lwar.Header
	for n, field := range map[int]string{0: "appId", 3: "appId", 4: "ack", 7: "ack", 8: "timestamp", 11: "timestamp"} {
		_, err := h.Decode(codectest.Hex(t, "f27087c5 00000001 00000002")[:n])
		off := map[string]int{"appId": 0, "ack": 4, "timestamp": 8}[field]
		wantErr(t, err, wire.ErrShort, field, off)
	}
}

func TestTypeErrors(t *testing.T) {
	tests := []struct {
		b    string
		want []string // words the error must contain
	}{
		{"66 00", []string{"102", "deprecated"}},
		{"00", []string{"message type 0"}},
		{"3f 00000001", []string{"message type 63"}},
		{"64", []string{"message type 100"}},
		{"72 00", []string{"message type 114"}},
		{"ff", []string{"message type 255"}},
	}
	var it lwar.Iterator
	for _, tt := range tests {
		b := codectest.Hex(t, tt.b)
		_, _, err := lwar.Decode(b, 0)
		wantErr(t, err, wire.ErrUnknownCode, "type", 0)
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", tt.b, err, w)
			}
		}
		// The Iterator says the same, at the message's offset.
		if err := it.Reset(append(codectest.Hex(t, "f27087c5 00000000 00000000"), b...)); err != nil {
			t.Fatal(err)
		}
		if it.Next() {
			t.Fatalf("%s: Iterator returned a message", tt.b)
		}
		wantErr(t, it.Err(), wire.ErrUnknownCode, "type", lwar.HeaderSize)
		if got, want := it.Err().Error(), strings.Replace(err.Error(), "byte 0", "byte 12", 1); got != want {
			t.Errorf("%s: Iterator error %q, Decode error %q", tt.b, got, want)
		}
		for _, from := range []wire.Direction{0, lwar.FromClient, lwar.FromServer} {
			if m := lwar.New(lwar.Type(b[0]), from); m != nil {
				t.Errorf("New(%d, %v) = %T", b[0], from, m)
			}
		}
	}
	// A type the other peer sends is unknown in this direction, and the
	// error names it.
	_, _, err := lwar.Decode(codectest.Hex(t, "01 00000001 00"), lwar.FromServer)
	wantErr(t, err, wire.ErrUnknownCode, "type", 0)
	if !strings.Contains(err.Error(), "Connect") {
		t.Errorf("Connect from the server: %v", err)
	}
	if lwar.New(lwar.TypeConnect, lwar.FromServer) != nil || lwar.New(lwar.TypeConnect, lwar.FromClient) == nil || lwar.New(lwar.TypeChat, lwar.FromServer) == nil {
		t.Error("New does not follow the directions of the spec's table")
	}
	if lwar.TypeDeprecated.Known() || !lwar.TypeUpdateCircle.Known() || lwar.Type(63).Known() {
		t.Error("Known is wrong")
	}
	if lwar.TypeDeprecated.String() != "Deprecated" || lwar.Type(57).String() != "57" || lwar.TypeUpdatePos.String() != "UpdatePos" {
		t.Error("String is wrong")
	}
}

func TestDecodeWrongType(t *testing.T) {
	var m lwar.Connect
	_, err := m.Decode(codectest.Hex(t, "02 00000001"))
	wantErr(t, err, wire.ErrInvalid, "type", 0)
	_, err = m.Decode(nil)
	wantErr(t, err, wire.ErrShort, "type", 0)
}

func TestShortFields(t *testing.T) {
	tests := []struct {
		m     lwar.Message
		b     string
		field string
		off   int
	}{
		{new(lwar.Connect), "01 000000", "seqno", 1},
		{new(lwar.Connect), "01 00000001", "name", 5},
		{new(lwar.Connect), "01 00000001 05 4142", "name", 5},
		{new(lwar.Chat), "05 00000001 0000 0001 03 6869", "message", 9},
		{new(lwar.Join), "03 00000001 0000 00", "playerId", 5},
		{new(lwar.Input), "67 00000001 0000002a 01 00 03 00 ff 80 01 00 00 02 fffe 00", "aimY", 21},
		{new(lwar.Collision), "69 0000 0010 0001 0011 ff9c", "y", 11},
		{new(lwar.Stats), "65", "num", 1},
		// A list whose entries are cut fails at its entries.
		{new(lwar.Stats), "65 02 0000 0001 0003 0001 0032 0001 0002 0000 00", "entries", 2},
		{new(lwar.Update), "6e 02 0000 0010 0064 ff38 00b4 64", "entries", 2},
		{new(lwar.UpdateRay), "70 01 0000 0012 0000 0000 005a 01", "entries", 2},
	}
	for _, tt := range tests {
		n, err := tt.m.Decode(codectest.Hex(t, tt.b))
		wantErr(t, err, wire.ErrShort, tt.field, tt.off)
		if n != tt.off {
			t.Errorf("%x: Decode returned offset %d, want %d", tt.b, n, tt.off)
		}
	}
}

func TestAppendTooLong(t *testing.T) {
	long := bytes.Repeat([]byte("x"), 256)
	prefix := []byte("keep")
	for _, m := range []lwar.Message{
		&lwar.Connect{Seqno: 1, Name: long},
		&lwar.Join{Seqno: 1, Name: long},
		&lwar.Chat{Seqno: 1, Msg: long},
		&lwar.Name{Seqno: 1, Name: long},
		&lwar.Update{Entries: make([]lwar.UpdateEntry, 256)},
		&lwar.Stats{Entries: make([]lwar.StatsEntry, 256)},
	} {
		out, err := m.AppendBinary(prefix)
		if !errors.Is(err, wire.ErrTooLong) {
			t.Errorf("%v: AppendBinary error %v, want ErrTooLong", lwar.TypeOf(m), err)
		}
		if string(out) != "keep" {
			t.Errorf("%v: AppendBinary changed b on error: %q", lwar.TypeOf(m), out)
		}
	}
	// 255 bytes is the most a uint8 length says, and it encodes.
	c := &lwar.Chat{Seqno: 1, Msg: bytes.Repeat([]byte("x"), 255)}
	if b, err := c.MarshalBinary(); err != nil || len(b) != 10+255 {
		t.Errorf("255-byte chat: %d bytes, %v", len(b), err)
	}
}

func TestValidate(t *testing.T) {
	name32 := bytes.Repeat([]byte("n"), lwar.MaxPlayerNameLength)
	name33 := bytes.Repeat([]byte("n"), lwar.MaxPlayerNameLength+1)
	chat255 := bytes.Repeat([]byte("c"), lwar.MaxChatMessageLength)
	tests := []struct {
		m     lwar.Message
		kind  error // nil: valid
		field string
	}{
		{&lwar.Connect{Seqno: 1, Name: name32}, nil, ""},
		{&lwar.Connect{Seqno: 1, Name: name33}, wire.ErrTooLong, "name"},
		{&lwar.Connect{Seqno: 0, Name: []byte("a")}, wire.ErrInvalid, "seqno"},
		{&lwar.Connect{Seqno: 1, Name: []byte("\xff")}, wire.ErrInvalid, "name"},
		{&lwar.Join{Seqno: 1, Name: []byte("Jürgen")}, nil, ""},
		{&lwar.Join{Seqno: 1, Name: name33}, wire.ErrTooLong, "name"},
		{&lwar.Name{Seqno: 1, Name: name33}, wire.ErrTooLong, "name"},
		{&lwar.Name{Seqno: 1, Name: []byte("a\xc3")}, wire.ErrInvalid, "name"},
		{&lwar.Chat{Seqno: 1, Msg: chat255}, nil, ""},
		{&lwar.Chat{Seqno: 1, Msg: []byte("\xed\xa0\x80")}, wire.ErrInvalid, "message"},
		{&lwar.Disconnect{}, wire.ErrInvalid, "seqno"},
		{&lwar.Synced{Seqno: 1}, nil, ""},
		{&lwar.Leave{}, wire.ErrInvalid, "seqno"},
		{&lwar.Add{}, wire.ErrInvalid, "seqno"},
		{&lwar.Remove{}, wire.ErrInvalid, "seqno"},
		{&lwar.Selection{}, wire.ErrInvalid, "seqno"},
		{&lwar.Input{}, nil, ""},
		{&lwar.Full{}, nil, ""},
		{&lwar.Update{}, nil, ""},
	}
	for _, tt := range tests {
		err := tt.m.Validate()
		if tt.kind == nil {
			if err != nil {
				t.Errorf("%v: Validate: %v", lwar.TypeOf(tt.m), err)
			}
			continue
		}
		if !errors.Is(err, tt.kind) {
			t.Errorf("%v: Validate: %v, want %v", lwar.TypeOf(tt.m), err, tt.kind)
			continue
		}
		var we *wire.Error
		if errors.As(err, &we) && we.Field != tt.field {
			t.Errorf("%v: Validate names %q, want %q", lwar.TypeOf(tt.m), we.Field, tt.field)
		}
		// The codec still carries the message byte-exact: rules are not
		// structure.
		b, err := tt.m.MarshalBinary()
		if err != nil {
			t.Errorf("%v: a message that breaks a rule must still encode: %v", lwar.TypeOf(tt.m), err)
			continue
		}
		back := lwar.New(lwar.TypeOf(tt.m), 0)
		if err := back.UnmarshalBinary(b); err != nil {
			t.Errorf("%v: decode of rule-breaking message: %v", lwar.TypeOf(tt.m), err)
		}
	}
}

func TestID(t *testing.T) {
	id := lwar.ID{Generation: 0x1234, Identity: 0xabcd}
	if id.Uint32() != 0x1234abcd || lwar.IDFromUint32(0x1234abcd) != id {
		t.Errorf("Uint32 = %#x", id.Uint32())
	}
	b, _ := id.AppendBinary(nil)
	if string(b) != "\x12\x34\xab\xcd" {
		t.Errorf("AppendBinary = %x", b)
	}
	if id.String() != "4660/43981" { // generation/identity, the wire order
		t.Errorf("String = %q", id.String())
	}
}

func TestTypeText(t *testing.T) {
	for i := range lwar.Table().Forms {
		s := struct{ Type lwar.Type }{lwar.Type(lwar.Table().Forms[i].Code)}
		b, _ := s.Type.MarshalText()
		var back lwar.Type
		if err := back.UnmarshalText(b); err != nil || back != s.Type {
			t.Errorf("%v: text round trip gave %v, %v", s.Type, back, err)
		}
		if s.Type.Reliable() != (s.Type < 100) || !s.Type.Known() {
			t.Errorf("%v: Reliable/Known wrong", s.Type)
		}
		if s.Type.HeaderSize() != map[bool]int{true: 5, false: 1}[s.Type.Reliable()] {
			t.Errorf("%v: HeaderSize %d", s.Type, s.Type.HeaderSize())
		}
	}
	var ty lwar.Type
	if err := ty.UnmarshalText([]byte("77")); err != nil || ty != 77 {
		t.Errorf("numeric text: %v %v", ty, err)
	}
	if err := ty.UnmarshalText([]byte("Bogus")); !errors.Is(err, wire.ErrUnknownCode) {
		t.Errorf("bad name: %v", err)
	}
}

// TestTable checks the table against the codec: the fixed size of each
// form is what an empty value encodes to, every form starts with its
// message header, and New and Form agree with it.
func TestTable(t *testing.T) {
	tab := lwar.Table()
	if len(tab.Forms) < 18 {
		t.Errorf("the table has %d forms, revision 14 of the spec 18", len(tab.Forms))
	}
	for i := range tab.Forms {
		f := &tab.Forms[i]
		ty := lwar.Type(f.Code)
		m := lwar.New(ty, f.From)
		if m == nil || m.Form() != f || lwar.TypeOf(m) != ty || ty.String() != f.Name {
			t.Fatalf("%s: New gives %T", f.Name, m)
		}
		if m.Size() != f.Size {
			t.Errorf("%v: table size %d, empty value encodes to %d", ty, f.Size, m.Size())
		}
		l := f.Layout()
		if l[0].Name != "type" || l[0].Role != spec.CodeRole || (ty.Reliable() && l[1].Name != "seqno") || (!ty.Reliable() && len(l) > 1 && l[1].Name == "seqno") {
			t.Errorf("%v: layout does not start with the message header", ty)
		}
		// Every field's offset is known: the Iterator moves error offsets
		// to the packet with codec.Shift, which leaves an unknown one (-1)
		// as it is.
		for _, fl := range l {
			if fl.Offset < 0 {
				t.Errorf("%v: field %s has no known offset", ty, fl.Name)
			}
		}
	}
}
