package main

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// One limit on a frame or datagram, from the protocol's table, holds on
// both sides: decode refuses a unit longer than what the table's reader
// accepts (HardMax: the spec's MaxFrame, or more where real peers send
// more), and encode refuses to write one, and a message longer than its
// form's MaxSize, with the same words: "frame length 9000 exceeds 8194"
// (a stream's frame reader says them itself, in its *wire.Error).

// frameLimit returns the most bytes one frame or datagram of p may have
// (0: no limit known).
func frameLimit(p *protocol) int {
	if p.table != nil {
		return p.table.HardMax
	}
	return 0
}

// unitName is what a unit of p is called in errors.
func unitName(p *protocol) string {
	if p.datagram {
		return "datagram"
	}
	return "frame"
}

// checkEncoded refuses an encoded unit that decode would refuse: longer
// than the protocol's frame limit, or than its form's MaxSize.
func checkEncoded(p *protocol, b []byte, from string) error {
	if p.ownLimit {
		return nil
	}
	limit := frameLimit(p)
	if t := p.table; t != nil {
		if c, err := t.Code(b); err == nil {
			if f := t.Lookup(c, direction(from)); f != nil && f.MaxSize > 0 && f.MaxSize < limit {
				if len(b) > f.MaxSize {
					return fmt.Errorf("%s: %s: %s length %d exceeds %d", p.name, f.Name, unitName(p), len(b), f.MaxSize)
				}
			}
		}
	}
	if limit > 0 && len(b) > limit {
		return fmt.Errorf("%s: %s length %d exceeds %d", p.name, unitName(p), len(b), limit)
	}
	return nil
}

// checkDecoded refuses a datagram longer than the protocol's limit (a
// stream's frame reader refuses a frame itself).
func checkDecoded(p *protocol, unit []byte) error {
	if !p.datagram || p.ownLimit {
		return nil
	}
	if limit := frameLimit(p); limit > 0 && len(unit) > limit {
		return fmt.Errorf("%s: datagram length %d exceeds %d", p.name, len(unit), limit)
	}
	return nil
}

// direction returns the direction -from names: FromClient, FromServer,
// or Both when it is not set.
func direction(from string) wire.Direction {
	switch from {
	case "client":
		return wire.FromClient
	case "server":
		return wire.FromServer
	}
	return wire.Both
}

// directions returns the directions to decode a unit as, in the order to
// try them: the one -from names, or either when it is not set.
func directions(from string, either ...wire.Direction) []wire.Direction {
	if d := direction(from); d != wire.Both {
		return []wire.Direction{d}
	}
	return either
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

// appendMessage encodes m, naming the field, its length and its bound
// when a variable field is too long for the table.
func appendMessage(m Message) ([]byte, error) {
	b, err := m.AppendBinary(nil)
	if err == nil {
		return b, nil
	}
	var we *wire.Error
	fm, ok := m.(interface{ Form() *spec.Form })
	if !errors.Is(err, wire.ErrTooLong) || !errors.As(err, &we) || we.Field == "" || !ok {
		return nil, err
	}
	for _, f := range fm.Form().Layout() {
		if f.Name != we.Field || f.Max <= 0 {
			continue
		}
		v := reflect.ValueOf(m).Elem()
		if index := fieldIndex(v.Type(), f.Name); index != nil {
			fv := v.FieldByIndex(index)
			if fv.Kind() == reflect.Slice || fv.Kind() == reflect.String {
				unit := "bytes"
				if fv.Kind() == reflect.Slice && fv.Type().Elem().Kind() != reflect.Uint8 {
					unit = "entries"
				}
				max := f.Max
				if f.Type == "cstring" {
					max-- // the bound holds the terminating NUL
				}
				return nil, fmt.Errorf("%s: %s: field %s: %d %s, at most %d", we.Protocol, we.Message, f.Name, fv.Len(), unit, max)
			}
		}
	}
	return nil, err
}

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

// decodeUnit decodes unit as table t's form for its code sent in
// direction d (Both: the form either side sends with it), into a new
// value, checking its layout and not the spec's rules: decode prints what
// arrived, rules broken or not. A code t has no form for in that
// direction fails with t's ErrUnknownCode; trailing bytes are the
// caller's to judge, from the length returned.
func decodeUnit(t *spec.Table, unit []byte, d wire.Direction) (wire.Message, int, error) {
	c, err := t.Code(unit)
	if err != nil {
		return nil, 0, err
	}
	f := t.Lookup(c, d)
	if f == nil {
		return nil, 0, t.UnknownCode()
	}
	m := t.New(f)
	n, err := m.Decode(unit)
	if err != nil {
		return nil, n, err
	}
	return m, n, nil
}
