package main

import (
	"errors"
	"fmt"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// explainDecode adds to a decode error of the library, which names the
// message, the field and the byte offset (and allocates nothing, so says
// no more), what a person needs next: the value the field held, and for a
// unit that is too short or too long, its length and the form's bounds.
func explainDecode(p *protocol, unit []byte, from string, err error) error {
	var we *wire.Error
	t := p.table
	if t == nil || !errors.As(err, &we) || we.Offset < 0 {
		return err
	}
	var fields []spec.Field
	var form *spec.Form
	if we.Message == "frame" || we.Message == "" {
		fields = t.HeaderLayout()
	} else {
		if from != "" {
			form = t.Form(we.Message, direction(from))
		}
		if form == nil {
			form = t.Form(we.Message, 0) // the form of either side (the other side's, with a wrong -from)
		}
		if form != nil {
			fields = form.Layout()
		}
	}
	for _, f := range fields {
		if f.Name != we.Field || f.Offset != we.Offset {
			continue
		}
		v, ok := fieldUint(t.Order, &f, unit)
		if !ok {
			continue
		}
		extra := fmt.Sprintf("value %d", v)
		if f.Role == spec.CodeRole {
			extra = fmt.Sprintf("code %d (0x%02x)", v, v)
		}
		if f.Role == spec.LengthRole {
			extra += fmt.Sprintf(": a frame of %d bytes", int(v)+f.Adjust)
			if form != nil {
				extra += boundsText(form)
			}
		}
		return fmt.Errorf("%w (%s)", err, extra)
	}
	if form != nil && (errors.Is(err, wire.ErrShort) || errors.Is(err, wire.ErrTrailing) || errors.Is(err, wire.ErrTooLong)) {
		return fmt.Errorf("%w (%s of %d bytes%s)", err, unitName(p), len(unit), boundsText(form))
	}
	return err
}

// boundsText says how long a form's frames are.
func boundsText(f *spec.Form) string {
	if f.Fixed() {
		return fmt.Sprintf("; %s is %d", f.Name, f.Size)
	}
	return fmt.Sprintf("; %s is %d to %d", f.Name, f.Size, f.MaxSize)
}

// fieldUint reads the integer field f (u8 to u32, s8 to s32) of unit b in
// order o, as unsigned; false when b does not hold it, or f is of another
// type.
func fieldUint(o codec.Order, f *spec.Field, b []byte) (uint64, bool) {
	if f.Offset < 0 || f.Offset+f.Size > len(b) {
		return 0, false
	}
	switch f.Type {
	case "u8", "s8", "u16", "s16", "u32", "s32":
		return o.Uint(b[f.Offset : f.Offset+f.Size]), true
	}
	return 0, false
}
