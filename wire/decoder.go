package wire

import (
	"bytes"
	"math"

	"github.com/gamewire/gamewire/wire/spec"
)

// Decoder decodes frames of one protocol without allocating: it keeps one
// value per form, created the first time the form is seen, and decodes
// each frame into the value of its form (gopacket's DecodingLayerParser
// idea). A message it returns belongs to the Decoder and stays valid
// until the next frame of the same form.
//
// Dispatch is a direct lookup of (direction, code) in the table. A code
// the table does not know comes back as a *Raw, or, under Strict, as an
// error; see Policy for rule violations.
//
// Errors are exact and allocate nothing: each field's error is built once
// in the table, and where a field lies after a variable part the Decoder
// writes the exact offset into an error value it owns, valid until the
// next call (copy *e to keep it). No lock is taken: use one Decoder per
// goroutine.
type Decoder struct {
	// Policy says what to do with unknown codes, rule violations and
	// over-size frames; the zero value is Checked.
	Policy Policy

	// What the hot path reads, in one cache line with Policy: each key's
	// value, in the index's slot of the key (from the key's first frame
	// on), the table's frame limit, and a copy of the table's code index,
	// which makes a frame's key and slot (spec.Index).
	hot     []hotSlot
	maxSize int // the table's MaxFrame, or the most an int holds for none
	index   spec.Index

	table  *spec.Table
	values []Message
	raw    Raw
	err    Error
}

// hotSlot is a slot of a Decoder's copy of the code index: a key (all
// ones while the slot is empty) and its value.
type hotSlot struct {
	key uint32
	m   Message
}

// NewDecoder returns a Decoder for table t.
func NewDecoder(t *spec.Table) *Decoder {
	d := new(Decoder)
	d.Reset(t)
	return d
}

// Reset makes d decode frames of table t, keeping its values when t is the
// table it had.
func (d *Decoder) Reset(t *spec.Table) {
	if t == nil {
		*d = Decoder{Policy: d.Policy} // Decode reports errNoTable
		return
	}
	if d.table != t {
		d.table = t
		d.values = make([]Message, len(t.Forms))
		d.raw = Raw{table: t}
		d.index = *t.Index()
		d.hot = make([]hotSlot, d.index.Slots())
		for i := range d.hot {
			d.hot[i].key = ^uint32(0)
		}
		d.maxSize = frameLimit(t)
	}
}

// Table returns the Decoder's table.
func (d *Decoder) Table() *spec.Table { return d.table }

// Value returns the Decoder's value for form f, creating it on first use.
func (d *Decoder) Value(f *spec.Form) Message {
	if f == nil || uint(f.Index) >= uint(len(d.values)) || f.Table() != d.table {
		return nil
	}
	m := d.values[f.Index]
	if m == nil {
		m = d.table.New(f)
		d.values[f.Index] = m
	}
	return m
}

// Decode decodes the frame at the start of b, sent in direction from, and
// returns the message and the number of bytes it took.
//
// On a malformed frame it returns a nil message and an error wrapping one
// of the sentinels, with the form, field and byte offset (errors.As to a
// *Error). Under Checked, a message that decodes but breaks a rule (or is
// larger than the spec allows) is returned together with the error that
// says so.
func (d *Decoder) Decode(b []byte, from Direction) (Message, int, error) {
	// The hot path: a code the table knows in direction from (FromClient,
	// FromServer or Both), whose value exists. The two bytes at the
	// code's offset make its key with one load and no branch on its
	// width or order (a frame of a one-byte code and nothing after it
	// takes the slow path), and the policy is read before the call, so
	// that the Lax path returns straight after it. (Stream.Next has the
	// same path, written out in its own body.)
	if k, ok := d.index.FrameKey(b, from); ok {
		// The slot's bound, checked here, spares the indexing its own
		// check; a zero Decoder has no slots.
		if s := d.index.Slot(k); s < uint32(len(d.hot)) && d.hot[s].key == k {
			m := d.hot[s].m
			if d.Policy == Lax {
				n, err := m.Decode(b)
				if err != nil {
					return d.check(m, n, err)
				}
				return m, n, nil
			}
			n, err := m.Decode(b)
			if err == nil && d.Policy == Checked && n <= d.maxSize {
				return m, n, m.Validate()
			}
			return d.check(m, n, err)
		}
	}
	return d.decodeSlow(b, from)
}

// decodeSlow is Decode for a frame too short for its code, a code the
// table does not know, the zero direction, and a form's first frame.
func (d *Decoder) decodeSlow(b []byte, from Direction) (Message, int, error) {
	t := d.table
	if t == nil {
		return nil, 0, errNoTable
	}
	code, err := t.Code(b)
	if err != nil {
		return nil, 0, err
	}
	f := t.Lookup(code, from)
	if f == nil {
		return d.unknown(b, from)
	}
	m := d.Value(f)
	if k, slot, ok := d.index.Key(code, from); ok {
		d.hot[slot] = hotSlot{k, m} // the hot path's from now on
	}
	n, err := m.Decode(b)
	return d.check(m, n, err)
}

// check applies the policy to m, decoded in n bytes with err.
func (d *Decoder) check(m Message, n int, err error) (Message, int, error) {
	if err != nil {
		return nil, n, d.exact(err, n)
	}
	return judge(d.Policy, m, n, d.maxSize)
}

// judge applies policy p to m, decoded whole in n bytes, of a table whose
// frames may be maxSize bytes: the one place that says what each policy
// does with a frame over the limit and a rule broken.
func judge(p Policy, m Message, n, maxSize int) (Message, int, error) {
	if p == Lax {
		return m, n, nil
	}
	var err error
	if n > maxSize {
		err = m.Form().Err("", ErrTooLong)
	} else {
		err = m.Validate()
	}
	if err != nil && p == Strict {
		return nil, n, err
	}
	return m, n, err
}

// errNoTable is the error of a Decoder, Stream or Conn made without a
// table, or the zero one, and of Decode given none.
var errNoTable = &Error{Message: "table", Err: ErrInvalid}

// frameLimit returns t's MaxFrame, or the most an int holds for none.
func frameLimit(t *spec.Table) int {
	if t.MaxFrame <= 0 {
		return math.MaxInt
	}
	return t.MaxFrame
}

// Decode decodes the frame at the start of b, sent in direction from, into
// a new value that the caller owns, and returns it with the number of
// bytes it took. It answers as a Decoder of t with the default policy,
// Checked, does (a code t does not know comes back as a *Raw, a message
// that breaks a rule or the frame limit with the error that says so),
// with two differences only: it allocates the value, and the value does
// not alias b. Hot loops use a Decoder.
func Decode(t *spec.Table, b []byte, from Direction) (Message, int, error) {
	if t == nil {
		return nil, 0, errNoTable
	}
	code, err := t.Code(b)
	if err != nil {
		return nil, 0, err
	}
	var m Message
	if f := t.Lookup(code, from); f != nil {
		m = t.New(f)
	} else {
		m = &Raw{From: from, table: t}
	}
	n, err := m.Decode(b)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Offset < 0 {
			c := *e // the copy a Decoder would own
			c.Offset = n
			err = &c
		}
		return nil, n, err
	}
	if r, ok := m.(*Raw); ok {
		r.Frame = bytes.Clone(r.Frame)
		return r, n, nil
	}
	return judge(Checked, m, n, frameLimit(t))
}

// unknown decodes a frame whose code the table does not know, as the
// policy says.
func (d *Decoder) unknown(b []byte, from Direction) (Message, int, error) {
	t := d.table
	if d.Policy == Strict {
		return nil, 0, t.UnknownCode()
	}
	d.raw.From = from
	n, err := d.raw.Decode(b)
	if err != nil {
		return nil, n, d.exact(err, n)
	}
	return &d.raw, n, nil
}

// exact returns err with the offset at, when err is a *Error of a field
// whose offset its form cannot know (after a variable part): the copy
// lives in the Decoder, so this allocates nothing.
func (d *Decoder) exact(err error, at int) error {
	if e, ok := err.(*Error); ok && e.Offset < 0 && at >= 0 {
		d.err = *e
		d.err.Offset = at
		return &d.err
	}
	return err
}
