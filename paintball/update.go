package paintball

import "github.com/gamewire/gamewire/wire"

// Validate reports an object type the package does not define (field
// objectType) and a facing that is not an angle: NaN or infinite (field
// facing), both wrapping wire.ErrInvalid (docs/errata/paintball.md, 9 and
// 12).
func (m *Update) Validate() error {
	if !m.ObjectType.Known() {
		return m.Form().Err("objectType", wire.ErrInvalid)
	}
	if !validFacing(m.Facing) {
		return m.Form().Err("facing", wire.ErrInvalid)
	}
	return nil
}

// Dead reports whether the update says the object is dead: both
// coordinates are -1 (errata, 11).
func (m *Update) Dead() bool { return m.PositionX == -1 && m.PositionY == -1 }
