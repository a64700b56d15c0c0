package paintball

import "github.com/gamewire/gamewire/wire"

// Validate reports a facing that is not an angle: NaN or infinite (field
// facing, wrapping wire.ErrInvalid; docs/errata/paintball.md, 12).
func (m *PlayerUpdateRequest) Validate() error {
	if !validFacing(m.Facing) {
		return m.Form().Err("facing", wire.ErrInvalid)
	}
	return nil
}
