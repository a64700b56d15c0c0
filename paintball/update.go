package paintball

import "github.com/gamewire/gamewire/wire"

// Validate reports a facing that is not an angle: NaN or infinite (field
// facing, wrapping wire.ErrInvalid; docs/errata/paintball.md, 12). Every
// object type passes: the spec gives none, so none is wrong (errata, 9).
func (m *Update) Validate() error {
	if !validFacing(m.Facing) {
		return m.Form().Err("facing", wire.ErrInvalid)
	}
	return nil
}

// Dead reports whether the update says the object is dead: both
// coordinates are -1 (errata, 11).
func (m *Update) Dead() bool { return m.PositionX == -1 && m.PositionY == -1 }
