package wire

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
	t := d.table
	code, err := t.Code(b)
	if err != nil {
		return nil, 0, err
	}
	i := -1
	switch from {
	case FromClient, FromServer:
		i = formSlot(t, int(from>>1), code)
	case Both, 0:
		// Either peer: the form when the two directions agree, as
		// Table.Lookup says.
		c, s := formSlot(t, 0, code), formSlot(t, 1, code)
		switch {
		case c < 0:
			i = s
		case s < 0 || s == c:
			i = c
		}
	}
	if i < 0 {
		return d.unknown(b, from)
	}
	m := d.values[i]
	if m == nil {
		m = d.Value(&t.Forms[i])
	}
	n, err := m.Decode(b)
	if err != nil {
		return nil, n, d.exact(err, n)
	}
	if d.Policy == Lax {
		return m, n, nil
	}
	if n > t.MaxFrame && t.MaxFrame > 0 {
		err = &m.Form().errs.e[slotTooLong]
	} else {
		err = m.Validate()
	}
	if err != nil && d.Policy == Strict {
		return nil, n, err
	}
	return m, n, err
}

// formSlot returns the index of the form of t for code (16 bits at most)
// in direction d (0 the client's, 1 the server's), or -1: the value is
// found without reading the form.
func formSlot(t *Table, d int, code uint32) int {
	if page := t.index[d][uint8(code>>8)]; page != nil {
		return int(page[uint8(code)]) - 1
	}
	return -1
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
