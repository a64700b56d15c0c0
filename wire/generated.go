package wire

import "slices"

// The helpers of the codecs internal/formgen writes: what every generated
// message type does the same way is written here once, so that a form's
// generated methods hold only what its layout says.

// New returns a new zero value of the message type T, for a table's
// constructor (the newMessage NewTable takes).
func New[T any, P interface {
	*T
	Message
}]() Message {
	return P(new(T))
}

// Constructors are the constructors of a table's Go types, in the table's
// order: wire.New[T] of each form's type T.
type Constructors []func() Message

// New returns a new zero value of form i's Go type, or nil for an i out of
// range: the newMessage NewTable takes.
func (c Constructors) New(i int) Message {
	if i < 0 || i >= len(c) {
		return nil
	}
	return c[i]()
}

// Fail is what a fixed form's Decode does when the start of b is not a
// frame of form f: it zeroes *m and returns f.Mismatch(b).
func Fail[T any](m *T, f *Form, b []byte) (int, error) {
	*m = *new(T)
	return f.Mismatch(b)
}

// Mismatch returns the offset and error a decoder of form f returns for
// b, whose start is not a frame of f: the form's ErrShort (Short) when b
// is shorter than the form's fixed fields; else ErrInvalid at the first
// header field, in layout order, that holds another value than the form's
// (its code, a marker, or a length other than a fixed form's size or under
// a variable form's smallest frame); else ErrShort when that length runs
// past b. A b that is a frame of f gets offset 0 and the message's
// ErrInvalid.
func (f *Form) Mismatch(b []byte) (int, error) {
	if len(b) < f.fixedEnd() {
		return f.Short(len(b))
	}
	frame := 0 // the frame's length, as its LengthRole field gives it
	for i := range f.all {
		fl := &f.all[i]
		if fl.Role == Data || fl.Offset < 0 {
			continue
		}
		v := f.table.Order.Uint(b[fl.Offset : fl.Offset+fl.Size])
		ok := true
		switch fl.Role {
		case CodeRole:
			ok = v == uint64(f.Code)
		case MarkerRole:
			ok = v == fl.Value
		case LengthRole:
			frame = int(v) + fl.Adjust
			ok = frame == f.Size || frame > f.Size && !f.Fixed()
		}
		if !ok {
			return fl.Offset, f.ErrAt(i, ErrInvalid)
		}
	}
	if frame > len(b) {
		return f.Short(len(b))
	}
	return 0, f.errs.get(ErrInvalid, f.Protocol, f.Name, "", 0)
}

// fixedEnd returns the end of the form's fields before its first variable
// one: its size, for a fixed form.
func (f *Form) fixedEnd() int {
	end := 0
	for i := range f.all {
		if f.all[i].Size == 0 {
			break
		}
		end = f.all[i].Offset + f.all[i].Size
	}
	return end
}

// Exact returns what UnmarshalBinary returns when Decode took n bytes of
// the size it was given and returned err: err, or the message's
// ErrTrailing when bytes are left over.
func (f *Form) Exact(n, size int, err error) error {
	if err == nil && n != size {
		return f.errs.get(ErrTrailing, f.Protocol, f.Name, "", 0)
	}
	return err
}

// CStringError is the error of a NUL-terminated string of at most max
// bytes, NUL included, whose first n bytes hold no NUL: ErrTooLong when n
// is max or more, else ErrShort (the input ends first).
func CStringError(n, max int) error {
	if n >= max {
		return ErrTooLong
	}
	return ErrShort
}

// CountedError is the error of a string of n bytes, after its length, at
// most max bytes, that does not fit: ErrTooLong when n is over max, else
// ErrShort (the input ends first).
func CountedError(n, max int) error {
	if n > max {
		return ErrTooLong
	}
	return ErrShort
}

// Resize returns s with length n, reusing its capacity; the elements are
// the caller's to overwrite.
func Resize[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }
