package spec

import "github.com/gamewire/gamewire/wire/codec"

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
			return fl.Offset, f.ErrAt(i, codec.ErrInvalid)
		}
	}
	if frame > len(b) {
		return f.Short(len(b))
	}
	return 0, f.errs.get(codec.ErrInvalid, f.Protocol, f.Name, "", 0)
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
		return f.errs.get(codec.ErrTrailing, f.Protocol, f.Name, "", 0)
	}
	return err
}
