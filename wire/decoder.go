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

	// The hot path's copy of the table's code index: each key's value,
	// in the index's slot of the key (from the key's first frame on), and
	// what makes a frame's key and slot (see codeIndex), read from the
	// Decoder itself, next to Policy (one cache line).
	mul, mask uint32
	hot       []hotSlot
	at        uint   // the code's offset
	codeMask  uint32 // the code's bits in the two bytes at its offset
	maxSize   int    // the table's MaxFrame, or the most an int holds for none

	table  *Table
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
		d.hot = make([]hotSlot, len(t.codes.slots))
		for i := range d.hot {
			d.hot[i].key = ^uint32(0)
		}
		d.mul, d.mask = t.codes.mul, t.codes.mask
		d.at, d.codeMask = uint(t.code.Offset), 1<<(8*t.code.Size)-1
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
	// FromServer or Both), whose value exists. The two bytes at the
	// code's offset make its key with one load and no branch on its
	// width or order (a frame of a one-byte code and nothing after it
	// takes the slow path), and the policy is read before the call, so
	// that the Lax path returns straight after it.
	if at := d.at; at < uint(len(b)) && at+1 < uint(len(b)) {
		k := uint32(from)<<16 | (uint32(b[at])|uint32(b[at+1])<<8)&d.codeMask
		if h := &d.hot[k*d.mul>>hashShift&d.mask]; h.key == k {
			m := h.m
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
	code, err := t.Code(b)
	if err != nil {
		return nil, 0, err
	}
	f := t.Lookup(code, from)
	if f == nil {
		return d.unknown(b, from)
	}
	m := d.Value(f)
	if k, slot := t.codes.key(code, from); uint32(t.codes.slots[slot]>>32) == k {
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
