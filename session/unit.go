package session

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// UnitDecoder decodes the units a session is handed, one whole frame or
// datagram each, into the values of one reused wire.Decoder: what a
// session's Handle does first. Its zero value is ready; keep one per
// session (it is not safe for concurrent use).
type UnitDecoder struct {
	dec wire.Decoder
}

// Decode decodes unit, one whole frame or datagram sent in direction
// from, as a message of table t, under wire.Checked, or wire.Lax when lax
// is set: a unit that does not decode fails, and so does one with bytes
// after its message (the message's ErrTrailing); under Checked, so does a
// message that breaks a rule. A code t does not know comes back as a
// *wire.Raw. The message belongs to the UnitDecoder until the next unit
// of its form.
func (u *UnitDecoder) Decode(t *spec.Table, unit []byte, from wire.Direction, lax bool) (wire.Message, error) {
	if t == nil {
		return nil, errNoTable
	}
	if u.dec.Table() != t {
		u.dec.Reset(t)
	}
	u.dec.Policy = wire.Checked
	if lax {
		u.dec.Policy = wire.Lax
	}
	m, n, err := u.dec.Decode(unit, from)
	if err != nil {
		return nil, err
	}
	if n != len(unit) {
		return nil, m.Form().Err("", wire.ErrTrailing)
	}
	return m, nil
}
