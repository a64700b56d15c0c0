package wire

import "math"

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

	table  *Table
	values []Message
	raw    Raw
	err    Error

	// The table's code field and index, copied here so that the hot path
	// reads them from the Decoder itself, and the value of each key of
	// the index, in the index's slot of the key (nil until its first
	// frame): the code leads to the value in one load.
	codes   codeIndex
	slots   []Message
	codeAt  int  // the code's offset
	codeEnd int  // the end of the code
	wide    bool // a two-byte code, in order
	order   Order
	maxSize int // the table's MaxFrame, or the most an int holds for none
}

// NewDecoder returns a Decoder for table t.
func NewDecoder(t *Table) *Decoder {
	d := new(Decoder)
	d.Reset(t)
	return d
}

// Reset makes d decode frames of table t, keeping its values when t is the
// table it had.
func (d *Decoder) Reset(t *Table) {
	if d.table != t {
		d.table = t
		d.values = make([]Message, len(t.Forms))
		d.raw = Raw{table: t}
		d.codes = t.codes
		d.slots = make([]Message, len(t.codes.slots))
		d.codeAt, d.codeEnd = t.code.Offset, t.code.Offset+t.code.Size
		d.wide, d.order = t.code.Size == 2, t.Order
		d.maxSize = t.MaxFrame
		if d.maxSize <= 0 {
			d.maxSize = math.MaxInt
		}
	}
}

// Table returns the Decoder's table.
func (d *Decoder) Table() *Table { return d.table }

// Value returns the Decoder's value for form f, creating it on first use.
func (d *Decoder) Value(f *Form) Message {
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
	// FromServer or Both), whose value exists.
	if len(b) >= d.codeEnd {
		code := uint32(b[d.codeAt])
		if d.wide {
			code = uint32(d.order.U16(b[d.codeAt:d.codeEnd]))
		}
		k, slot := d.codes.key(code, from)
		if m := d.slots[slot]; m != nil && uint32(d.codes.slots[slot]>>32) == k {
			n, err := m.Decode(b)
			if err == nil && d.Policy == Lax {
				return m, n, nil
			}
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
	code, err := t.Code(b)
	if err != nil {
		return nil, 0, err
	}
	f := t.Lookup(code, from)
	if f == nil {
		return d.unknown(b, from)
	}
	m := d.Value(f)
	if k, slot := d.codes.key(code, from); uint32(d.codes.slots[slot]>>32) == k {
		d.slots[slot] = m // the hot path's from now on
	}
	n, err := m.Decode(b)
	return d.check(m, n, err)
}

// check applies the policy to m, decoded in n bytes with err.
func (d *Decoder) check(m Message, n int, err error) (Message, int, error) {
	if err != nil {
		return nil, n, d.exact(err, n)
	}
	if d.Policy == Lax {
		return m, n, nil
	}
	if n > d.maxSize {
		err = &m.Form().errs.e[slotTooLong]
	} else {
		err = m.Validate()
	}
	if err != nil && d.Policy == Strict {
		return nil, n, err
	}
	return m, n, err
}

// unknown decodes a frame whose code the table does not know, as the
// policy says.
func (d *Decoder) unknown(b []byte, from Direction) (Message, int, error) {
	t := d.table
	if d.Policy == Strict {
		return nil, 0, t.code.errs.get(ErrUnknownCode, t.Name, t.raw.Name, t.code.Name, t.code.Offset)
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
