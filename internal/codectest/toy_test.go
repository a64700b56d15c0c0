package codectest

import (
	"errors"
	"math"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// bug selects a deliberate defect of toy, to prove each check can fail.
type bug int

const (
	noBug             bug = iota
	badSize               // Size is one too large
	lossyEncode           // drops the top bit of A
	staleSlice            // Decode does not reset Name when the input has none
	acceptTrailing        // UnmarshalBinary ignores trailing bytes
	wrongShortErr         // a truncated input fails with ErrInvalid
	panicsOnShort         // a truncated input panics
	aliasing              // UnmarshalBinary keeps a slice of its input
	allocates             // Decode allocates a fresh Name every time
	clobbersPrefix        // AppendBinary overwrites b[:len(b)]
	ignoresBit            // decoding ignores a bit that encoding sets: not lossless on bytes
	marshalDiffers        // MarshalBinary appends a byte that AppendBinary does not
	dropsFlag             // Decode never sets Flag (and the test's cmp options ignore Flag)
	bareShortErr          // a truncated input fails with the bare wire.ErrShort
	bareInvalidErr        // a bad flag byte fails with the bare wire.ErrInvalid
	panicsOnBadFlag       // a bad flag byte panics
	appendAllocates       // AppendBinary allocates every time
	errorAllocates        // a failing Decode builds a new error every time
	shortCount            // Decode reports one byte fewer than it consumed
	unmarshalRejects      // UnmarshalBinary rejects a message with no trailing bytes
	failsOnReuse          // Decode fails on a value that holds a Name already
	decodesPrefix         // a truncated input decodes to a zero value (with PrefixesMayDecode)
	allocatesWhenLong     // Decode allocates for a Name of 95 bytes or more, longer than any of the first samples
	mutatesInput          // Decode clears the header byte of its input
	appendFails           // AppendBinary fails for a Name longer than 50 bytes
	prefixOvercount       // a truncated input decodes, claiming one byte more than it had (with PrefixesMayDecode)
	mutatedOvercount      // a bad flag byte decodes, claiming one byte more than the input had
	quietsNaN             // the float codec makes signalling NaNs quiet
	swapsAB               // the codec keeps B before A, both ways: lossless, but not the layout's order
	ignoresHeader         // Decode does not check the header byte
)

// sink makes appendAllocates allocate.
var sink *[64]byte

var current bug

// toy is a small message: a u16 A, a u32 B, an u8 flag byte and a
// u8-length-prefixed Name, big-endian, with a 1-byte header 0x7e.
type toy struct {
	A    uint16 `json:"a"`
	B    uint32 `json:"b"`
	Flag bool   `json:"flag"`
	Name []byte `json:"name"`
}

// layoutForm is what the toy messages' Form returns: nil (no form, so no
// layout checks) but in the layout tests, which set it to the form under
// test.
var layoutForm *spec.Form

func (*toy) Form() *spec.Form    { return layoutForm }
func (*floaty) Form() *spec.Form { return layoutForm }

// Validate makes toy a wire.Message, for the fuzz checks' Decoder: a toy
// breaks no rule.
func (*toy) Validate() error { return nil }

func (m *toy) Size() int {
	n := 1 + 2 + 4 + 1 + 1 + len(m.Name)
	if current == badSize {
		n++
	}
	return n
}

func (m *toy) AppendBinary(b []byte) ([]byte, error) {
	if current == clobbersPrefix && len(b) > 0 {
		b[0] = 0
	}
	if current == appendAllocates {
		sink = new([64]byte)
	}
	if current == appendFails && len(m.Name) > 50 {
		return b, wire.ErrTooLong
	}
	a := m.A
	if current == lossyEncode {
		a &^= 0x8000
	}
	b = append(b, 0x7e)
	if current == swapsAB {
		b = codec.BigEndian.AppendU32(b, m.B)
		b = codec.BigEndian.AppendU16(b, a)
	} else {
		b = codec.BigEndian.AppendU16(b, a)
		b = codec.BigEndian.AppendU32(b, m.B)
	}
	flag := byte(0)
	if m.Flag {
		flag = 1
	}
	b = append(b, flag)
	if len(m.Name) > 255 {
		return b, wire.ErrTooLong
	}
	b = append(b, byte(len(m.Name)))
	return append(b, m.Name...), nil
}

func (m *toy) Decode(b []byte) (int, error) {
	if current == panicsOnShort && len(b) < 8 {
		_ = b[7]
	}
	if current == failsOnReuse && len(m.Name) > 0 {
		return 0, toyErrForm(0).Err("name", wire.ErrInvalid)
	}
	if current == decodesPrefix && len(b) < 9 {
		*m = toy{}
		return len(b), nil
	}
	if current == prefixOvercount && len(b) < 9 {
		*m = toy{}
		return len(b) + 1, nil
	}
	if current == mutatedOvercount && len(b) > 7 && b[7] > 1 {
		return len(b) + 1, nil
	}
	if current == panicsOnBadFlag && len(b) > 7 && b[7] > 1 {
		var table [2]int
		_ = table[b[7]]
	}
	r := cursor{b: b, f: toyErrForm(0)}
	if r.u8("header") != 0x7e && r.err == nil && current != ignoresHeader {
		r.failAt("header", wire.ErrUnknownCode)
	}
	if current == mutatesInput && r.err == nil {
		b[0] = 0
	}
	if current == swapsAB {
		m.B = r.u32("b")
		m.A = r.u16("a")
	} else {
		m.A = r.u16("a")
		m.B = r.u32("b")
	}
	flag := r.u8("flag")
	switch {
	case current == ignoresBit:
		m.Flag = flag&1 == 1
	case current == bareInvalidErr && flag > 1:
		return 7, wire.ErrInvalid
	case current == dropsFlag:
		m.Flag = false
	default:
		m.Flag = flag != 0
		if flag > 1 && r.err == nil {
			r.failAt("flag", wire.ErrInvalid)
		}
	}
	name := r.bytes8("name")
	if err := r.err; err != nil {
		switch {
		case current == wrongShortErr:
			return r.off, toyErrForm(0).Err("", wire.ErrInvalid)
		case current == bareShortErr && errors.Is(err, wire.ErrShort):
			return r.off, wire.ErrShort
		case current == errorAllocates:
			return r.off, &wire.Error{Protocol: "toy", Message: "Toy", Offset: r.off, Err: wire.ErrShort}
		}
		return r.off, err
	}
	switch {
	case current == staleSlice && len(name) == 0:
	case current == allocates, current == allocatesWhenLong && len(name) >= 95:
		m.Name = append([]byte(nil), name...)
	case current == aliasing:
		m.Name = name
	default:
		m.Name = append(m.Name[:0], name...)
	}
	if current == shortCount {
		return r.off - 1, nil
	}
	return r.off, nil
}

func (m *toy) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if (n != len(b) && current != acceptTrailing) || current == unmarshalRejects {
		return toyErrForm(0).Err("", wire.ErrTrailing)
	}
	return nil
}

func (m *toy) MarshalBinary() ([]byte, error) {
	b, err := m.AppendBinary(make([]byte, 0, m.Size()))
	if current == marshalDiffers {
		b = append(b, 0)
	}
	return b, err
}

// empty is a message with no fields: a header byte 0x65 and nothing else.
// Every generated value is the same, and that is right.
type empty struct{}

func (*empty) Size() int                             { return 1 }
func (*empty) AppendBinary(b []byte) ([]byte, error) { return append(b, 0x65), nil }
func (m *empty) MarshalBinary() ([]byte, error)      { return m.AppendBinary(nil) }
func (*empty) Decode(b []byte) (int, error) {
	r := cursor{b: b, f: &toyForms[1]}
	if r.u8("header") != 0x65 && r.err == nil {
		r.failAt("header", wire.ErrUnknownCode)
	}
	return r.off, r.err
}
func (m *empty) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = toyForms[1].Err("", wire.ErrTrailing)
	}
	return err
}

// rest is a message whose last field runs to the end of the input: a
// header byte 0x72, then Data. Every prefix but the empty one decodes, and
// trailing bytes are part of Data.
type rest struct{ Data []byte }

func (m *rest) Size() int                             { return 1 + len(m.Data) }
func (m *rest) AppendBinary(b []byte) ([]byte, error) { return append(append(b, 0x72), m.Data...), nil }
func (m *rest) MarshalBinary() ([]byte, error)        { return m.AppendBinary(nil) }
func (m *rest) Decode(b []byte) (int, error) {
	r := cursor{b: b, f: &toyForms[2]}
	if r.u8("header") != 0x72 && r.err == nil {
		r.failAt("header", wire.ErrUnknownCode)
	}
	m.Data = append(m.Data[:0], r.take("data", len(b)-r.off)...)
	return r.off, r.err
}
func (m *rest) UnmarshalBinary(b []byte) error { _, err := m.Decode(b); return err }

// floaty is a message of two floats, big-endian, after a header byte 0x66:
// the harness must compare them by their bits (NaN payloads, -0).
type floaty struct {
	F float32 `json:"f"`
	D float64 `json:"d"`
}

func (*floaty) Size() int { return 13 }
func (m *floaty) AppendBinary(b []byte) ([]byte, error) {
	f := m.F
	if current == quietsNaN && f != f {
		f = float32(math.NaN())
	}
	b = codec.BigEndian.AppendF32(append(b, 0x66), f)
	return codec.BigEndian.AppendF64(b, m.D), nil
}
func (m *floaty) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }
func (m *floaty) Decode(b []byte) (int, error) {
	r := cursor{b: b, f: toyErrForm(3)}
	if r.u8("header") != 0x66 && r.err == nil {
		r.failAt("header", wire.ErrUnknownCode)
	}
	m.F = math.Float32frombits(r.u32("f"))
	m.D = math.Float64frombits(r.u64("d"))
	return r.off, r.err
}
func (m *floaty) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = toyErrForm(3).Err("", wire.ErrTrailing)
	}
	return err
}

// toyForms give the toy codecs their errors, built once (as a table's
// are), so that a failing decode allocates nothing. They belong to no
// table: their errors name the message as a whole.
var toyForms = []spec.Form{
	{Name: "Toy", Protocol: "toy"},
	{Name: "Empty", Protocol: "toy"},
	{Name: "Rest", Protocol: "toy"},
	{Name: "Floaty", Protocol: "toy"},
}

// toyErrForm returns the form of the layout under test when there is one
// (its errors name the fields), else toy form i.
func toyErrForm(i int) *spec.Form {
	if layoutForm != nil {
		return layoutForm
	}
	return &toyForms[i]
}

// cursor reads the toy's fields in order, big-endian; the first failure is
// kept, as the form's prebuilt error of the field, and every read after it
// returns zero.
type cursor struct {
	b   []byte
	off int
	f   *spec.Form
	err error
}

func (c *cursor) take(field string, n int) []byte {
	if c.err != nil {
		return nil
	}
	if len(c.b)-c.off < n {
		c.err = c.f.Err(field, wire.ErrShort)
		return nil
	}
	p := c.b[c.off : c.off+n]
	c.off += n
	return p
}

func (c *cursor) failAt(field string, kind error) {
	if c.err == nil {
		c.err = c.f.Err(field, kind)
	}
}

func (c *cursor) u8(field string) uint8 {
	if p := c.take(field, 1); p != nil {
		return p[0]
	}
	return 0
}

func (c *cursor) u16(field string) uint16 {
	if p := c.take(field, 2); p != nil {
		return codec.BigEndian.U16(p)
	}
	return 0
}

func (c *cursor) u32(field string) uint32 {
	if p := c.take(field, 4); p != nil {
		return codec.BigEndian.U32(p)
	}
	return 0
}

func (c *cursor) u64(field string) uint64 {
	if p := c.take(field, 8); p != nil {
		return codec.BigEndian.U64(p)
	}
	return 0
}

func (c *cursor) bytes8(field string) []byte {
	if c.err != nil || c.off >= len(c.b) {
		c.take(field, 1)
		return nil
	}
	n := int(c.b[c.off])
	if len(c.b)-c.off-1 < n {
		c.failAt(field, wire.ErrShort)
		return nil
	}
	c.off++
	return c.take(field, n)
}
