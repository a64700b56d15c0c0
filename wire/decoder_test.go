package wire_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
)

func frame(m wire.Message) []byte {
	b, err := m.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return b
}

func TestDecoder(t *testing.T) {
	ping := frame(&toyPing{Value: 7})
	bad := frame(&toyPing{Value: 13})
	pong := frame(&toyPong{X: -1, Y: 2, ID: [2]uint8{3, 4}})
	say := frame(&toySay{Kind: 1, Text: []byte("hi"), After: 9})
	over := frame(&toySay{Text: bytes.Repeat([]byte("x"), 20)}) // 27 bytes, over MaxFrame 16
	unknown := []byte{0, 1, 0x12, 0x34, 0xee}
	tests := []struct {
		name   string
		policy wire.Policy
		in     []byte
		from   wire.Direction
		msg    string // form name of the message returned, "" for none
		n      int
		kind   error
		text   string
	}{
		{"ping", wire.Checked, ping, wire.FromClient, "MsgPing", 8, nil, ""},
		{"pong", wire.Checked, pong, wire.FromServer, "MsgPong", 10, nil, ""},
		{"say both ways", wire.Checked, say, wire.FromServer, "MsgSay", 9, nil, ""},
		{"say from either peer", wire.Checked, say, wire.Both, "MsgSay", 9, nil, ""},
		{"ping or pong: either peer cannot tell", wire.Checked, ping, wire.Both, "unknown", 8, nil, ""},
		{"unknown code from either peer", wire.Checked, unknown, wire.Both, "unknown", 5, nil, ""},
		{"no direction", wire.Checked, say, 0, "MsgSay", 9, nil, ""},
		{"rule broken, checked", wire.Checked, bad, wire.FromClient, "MsgPing", 8, wire.ErrInvalid, "toy: MsgPing: field value at byte 4: invalid value"},
		{"rule broken, strict", wire.Strict, bad, wire.FromClient, "", 8, wire.ErrInvalid, ""},
		{"rule broken, lax", wire.Lax, bad, wire.FromClient, "MsgPing", 8, nil, ""},
		{"over size, checked", wire.Checked, over, wire.FromClient, "MsgSay", 27, wire.ErrTooLong, "toy: MsgSay: at byte 0: too long"},
		{"over size, strict", wire.Strict, over, wire.FromClient, "", 27, wire.ErrTooLong, ""},
		{"over size, lax", wire.Lax, over, wire.FromClient, "MsgSay", 27, nil, ""},
		{"unknown code", wire.Checked, unknown, wire.FromClient, "unknown", 5, nil, ""},
		{"unknown code, strict", wire.Strict, unknown, wire.FromClient, "", 0, wire.ErrUnknownCode, "toy: frame: field code at byte 2: unknown code"},
		{"unknown, short frame", wire.Checked, unknown[:4], wire.FromClient, "", 4, wire.ErrShort, ""},
		{"unknown, bad length", wire.Checked, []byte{0xff, 0, 1, 1}, wire.FromClient, "", 0, wire.ErrTooLong, ""},
		{"no code", wire.Checked, ping[:3], wire.FromClient, "", 0, wire.ErrShort, "toy: frame: field code at byte 2: short input"},
		{"short fixed", wire.Checked, ping[:6], wire.FromClient, "", 4, wire.ErrShort, "toy: MsgPing: field value at byte 4: short input"},
		{"short fixed, lax", wire.Lax, ping[:6], wire.FromClient, "", 4, wire.ErrShort, "toy: MsgPing: field value at byte 4: short input"},
		{"short after variable", wire.Checked, say[:8], wire.FromClient, "", 8, wire.ErrShort, "toy: MsgSay: field after at byte 8: short input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := wire.NewDecoder(toyTable)
			d.Policy = tt.policy
			// The first frame of a form creates its value; the second
			// takes the hot path. Both say the same.
			for pass := range 2 {
				m, n, err := d.Decode(tt.in, tt.from)
				if (m == nil) != (tt.msg == "") || (m != nil && m.Form().Name != tt.msg) {
					t.Errorf("pass %d: message %v, want %q", pass, m, tt.msg)
				}
				if n != tt.n || !errors.Is(err, tt.kind) || (tt.kind == nil) != (err == nil) {
					t.Errorf("pass %d: n %d, err %v; want %d, %v", pass, n, err, tt.n, tt.kind)
				}
				if tt.text != "" && (err == nil || err.Error() != tt.text) {
					t.Errorf("pass %d: error %q, want %q", pass, err, tt.text)
				}
				if m != nil {
					out, _ := m.AppendBinary(nil)
					if !bytes.Equal(out, tt.in[:n]) {
						t.Errorf("pass %d: re-encoded % x, want % x", pass, out, tt.in[:n])
					}
				}
			}
		})
	}
}

func TestDecoderReuse(t *testing.T) {
	d := wire.NewDecoder(toyTable)
	if d.Table() != toyTable {
		t.Fatal("Table")
	}
	ping := frame(&toyPing{Value: 7})
	m1, _, _ := d.Decode(ping, wire.FromClient)
	m2, _, _ := d.Decode(ping, wire.FromClient)
	if m1 != m2 || d.Value(m1.Form()) != m1 {
		t.Error("the Decoder does not reuse its value")
	}
	d.Reset(toyTable)
	if m3, _, _ := d.Decode(ping, wire.FromClient); m3 != m1 {
		t.Error("Reset to the same table dropped the values")
	}
	other := wire.NewTable(toyProtocol, append([]wire.Form(nil), toyForms...), func(i int) wire.Message { return toyTable.New(&toyTable.Forms[i]) })
	d.Reset(other)
	if d.Table() != other {
		t.Error("Reset to another table")
	}
	if n := testing.AllocsPerRun(100, func() { d.Decode(ping, wire.FromClient) }); n != 0 {
		t.Errorf("Decode allocates %v", n)
	}
	// Without a frame limit, no frame is over size.
	p := toyProtocol
	p.MaxFrame = 0
	unlimited := wire.NewDecoder(wire.NewTable(p, append([]wire.Form(nil), toyForms...), func(i int) wire.Message { return toyTable.New(&toyTable.Forms[i]) }))
	over := frame(&toySay{Text: bytes.Repeat([]byte("x"), 20)})
	for pass := range 2 {
		if m, n, err := unlimited.Decode(over, wire.FromClient); m == nil || n != len(over) || err != nil {
			t.Errorf("pass %d: no limit: %v, %d, %v", pass, m, n, err)
		}
	}
}

// TestDecoderErrorsAllocateNothing counts allocations exactly (not
// AllocsPerRun, which rounds down) over many random and mutated frames.
func TestDecoderErrorsAllocateNothing(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	valid := [][]byte{frame(&toyPing{Value: 1}), frame(&toyPong{}), frame(&toySay{Text: []byte("abc")})}
	inputs := make([][]byte, 20000)
	for i := range inputs {
		b := append([]byte(nil), valid[rng.Intn(len(valid))]...)
		switch rng.Intn(3) {
		case 0:
			b = b[:rng.Intn(len(b)+1)]
		case 1:
			b[rng.Intn(len(b))] ^= byte(1 + rng.Intn(255))
		default:
			b = make([]byte, rng.Intn(20))
			rng.Read(b)
		}
		inputs[i] = b
	}
	d := wire.NewDecoder(toyTable)
	s := wire.NewStream(toyTable, nil, wire.FromClient)
	r := bytes.NewReader(nil)
	run := func() {
		for i, b := range inputs {
			from := wire.Direction(1 + i%2)
			d.Decode(b, from)
			r.Reset(b)
			s.Reset(r)
			for {
				if _, err := s.Next(); err != nil && s.Buffered() == nil {
					break
				} else if err == io.EOF || (err != nil && !isMessageError(err)) {
					break
				}
			}
		}
	}
	// An exact count over one whole pass (see codectest.ExactAllocs).
	n := codectest.ExactAllocs(run)
	if n != 0 {
		t.Errorf("%v allocations over %d inputs", n, len(inputs))
	}
}

// isMessageError reports an error after which a Stream is still in step.
func isMessageError(err error) bool {
	e, ok := err.(*wire.Error) // errors.As would allocate
	return ok && e.Message != "frame"
}

func TestStream(t *testing.T) {
	var in []byte
	in = append(in, frame(&toyPing{Value: 1})...)
	in = append(in, frame(&toyPing{Value: 13})...)                  // breaks a rule
	in = append(in, 0, 1, 0x12, 0x34, 0xee)                         // unknown code
	in = append(in, frame(&toySay{Text: []byte("x"), Pad: 2})...)   // trailing bytes in its frame
	in = append(in, 0, 5, 0x73, 0x61, 1, 9, 0, 0, 0)                // text runs past the frame: short
	in = append(in, frame(&toySay{Kind: 2, Text: []byte("ok")})...) // fine
	in = append(in, 0, 0, 0x70, 0x69)                               // bad length for MsgPing
	in = append(in, 0, 30, 0x70)                                    // over HardMax: framing broken
	s := wire.NewStream(toyTable, bytes.NewReader(in), wire.FromClient)
	if s.From() != wire.FromClient || s.Table() != toyTable || s.Policy() != wire.Checked {
		t.Fatal("accessors")
	}
	want := []struct {
		msg  string
		kind error
		text string
	}{
		{"MsgPing", nil, ""},
		{"MsgPing", wire.ErrInvalid, ""},
		{"unknown", nil, ""},
		{"", wire.ErrTrailing, "toy: MsgSay: at byte 8: trailing bytes"},
		{"", wire.ErrShort, "toy: MsgSay: field text at byte 5: short input"},
		{"MsgSay", nil, ""},
		{"", wire.ErrShort, "toy: MsgPing: field value at byte 4: short input"},
		{"", wire.ErrTooLong, "toy: frame length 34 exceeds 32"},
	}
	for i, w := range want {
		m, err := s.Next()
		if (m == nil) != (w.msg == "") || (m != nil && m.Form().Name != w.msg) || !errors.Is(err, w.kind) || (w.kind == nil) != (err == nil) {
			t.Errorf("message %d: %v, %v; want %q, %v", i, m, err, w.msg, w.kind)
		}
		if w.text != "" && (err == nil || err.Error() != w.text) {
			t.Errorf("message %d: error %q, want %q", i, err, w.text)
		}
	}
	if got := s.Buffered(); !bytes.Equal(got, []byte{0, 30, 0x70}) {
		t.Errorf("Buffered = % x", got)
	}
	s.Reset(bytes.NewReader(frame(&toyPing{Value: 5})))
	s.SetPolicy(wire.Strict)
	if m, err := s.Next(); err != nil || m.(*toyPing).Value != 5 {
		t.Errorf("after Reset: %v, %v", m, err)
	}
	if _, err := s.Next(); err != io.EOF {
		t.Errorf("end: %v", err)
	}
	s.Reset(bytes.NewReader(frame(&toyPong{})))
	if f, err := s.NextFrame(); err != nil || len(f) != 10 {
		t.Errorf("NextFrame: % x, %v", f, err)
	}
	if n := testing.AllocsPerRun(100, func() { s.Reset(bytes.NewReader(nil)) }); n > 1 { // the bytes.Reader itself
		t.Errorf("Reset allocates %v", n)
	}
	r := bytes.NewReader(nil)
	ping := frame(&toyPing{Value: 3})
	if n := testing.AllocsPerRun(100, func() { r.Reset(ping); s.Reset(r); s.Next() }); n != 0 {
		t.Errorf("a new stream on a reused value allocates %v", n)
	}
}

// TestStreamLengths reads frames whose length field is one byte and four
// bytes wide, and a frame that ends with the buffer.
func TestStreamLengths(t *testing.T) {
	header := func(fs ...wire.Field) wire.Protocol {
		return wire.Protocol{Name: "lengths", Order: wire.LittleEndian, MaxFrame: 300, Header: fs}
	}
	code8 := wire.Field{Name: "code", Type: "u8", Role: wire.CodeRole}
	tests := []struct {
		name string
		p    wire.Protocol
		in   []byte
	}{
		{"u8", header(code8, wire.Field{Name: "len", Type: "u8", Role: wire.LengthRole}), []byte{1, 3, 0xaa, 2, 2}},
		{"u32", header(wire.Field{Name: "len", Type: "u32", Role: wire.LengthRole}, code8), []byte{6, 0, 0, 0, 1, 0xbb, 5, 0, 0, 0, 2}},
	}
	for _, tt := range tests {
		s := wire.NewStream(wire.NewTable(tt.p, nil, nil), bytes.NewReader(tt.in), wire.FromClient)
		var got []byte
		for {
			m, err := s.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got = append(got, m.(*wire.Raw).Frame...)
		}
		if !bytes.Equal(got, tt.in) {
			t.Errorf("%s: frames % x, want % x", tt.name, got, tt.in)
		}
	}
}

// TestStreamSplit reads frames that the table's Split measures, up to
// one it refuses.
func TestStreamSplit(t *testing.T) {
	errBad := errors.New("bad frame")
	tab := wire.NewTable(wire.Protocol{Name: "split", MaxFrame: 10, Header: []wire.Field{{Name: "type", Type: "u8", Role: wire.CodeRole}},
		Split: func(t *wire.Table, b []byte) (int, error) {
			switch {
			case len(b) > 0 && b[0] == 0xff:
				return 0, errBad
			case len(b) < 2:
				return 0, nil
			}
			return 2, nil
		}}, nil, nil)
	s := wire.NewStream(tab, bytes.NewReader([]byte{1, 2, 3, 4, 0xff}), wire.FromClient)
	for i := range 2 {
		if m, err := s.Next(); err != nil || m.(*wire.Raw).Frame[1] != byte(2*i+2) {
			t.Errorf("frame %d: %v, %v", i, m, err)
		}
	}
	if _, err := s.Next(); err != errBad {
		t.Errorf("after the frames: %v, want %v", err, errBad)
	}
}

type rw struct {
	r   io.Reader
	out bytes.Buffer
}

func (c *rw) Read(p []byte) (int, error)  { return c.r.Read(p) }
func (c *rw) Write(p []byte) (int, error) { return c.out.Write(p) }

func TestConn(t *testing.T) {
	c := &rw{r: bytes.NewReader(frame(&toyPong{X: 1}))}
	conn := wire.NewConn(toyTable, c, wire.FromServer)
	if conn.ReadWriter() != io.ReadWriter(c) {
		t.Error("ReadWriter")
	}
	if m, err := conn.ReadMessage(); err != nil || m.(*toyPong).X != 1 {
		t.Errorf("ReadMessage: %v, %v", m, err)
	}
	if err := conn.WriteMessage(&toyPing{Value: 13}); !errors.Is(err, wire.ErrInvalid) || c.out.Len() != 0 {
		t.Errorf("a rule-breaking write: %v, %d bytes", err, c.out.Len())
	}
	conn.NoValidateWrites = true
	if err := conn.WriteMessage(&toyPing{Value: 13}); err != nil || !bytes.Equal(c.out.Bytes(), frame(&toyPing{Value: 13})) {
		t.Errorf("write: %v, % x", err, c.out.Bytes())
	}
	c2 := &rw{r: bytes.NewReader(frame(&toyPong{Y: 2}))}
	conn.Reset(c2)
	if m, err := conn.ReadMessage(); err != nil || m.(*toyPong).Y != 2 || conn.ReadWriter() != io.ReadWriter(c2) {
		t.Errorf("after Reset: %v, %v", m, err)
	}
	if err := conn.WriteMessage(&toyPing{}); err != nil || c2.out.Len() != 8 {
		t.Errorf("write after Reset: %v, %d", err, c2.out.Len())
	}
	if err := conn.Close(); err != nil {
		t.Errorf("Close of a connection that cannot close: %v", err)
	}
	cl := &closer{rw: rw{r: bytes.NewReader(nil)}}
	if err := wire.NewConn(toyTable, cl, wire.FromServer).Close(); err != errClosed || !cl.closed {
		t.Errorf("Close = %v, closed %v", err, cl.closed)
	}
}

var errClosed = errors.New("closed")

type closer struct {
	rw
	closed bool
}

func (c *closer) Close() error { c.closed = true; return errClosed }

func TestRaw(t *testing.T) {
	in := []byte{0, 1, 0x12, 0x34, 0xee, 0xff}
	r := wire.NewRaw(toyTable, 0, wire.FromServer, nil)
	n, err := r.Decode(in)
	if n != 5 || err != nil || r.Code != 0x1234 || r.Size() != 5 || r.Form() != toyTable.RawForm() {
		t.Fatalf("Decode: %d, %v, %+v", n, err, r)
	}
	if out, _ := r.MarshalBinary(); !bytes.Equal(out, in[:5]) {
		t.Errorf("MarshalBinary = % x", out)
	}
	if err := r.Validate(); !errors.Is(err, wire.ErrUnknownCode) || err.Error() != "toy: frame: field code at byte 2: unknown code" {
		t.Errorf("Validate = %v", err)
	}
	if err := r.UnmarshalBinary(in); !errors.Is(err, wire.ErrTrailing) {
		t.Errorf("UnmarshalBinary with a byte more: %v", err)
	}
	whole := append([]byte(nil), in[:5]...)
	if err := r.UnmarshalBinary(whole); err != nil || &r.Frame[0] == &whole[0] {
		t.Errorf("UnmarshalBinary: %v (must copy)", err)
	}
	if err := r.UnmarshalBinary(in[:1]); !errors.Is(err, wire.ErrShort) {
		t.Errorf("no code: %v", err)
	}
	if _, err := r.Decode([]byte{0xff, 0xff, 0, 0}); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("length over HardMax: %v", err)
	}
	free := &wire.Raw{}
	if n, err := free.Decode(in); n != len(in) || err != nil || free.Form().Name != "unknown" || free.Form().Protocol != "" {
		t.Errorf("Raw without a table takes everything: %d, %v", n, err)
	}
	if err := free.Validate(); !errors.Is(err, wire.ErrUnknownCode) {
		t.Errorf("Validate without a table: %v", err)
	}
}

func TestSplitReader(t *testing.T) {
	// Frames of '*' then a length byte: the length is known after 2 bytes.
	split := func(b []byte) (int, error) {
		switch {
		case len(b) == 0:
			return 0, nil
		case b[0] != '*':
			return 0, wire.ErrInvalid
		case len(b) < 2:
			return 0, nil
		}
		return 2 + int(b[1]), nil
	}
	f := wire.NewSplitReader(bytes.NewReader([]byte("*\x01a*\x00!")), 0, split) // max 0 becomes 1
	if _, err := f.Next(); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("a frame over the maximum: %v", err)
	}
	f = wire.NewSplitReader(bytes.NewReader([]byte("*\x01a*\x00!")), 8, split)
	for _, want := range []string{"*\x01a", "*\x00"} {
		if got, err := f.Next(); string(got) != want || err != nil {
			t.Errorf("Next = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := f.Next(); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a bad marker: %v", err)
	}
	f.Reset(bytes.NewReader([]byte("*\x02ab")))
	if got, err := f.Next(); string(got) != "*\x02ab" || err != nil {
		t.Errorf("after Reset: %q, %v", got, err)
	}
	// A split that never decides runs into the maximum.
	f = wire.NewSplitReader(bytes.NewReader(make([]byte, 10)), 4, func([]byte) (int, error) { return 0, nil })
	_, err := f.Next()
	checkError(t, err, wire.Error{Message: "frame", Field: "length", Err: wire.ErrTooLong}) // no length to say
	if want := "frame: field length at byte 0: too long"; err.Error() != want {
		t.Errorf("undecided split: %q, want %q", err, want)
	}
	// A length over the maximum is too long, whatever error split returns
	// with it; the place of a *Error split returns is kept.
	for _, splitErr := range []error{nil, errBad, wire.ErrInvalid, &wire.Error{Protocol: "p", Message: "frame", Field: "len", Offset: 2, Err: wire.ErrTooLong}} {
		f = wire.NewSplitReader(bytes.NewReader(make([]byte, 10)), 4, func([]byte) (int, error) { return 300, splitErr })
		f.Protocol = "q"
		want := wire.Error{Protocol: "q", Message: "frame", Field: "length", Err: wire.ErrTooLong, Length: 300, Limit: 4}
		if e, ok := splitErr.(*wire.Error); ok {
			want.Protocol, want.Field, want.Offset = e.Protocol, e.Field, e.Offset
		}
		_, err := f.Next()
		checkError(t, err, want)
		if n := want.Protocol + ": frame length 300 exceeds 4"; err.Error() != n {
			t.Errorf("split error %v: %q, want %q", splitErr, err, n)
		}
	}
}
