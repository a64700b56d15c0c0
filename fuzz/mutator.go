package fuzz

import (
	"bytes"
	"math"
	"math/rand"
	"strconv"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
)

// Kind says how the fuzzer made a unit it sent.
type Kind string

// The kinds of units, from generated messages to structure-aware
// mutations of them (each made from the message's form in its table).
const (
	// KindSession is a message the session's state machine sent to reach
	// a state or to answer the server.
	KindSession Kind = "session"
	// KindValid is a generated message that passes Validate.
	KindValid Kind = "valid"
	// KindAny is a generated message with any values that encode.
	KindAny Kind = "any"
	// KindInvalid is a message that breaks one rule of the spec, sent
	// with validation off.
	KindInvalid Kind = "invalid"
	// KindBoundary is a valid message with one fixed field set to an edge
	// value of its type (0, 1, -1, the largest and smallest, NaN, Inf).
	KindBoundary Kind = "boundary"
	// KindStringLength is a valid message whose string or tail has an
	// edge length (0, 1, powers of two and one either side, the field's
	// maximum and one over), the frame's length fixed to match.
	KindStringLength Kind = "string-length"
	// KindLength is a frame whose length is wrong for its form: its body
	// cut or padded and the length field fixed to match (the stream stays
	// in step), or, now and then, a length field that lies.
	KindLength Kind = "length"
	// KindCount is a frame whose list count is off by one or at an edge.
	KindCount Kind = "count"
	// KindUnknownCode is a frame whose code the table does not know.
	KindUnknownCode Kind = "unknown-code"
	// KindWrongDirection is a message only the server may send, or a
	// client message under the code of one.
	KindWrongDirection Kind = "wrong-direction"
	// KindTruncate is a message cut short.
	KindTruncate Kind = "truncate"
	// KindBytes is a message with flipped bits, edge bytes, a duplicated
	// run or inserted bytes (Mutate).
	KindBytes Kind = "bytes"
	// KindOutOfOrder is a session step sent again or out of turn (a
	// second login, a handshake message in game).
	KindOutOfOrder Kind = "out-of-order"
	// KindSequence is a valid reliable message numbered as a duplicate,
	// after a gap or at the wrap of the counter (Field says which), for
	// a protocol with Sequence set.
	KindSequence Kind = "sequence"
	// KindFlood is one message sent many times in a row.
	KindFlood Kind = "flood"
	// KindProbe is the message a liveness check sends.
	KindProbe Kind = "probe"
)

// Unit is what the fuzzer writes in one go: a frame (a datagram, for a
// datagram protocol), Repeat times.
type Unit struct {
	// Bytes is the frame as it is written.
	Bytes []byte
	// Repeat is how many times it is sent in a row (1 but for a flood).
	Repeat int
	// Kind says how it was made.
	Kind Kind
	// Packet, for a Whole protocol, is the datagram that carried it, as
	// its session's Packer made it when it was last sent.
	Packet []byte
	// Form names the message the bytes are, as the table reads their
	// code in the direction the fuzzer sends ("CMSG_ACCEL"), whatever they
	// were made from: "code 0x2a" for a code the table has no client form
	// for, "unknown" for bytes too short to hold a code (see formName).
	Form string
	// Field names the field a mutation changed, if any.
	Field string
	// Framed says the bytes are whole frames as the table frames them,
	// so the stream stays in step after them.
	Framed bool
}

// count returns how many messages the unit sends.
func (u *Unit) count() int {
	if u.Repeat < 1 {
		return 1
	}
	return u.Repeat
}

// mutator makes units from a protocol's generators and table, all
// randomness from one *rand.Rand.
type mutator struct {
	p      *Protocol
	rng    *rand.Rand
	params *gopter.GenParameters
}

func newMutator(p *Protocol, rng *rand.Rand) *mutator {
	params := gopter.DefaultGenParameters()
	params.Rng = rng
	return &mutator{p: p, rng: rng, params: params}
}

// reseed makes the mutator draw from a new generator seeded with seed.
func (m *mutator) reseed(seed int64) {
	m.rng = rand.New(rand.NewSource(seed))
	m.params.Rng = m.rng
}

// kindWeights sets how often each kind is drawn.
var kindWeights = []struct {
	k Kind
	w int
}{
	{KindValid, 18}, {KindAny, 10}, {KindInvalid, 12}, {KindBoundary, 16}, {KindStringLength, 10},
	{KindLength, 8}, {KindCount, 3}, {KindUnknownCode, 4}, {KindWrongDirection, 4},
	{KindTruncate, 3}, {KindBytes, 8}, {KindOutOfOrder, 4}, {KindFlood, 2}, {KindSequence, 6},
}

// sequenceTricks are the Fields of KindSequence units.
var sequenceTricks = []string{"duplicate", "gap", "wrap"}

var kindTotal = func() int {
	n := 0
	for _, kw := range kindWeights {
		n += kw.w
	}
	return n
}()

// draw returns a message from g, or nil.
func (m *mutator) draw(g gopter.Gen) wire.Message {
	if g == nil {
		return nil
	}
	v, ok := g(m.params).Retrieve()
	if !ok {
		return nil
	}
	msg, _ := v.(wire.Message)
	return msg
}

// encode returns msg's frame, or nil when it does not encode.
func encode(msg wire.Message) []byte {
	if msg == nil {
		return nil
	}
	b, err := msg.AppendBinary(nil)
	if err != nil {
		return nil
	}
	return b
}

// framed reports whether b is exactly one frame as the table frames it.
func (m *mutator) framed(b []byte) bool {
	if m.p.Datagram() {
		return len(b) > 0
	}
	n, err := m.p.Table.FrameLen(b)
	return err == nil && n == len(b)
}

// next makes the next unit; history holds the session's own frames sent
// on the connection so far (for out-of-order steps).
func (m *mutator) next(history [][]byte) Unit {
	r := m.rng.Intn(kindTotal)
	k := KindValid
	for _, kw := range kindWeights {
		if r < kw.w {
			k = kw.k
			break
		}
		r -= kw.w
	}
	if u, ok := m.make(k, history); ok {
		return u
	}
	for _, k := range []Kind{KindAny, KindValid, KindAny} {
		if u, ok := m.make(k, history); ok {
			return u
		}
	}
	// No generator gave a message: random bytes, never nothing.
	b := Mutate(nil, m.rng)
	return Unit{Bytes: b, Repeat: 1, Kind: KindBytes, Form: formName(m.p, b), Framed: m.framed(b)}
}

// base draws a valid message (any, when there is no valid generator) and
// returns it with its frame.
func (m *mutator) base() (wire.Message, []byte) {
	g := m.p.Valid
	if g == nil || m.rng.Intn(4) == 0 && m.p.Any != nil {
		g = m.p.Any
	}
	msg := m.draw(g)
	return msg, encode(msg)
}

// make makes a unit of kind k; false when k does not apply.
func (m *mutator) make(k Kind, history [][]byte) (Unit, bool) {
	u := Unit{Kind: k, Repeat: 1}
	var msg wire.Message
	switch k {
	case KindValid, KindAny, KindInvalid:
		g := map[Kind]gopter.Gen{KindValid: m.p.Valid, KindAny: m.p.Any, KindInvalid: m.p.Invalid}[k]
		u.Bytes = encode(m.draw(g))
	case KindSequence:
		if !m.p.Sequence {
			return u, false
		}
		_, u.Bytes = m.base()
		u.Field = sequenceTricks[m.rng.Intn(len(sequenceTricks))]
	case KindOutOfOrder:
		if len(history) == 0 {
			return u, false
		}
		u.Bytes = bytes.Clone(history[m.rng.Intn(len(history))])
	case KindFlood:
		_, u.Bytes = m.base()
		if m.rng.Intn(3) == 0 && m.p.Invalid != nil {
			u.Bytes = encode(m.draw(m.p.Invalid))
		}
		u.Repeat = 16 + m.rng.Intn(113)
	case KindWrongDirection:
		if m.p.Server != nil && m.rng.Intn(2) == 0 {
			u.Bytes = encode(m.draw(m.p.Server))
			break
		}
		msg, u.Bytes = m.base()
		f := m.otherDirectionForm()
		if f == nil || !m.setCode(u.Bytes, msg, f.Code) {
			return u, false
		}
	case KindUnknownCode:
		msg, u.Bytes = m.base()
		c, ok := m.unknownCode(msg)
		if !ok || !m.setCode(u.Bytes, msg, c) {
			return u, false
		}
	case KindTruncate:
		_, u.Bytes = m.base()
		if len(u.Bytes) < 2 {
			return u, false
		}
		u.Bytes = u.Bytes[:1+m.rng.Intn(len(u.Bytes)-1)]
	case KindBytes:
		_, u.Bytes = m.base()
		if u.Bytes == nil {
			return u, false
		}
		u.Bytes = Mutate(u.Bytes, m.rng)
	case KindBoundary, KindStringLength, KindLength, KindCount:
		msg, u.Bytes = m.base()
		if msg == nil || u.Bytes == nil {
			return u, false
		}
		b, f, ok := m.structural(k)(u.Bytes, msg.Form())
		if !ok {
			return u, false
		}
		u.Bytes, u.Field = b, f
	}
	if len(u.Bytes) == 0 {
		return u, false
	}
	// The label is read back from the bytes, not taken from msg: a
	// mutation may have changed the code, and so the message.
	u.Form = formName(m.p, u.Bytes)
	u.Framed = m.framed(u.Bytes)
	return u, true
}

// structural returns the mutation of kind k, made from a frame's form:
// it returns the mutated frame and the field it changed.
func (m *mutator) structural(k Kind) func(b []byte, f *spec.Form) ([]byte, string, bool) {
	return map[Kind]func([]byte, *spec.Form) ([]byte, string, bool){
		KindBoundary: m.boundary, KindStringLength: m.stringLength, KindLength: m.length, KindCount: m.count,
	}[k]
}

// formName names the message frame b is, as the server reads it: the
// name of the table's form for b's code in the direction the fuzzer sends
// (from the client), else "code 0x2a" (a code with no client form: an
// unknown code, or one only the server sends), else "unknown" (b is too
// short to hold a code).
func formName(p *Protocol, b []byte) string {
	c, err := p.Table.Code(b)
	if err != nil {
		return "unknown"
	}
	if f := p.Table.Lookup(c, wire.FromClient); f != nil {
		return f.Name
	}
	return "code 0x" + strconv.FormatUint(uint64(c), 16)
}

// otherDirectionForm picks a form only the server sends.
func (m *mutator) otherDirectionForm() *spec.Form {
	var fs []*spec.Form
	for i := range m.p.Table.Forms {
		f := &m.p.Table.Forms[i]
		if !f.From.Has(wire.FromClient) {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return nil
	}
	return fs[m.rng.Intn(len(fs))]
}

// codeField returns the code field of form f's layout.
func codeField(f *spec.Form) *spec.Field { return roleField(f, spec.CodeRole) }

// lengthField returns the length field of form f's layout, if any.
func lengthField(f *spec.Form) *spec.Field { return roleField(f, spec.LengthRole) }

// roleField returns the field of form f's layout with role r, if any.
func roleField(f *spec.Form, r spec.Role) *spec.Field {
	for _, fl := range headerOf(f) {
		if fl.Role == r {
			return fl
		}
	}
	return nil
}

// headerOf returns the fields of f's layout that have a role.
func headerOf(f *spec.Form) []*spec.Field {
	var out []*spec.Field
	l := f.Layout()
	for i := range l {
		if l[i].Role != spec.Data {
			out = append(out, &l[i])
		}
	}
	return out
}

// unknownCode draws a code no form of the table has, in either direction.
func (m *mutator) unknownCode(msg wire.Message) (uint32, bool) {
	if msg == nil {
		return 0, false
	}
	cf := codeField(msg.Form())
	if cf == nil {
		return 0, false
	}
	span := uint32(1) << (8 * uint(cf.Size))
	for range 32 {
		c := uint32(m.rng.Int63()) % span
		if m.p.Table.Lookup(c, wire.FromClient) == nil && m.p.Table.Lookup(c, wire.FromServer) == nil {
			return c, true
		}
	}
	return 0, false
}

// setCode writes code c into frame b of msg's form.
func (m *mutator) setCode(b []byte, msg wire.Message, c uint32) bool {
	if msg == nil || b == nil {
		return false
	}
	cf := codeField(msg.Form())
	if cf == nil || cf.Offset < 0 || cf.Offset+cf.Size > len(b) {
		return false
	}
	m.p.Table.Order.PutUint(b[cf.Offset:cf.Offset+cf.Size], uint64(c))
	return true
}

// edge returns an edge value for a field of type t, size bytes wide.
func (m *mutator) edge(t string, size int) uint64 {
	switch t {
	case "f32":
		return uint64(math.Float32bits([...]float32{float32(math.NaN()), float32(math.Inf(1)),
			float32(math.Inf(-1)), float32(math.Copysign(0, -1)), math.MaxFloat32, math.SmallestNonzeroFloat32}[m.rng.Intn(6)]))
	case "f64":
		return math.Float64bits([...]float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1),
			math.MaxFloat64, math.SmallestNonzeroFloat64}[m.rng.Intn(6)])
	}
	all := uint64(math.MaxUint64) >> (64 - 8*uint(size))
	smax := all >> 1
	vals := [...]uint64{0, 1, all, all - 1, smax, smax + 1, smax - 1, 2}
	return vals[m.rng.Intn(len(vals))]
}

// boundary sets one fixed data field of frame b (form f) to an edge
// value and returns b and the field's name.
func (m *mutator) boundary(b []byte, f *spec.Form) ([]byte, string, bool) {
	var cands []*spec.Field
	l := f.Layout()
	for i := range l {
		fl := &l[i]
		if fl.Role == spec.Data && fl.Offset >= 0 && fl.Size > 0 && fl.Offset+fl.Size <= len(b) {
			cands = append(cands, fl)
		}
	}
	if len(cands) == 0 {
		return nil, "", false
	}
	fl := cands[m.rng.Intn(len(cands))]
	p := b[fl.Offset : fl.Offset+fl.Size]
	t := fl.Type
	if elem, n, ok := spec.ParseArray(t); ok && spec.PrimitiveSize(elem) > 0 {
		s := spec.PrimitiveSize(elem)
		i := m.rng.Intn(n)
		m.p.Table.Order.PutUint(p[i*s:(i+1)*s], m.edge(elem, s))
		return b, fl.Name, true
	}
	if s := spec.PrimitiveSize(t); s > 0 {
		m.p.Table.Order.PutUint(p, m.edge(t, s))
		return b, fl.Name, true
	}
	// bytes[N] or a composite type: an edge pattern over its bytes.
	fill := [...]byte{0x00, 0xff, 0x7f, 0x80, 'A'}[m.rng.Intn(5)]
	for i := range p {
		p[i] = fill
	}
	if m.rng.Intn(2) == 0 {
		p[m.rng.Intn(len(p))] ^= 0x80
	}
	return b, fl.Name, true
}

// varLen returns the length in b of the variable field fl (prefix and
// terminator included) and the width of its length prefix.
func (m *mutator) varLen(b []byte, fl *spec.Field) (n, prefix int, ok bool) {
	o := fl.Offset
	if o < 0 || o > len(b) {
		return 0, 0, false
	}
	switch fl.Type {
	case "cstring":
		i := bytes.IndexByte(b[o:], 0)
		return i + 1, 0, i >= 0
	case "str8":
		if o+1 > len(b) {
			return 0, 0, false
		}
		return 1 + int(b[o]), 1, o+1+int(b[o]) <= len(b)
	case "str16", "utf":
		if o+2 > len(b) {
			return 0, 0, false
		}
		ord := m.p.Table.Order
		if fl.Type == "utf" {
			ord = codec.BigEndian
		}
		l := int(ord.U16(b[o:]))
		return 2 + l, 2, o+2+l <= len(b)
	case "rest":
		return len(b) - o, 0, true
	}
	return 0, 0, false
}

// stringLength gives the first variable string of frame b (form f) an
// edge length, fixing the frame's length field.
func (m *mutator) stringLength(b []byte, f *spec.Form) ([]byte, string, bool) {
	var fl *spec.Field
	l := f.Layout()
	for i := range l {
		if l[i].Offset >= 0 && spec.IsVariable(l[i].Type) && l[i].Type != "list" {
			fl = &l[i]
			break
		}
	}
	if fl == nil {
		return nil, "", false
	}
	old, prefix, ok := m.varLen(b, fl)
	if !ok {
		return nil, "", false
	}
	lens := []int{0, 1, 2, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 511, 512, 1023, 1024, fl.Max - 1, fl.Max, fl.Max + 1}
	n := lens[m.rng.Intn(len(lens))]
	limit := m.p.Table.HardMax - (len(b) - old) - prefix - 1
	switch prefix {
	case 1:
		limit = min(limit, 255)
	case 2:
		limit = min(limit, 65535)
	}
	if n < 0 || n > limit {
		n = max(0, min(limit, 255))
	}
	nb := make([]byte, 0, len(b)-old+prefix+n+1)
	nb = append(nb, b[:fl.Offset]...)
	switch prefix {
	case 1:
		nb = append(nb, byte(n))
	case 2:
		ord := m.p.Table.Order
		if fl.Type == "utf" {
			ord = codec.BigEndian
		}
		nb = ord.AppendU16(nb, uint16(n))
	}
	nb = append(nb, bytes.Repeat([]byte{'A'}, n)...)
	if fl.Type == "cstring" {
		nb = append(nb, 0)
	}
	nb = append(nb, b[fl.Offset+old:]...)
	if !m.fixLength(nb, f) {
		return nil, "", false
	}
	return nb, fl.Name, true
}

// fixLength sets the length field of frame b (form f) to match len(b);
// false when it cannot hold it. A form without a length field is left
// as it is.
func (m *mutator) fixLength(b []byte, f *spec.Form) bool {
	lf := lengthField(f)
	if lf == nil {
		return true
	}
	v := len(b) - lf.Adjust
	if lf.Offset < 0 || lf.Offset+lf.Size > len(b) || v < 0 || lf.Size < 8 && uint64(v) >= 1<<(8*uint(lf.Size)) {
		return false
	}
	m.p.Table.Order.PutUint(b[lf.Offset:lf.Offset+lf.Size], uint64(v))
	return true
}

// length cuts or pads frame b's body and fixes its length field (the
// frame stays whole), or one time in five makes the length field lie.
func (m *mutator) length(b []byte, f *spec.Form) ([]byte, string, bool) {
	lf := lengthField(f)
	hdr := 0
	for _, fl := range headerOf(f) {
		if fl.Offset >= 0 {
			hdr = max(hdr, fl.Offset+fl.Size)
		}
	}
	body := len(b) - hdr
	if lf != nil && m.rng.Intn(5) == 0 {
		p := b[lf.Offset : lf.Offset+lf.Size]
		v := m.p.Table.Order.Uint(p)
		d := []uint64{v + 1, v - 1, 0, v + 2 + uint64(m.rng.Intn(64)), math.MaxUint64}[m.rng.Intn(5)]
		m.p.Table.Order.PutUint(p, d)
		return b, "length", true
	}
	sizes := []int{0, 1, body - 1, body + 1, body + 2 + m.rng.Intn(16), body / 2, 2 * body}
	n := sizes[m.rng.Intn(len(sizes))]
	if n < 0 || n == body || hdr+n > m.p.Table.HardMax {
		n = body + 1
	}
	nb := make([]byte, hdr+n)
	copy(nb, b)
	for i := len(b); i < len(nb); i++ {
		nb[i] = byte(m.rng.Intn(256))
	}
	if !m.fixLength(nb, f) {
		return nil, "", false
	}
	return nb, "length", true
}

// count sets a list's count field of frame b (form f) off by one or to
// an edge.
func (m *mutator) count(b []byte, f *spec.Form) ([]byte, string, bool) {
	l := f.Layout()
	for i := range l {
		if l[i].Type != "list" || l[i].Count == "" {
			continue
		}
		cf := f.Field(l[i].Count)
		if cf == nil || cf.Offset < 0 || cf.Size == 0 || cf.Offset+cf.Size > len(b) || spec.PrimitiveSize(cf.Type) == 0 {
			continue
		}
		p := b[cf.Offset : cf.Offset+cf.Size]
		v := m.p.Table.Order.Uint(p)
		all := uint64(math.MaxUint64) >> (64 - 8*uint(cf.Size))
		m.p.Table.Order.PutUint(p, []uint64{v + 1, v - 1, 0, all, uint64(l[i].Max), uint64(l[i].Max) + 1}[m.rng.Intn(6)])
		return b, cf.Name, true
	}
	return nil, "", false
}
