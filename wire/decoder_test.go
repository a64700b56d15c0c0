package wire_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/internal/toy"
	"github.com/gamewire/gamewire/wire/spec"
)

// decoderCase is a frame, a direction and a policy, with what a Decoder
// answers.
type decoderCase struct {
	name   string
	policy wire.Policy
	in     []byte
	from   wire.Direction
	msg    string // form name of the message returned, "" for none
	n      int
	kind   error
	text   string
}

// decoderCases are the answers of a Decoder of the toy table under each
// policy.
func decoderCases() []decoderCase {
	ping := toy.Frame(&toy.Ping{Value: 7})
	bad := toy.Frame(&toy.Ping{Value: 13})
	pong := toy.Frame(&toy.Pong{X: -1, Y: 2, ID: [2]uint8{3, 4}})
	say := toy.Frame(&toy.Say{Kind: 1, Text: []byte("hi"), After: 9})
	over := toy.Frame(&toy.Say{Text: bytes.Repeat([]byte("x"), 20)}) // 27 bytes, over MaxFrame 16
	unknown := []byte{0, 1, 0x12, 0x34, 0xee}
	return []decoderCase{
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
		{"text past the frame", wire.Checked, say[:7], wire.FromClient, "", 5, wire.ErrShort, "toy: MsgSay: field text at byte 5: short input"},
		{"no text length", wire.Checked, say[:5], wire.FromServer, "", 5, wire.ErrShort, "toy: MsgSay: field text at byte 5: short input"},
		{"one-byte frame", wire.Checked, []byte{0}, wire.FromClient, "", 0, wire.ErrShort, "toy: frame: field code at byte 2: short input"},
		{"empty", wire.Lax, nil, wire.FromServer, "", 0, wire.ErrShort, "toy: frame: field code at byte 2: short input"},
	}
}

func TestDecoder(t *testing.T) {
	for _, tt := range decoderCases() {
		t.Run(tt.name, func(t *testing.T) {
			d := wire.NewDecoder(toy.Table)
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

// TestDecode checks the one-shot Decode against a Decoder under the
// default policy: the same answers, in a new value each time that does
// not alias the frame.
func TestDecode(t *testing.T) {
	for _, tt := range decoderCases() {
		if tt.policy != wire.Checked {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			in := bytes.Clone(tt.in)
			m, n, err := wire.Decode(toy.Table, in, tt.from)
			dm, dn, derr := wire.NewDecoder(toy.Table).Decode(tt.in, tt.from)
			if (m == nil) != (dm == nil) || (m != nil && m.Form() != dm.Form()) || n != dn {
				t.Fatalf("Decode = %v, %d; a Decoder says %v, %d", m, n, dm, dn)
			}
			if (err == nil) != (derr == nil) {
				t.Fatalf("Decode error %v; a Decoder's %v", err, derr)
			}
			if derr != nil {
				var de *wire.Error
				if errors.As(derr, &de) {
					checkError(t, err, *de)
				} else if err != derr {
					t.Errorf("Decode error %v; a Decoder's %v", err, derr)
				}
			}
			if m == nil {
				return
			}
			again, _, _ := wire.Decode(toy.Table, in, tt.from)
			if again == m || m == dm {
				t.Error("Decode returns a value it returned before, or a Decoder's")
			}
			for i := range in {
				in[i] ^= 0xff // the value must not see this
			}
			if out, _ := m.AppendBinary(nil); !bytes.Equal(out, tt.in[:n]) {
				t.Errorf("re-encoded % x after the input changed, want % x", out, tt.in[:n])
			}
			if r, ok := m.(*wire.Raw); ok && r.From != tt.from {
				t.Errorf("a Raw from %v, want %v", r.From, tt.from)
			}
		})
	}
	// A field after a variable part: Decode says its offset, in an error
	// of its own, and the table's stays as it was.
	say := toy.Frame(&toy.Say{Text: []byte("hi")})
	_, _, err := wire.Decode(toy.Table, say[:8], wire.FromClient)
	shared := toy.Table.Forms[2].Err("after", wire.ErrShort)
	checkError(t, err, wire.Error{Protocol: "toy", Message: "MsgSay", Field: "after", Offset: 8, Err: wire.ErrShort})
	checkError(t, shared, wire.Error{Protocol: "toy", Message: "MsgSay", Field: "after", Offset: -1, Err: wire.ErrShort})
	// Without a frame limit, no frame is over size.
	p := toy.Protocol
	p.MaxFrame = 0
	unlimited := spec.NewTable(p, append([]spec.Form(nil), toy.Forms...), toy.New)
	over := toy.Frame(&toy.Say{Text: bytes.Repeat([]byte("x"), 20)})
	if m, n, err := wire.Decode(unlimited, over, wire.FromClient); m == nil || n != len(over) || err != nil {
		t.Errorf("no limit: %v, %d, %v", m, n, err)
	}
}

func TestPolicy(t *testing.T) {
	for p, s := range map[wire.Policy]string{wire.Checked: "checked", wire.Strict: "strict", wire.Lax: "lax"} {
		if p.String() != s {
			t.Errorf("Policy %d = %q", p, p.String())
		}
	}
	s := wire.NewStream(toy.Table, nil, wire.FromClient)
	for _, p := range []wire.Policy{wire.Strict, wire.Lax, wire.Checked} {
		if s.SetPolicy(p); s.Policy() != p {
			t.Errorf("SetPolicy(%v): Policy() = %v", p, s.Policy())
		}
	}
}

func TestDecoderReuse(t *testing.T) {
	d := wire.NewDecoder(toy.Table)
	if d.Table() != toy.Table {
		t.Fatal("Table")
	}
	ping := toy.Frame(&toy.Ping{Value: 7})
	m1, _, _ := d.Decode(ping, wire.FromClient)
	m2, _, _ := d.Decode(ping, wire.FromClient)
	if m1 != m2 || d.Value(m1.Form()) != m1 {
		t.Error("the Decoder does not reuse its value")
	}
	d.Reset(toy.Table)
	if m3, _, _ := d.Decode(ping, wire.FromClient); m3 != m1 {
		t.Error("Reset to the same table dropped the values")
	}
	other := spec.NewTable(toy.Protocol, append([]spec.Form(nil), toy.Forms...), toy.New)
	d.Reset(other)
	if d.Table() != other {
		t.Error("Reset to another table")
	}
	if n := testing.AllocsPerRun(100, func() { d.Decode(ping, wire.FromClient) }); n != 0 {
		t.Errorf("Decode allocates %v", n)
	}
	// Without a frame limit, no frame is over size.
	p := toy.Protocol
	p.MaxFrame = 0
	unlimited := wire.NewDecoder(spec.NewTable(p, append([]spec.Form(nil), toy.Forms...), toy.New))
	over := toy.Frame(&toy.Say{Text: bytes.Repeat([]byte("x"), 20)})
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
	valid := [][]byte{toy.Frame(&toy.Ping{Value: 1}), toy.Frame(&toy.Pong{}), toy.Frame(&toy.Say{Text: []byte("abc")})}
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
	d := wire.NewDecoder(toy.Table)
	s := wire.NewStream(toy.Table, nil, wire.FromClient)
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
	in = append(in, toy.Frame(&toy.Ping{Value: 1})...)
	in = append(in, toy.Frame(&toy.Ping{Value: 13})...)                  // breaks a rule
	in = append(in, 0, 1, 0x12, 0x34, 0xee)                              // unknown code
	in = append(in, toy.Frame(&toy.Say{Text: []byte("x"), Pad: 2})...)   // trailing bytes in its frame
	in = append(in, 0, 5, 0x73, 0x61, 1, 9, 0, 0, 0)                     // text runs past the frame: short
	in = append(in, toy.Frame(&toy.Say{Kind: 2, Text: []byte("ok")})...) // fine
	in = append(in, 0, 0, 0x70, 0x69)                                    // bad length for MsgPing
	in = append(in, 0, 30, 0x70)                                         // over HardMax: framing broken
	s := wire.NewStream(toy.Table, bytes.NewReader(in), wire.FromClient)
	if s.From() != wire.FromClient || s.Table() != toy.Table || s.Policy() != wire.Checked {
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
	s.Reset(bytes.NewReader(toy.Frame(&toy.Ping{Value: 5})))
	s.SetPolicy(wire.Strict)
	if m, err := s.Next(); err != nil || m.(*toy.Ping).Value != 5 {
		t.Errorf("after Reset: %v, %v", m, err)
	}
	if _, err := s.Next(); err != io.EOF {
		t.Errorf("end: %v", err)
	}
	s.Reset(bytes.NewReader(toy.Frame(&toy.Pong{})))
	if f, err := s.NextFrame(); err != nil || len(f) != 10 {
		t.Errorf("NextFrame: % x, %v", f, err)
	}
	// Decode answers for a frame from elsewhere as Next does, under the
	// Stream's policy.
	if m, err := s.Decode(toy.Frame(&toy.Say{Text: []byte("x")})); err != nil || m.Form().Name != "MsgSay" {
		t.Errorf("Decode: %v, %v", m, err)
	}
	if m, err := s.Decode(toy.Frame(&toy.Say{Text: []byte("x"), Pad: 2})); m != nil || err.Error() != "toy: MsgSay: at byte 8: trailing bytes" {
		t.Errorf("Decode of a frame with trailing bytes: %v, %v", m, err)
	}
	if m, err := s.Decode(toy.Frame(&toy.Ping{Value: 13})); m != nil || !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Decode of a rule broken, strict: %v, %v", m, err)
	}
	if n := testing.AllocsPerRun(100, func() { s.Reset(bytes.NewReader(nil)) }); n > 1 { // the bytes.Reader itself
		t.Errorf("Reset allocates %v", n)
	}
	r := bytes.NewReader(nil)
	ping := toy.Frame(&toy.Ping{Value: 3})
	if n := testing.AllocsPerRun(100, func() { r.Reset(ping); s.Reset(r); s.Next() }); n != 0 {
		t.Errorf("a new stream on a reused value allocates %v", n)
	}
}

// TestStreamLengths reads frames whose length field is one byte and four
// bytes wide, and a frame that ends with the buffer.
func TestStreamLengths(t *testing.T) {
	header := func(fs ...spec.Field) spec.Protocol {
		return spec.Protocol{Name: "lengths", Order: codec.LittleEndian, MaxFrame: 300, Header: fs}
	}
	code8 := spec.Field{Name: "code", Type: "u8", Role: spec.CodeRole}
	tests := []struct {
		name string
		p    spec.Protocol
		in   []byte
	}{
		{"u8", header(code8, spec.Field{Name: "len", Type: "u8", Role: spec.LengthRole}), []byte{1, 3, 0xaa, 2, 2}},
		{"u32", header(spec.Field{Name: "len", Type: "u32", Role: spec.LengthRole}, code8), []byte{6, 0, 0, 0, 1, 0xbb, 5, 0, 0, 0, 2}},
	}
	for _, tt := range tests {
		s := wire.NewStream(spec.NewTable(tt.p, nil, nil), bytes.NewReader(tt.in), wire.FromClient)
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
	tab := spec.NewTable(spec.Protocol{Name: "split", MaxFrame: 10, Header: []spec.Field{{Name: "type", Type: "u8", Role: spec.CodeRole}},
		Split: func(t *spec.Table, b []byte) (int, error) {
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
	c := &rw{r: bytes.NewReader(toy.Frame(&toy.Pong{X: 1}))}
	conn := wire.NewConn(toy.Table, c, wire.FromServer)
	if conn.ReadWriter() != io.ReadWriter(c) {
		t.Error("ReadWriter")
	}
	if m, err := conn.Next(); err != nil || m.(*toy.Pong).X != 1 {
		t.Errorf("Next: %v, %v", m, err)
	}
	if err := conn.WriteMessage(&toy.Ping{Value: 13}); !errors.Is(err, wire.ErrInvalid) || c.out.Len() != 0 {
		t.Errorf("a rule-breaking write: %v, %d bytes", err, c.out.Len())
	}
	conn.NoValidateWrites = true
	if err := conn.WriteMessage(&toy.Ping{Value: 13}); err != nil || !bytes.Equal(c.out.Bytes(), toy.Frame(&toy.Ping{Value: 13})) {
		t.Errorf("write: %v, % x", err, c.out.Bytes())
	}
	c2 := &rw{r: bytes.NewReader(toy.Frame(&toy.Pong{Y: 2}))}
	conn.Reset(c2)
	if m, err := conn.Next(); err != nil || m.(*toy.Pong).Y != 2 || conn.ReadWriter() != io.ReadWriter(c2) {
		t.Errorf("after Reset: %v, %v", m, err)
	}
	if err := conn.WriteMessage(&toy.Ping{}); err != nil || c2.out.Len() != 8 {
		t.Errorf("write after Reset: %v, %d", err, c2.out.Len())
	}
	if err := conn.Close(); err != nil {
		t.Errorf("Close of a connection that cannot close: %v", err)
	}
	cl := &closer{rw: rw{r: bytes.NewReader(nil)}}
	if err := wire.NewConn(toy.Table, cl, wire.FromServer).Close(); err != errClosed || !cl.closed {
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
	r := wire.NewRaw(toy.Table, 0, wire.FromServer, nil)
	n, err := r.Decode(in)
	if n != 5 || err != nil || r.Code != 0x1234 || r.Size() != 5 || r.Form() != toy.Table.RawForm() {
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

// TestStreamAnswersAsDecoder: under every policy, a Stream's Next (whose
// hot path is its own, written out) answers each frame as its Decoder
// does (Stream.Decode), the first frame of a form and the next alike: a
// message, a rule broken, a frame over MaxFrame (within HardMax),
// trailing bytes, a short field and an unknown code.
func TestStreamAnswersAsDecoder(t *testing.T) {
	frames := [][]byte{
		toy.Frame(&toy.Ping{Value: 1}),
		toy.Frame(&toy.Ping{Value: 13}),
		toy.Frame(&toy.Say{Kind: 2, Text: []byte("ok")}),
		toy.Frame(&toy.Say{Text: []byte("over sixteen bytes")}),
		toy.Frame(&toy.Say{Text: []byte("x"), Pad: 2}),
		{0, 5, 0x73, 0x61, 1, 9, 0, 0, 0},
		{0, 1, 0x12, 0x34, 0xee},
	}
	var in []byte
	for range 2 {
		for _, f := range frames {
			in = append(in, f...)
		}
	}
	for _, p := range []wire.Policy{wire.Checked, wire.Strict, wire.Lax} {
		s := wire.NewStream(toy.Table, bytes.NewReader(in), wire.FromClient)
		s.SetPolicy(p)
		ref := wire.NewStream(toy.Table, nil, wire.FromClient)
		ref.SetPolicy(p)
		for i := range 2 * len(frames) {
			m, err := s.Next()
			wm, werr := ref.Decode(frames[i%len(frames)])
			if (m == nil) != (wm == nil) || (m != nil && m.Form() != wm.Form()) || answerText(err) != answerText(werr) {
				t.Errorf("%v: frame %d: %v, %v; Decode gives %v, %v", p, i, m, err, wm, werr)
			}
		}
		if _, err := s.Next(); err != io.EOF {
			t.Errorf("%v: end: %v", p, err)
		}
	}
}

// answerText returns err's text, or "" for nil.
func answerText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
