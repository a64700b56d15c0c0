package paintball

import "github.com/gamewire/gamewire/wire"

// Validate reports a shooting state other than 0, 1 and 2 (field
// shootingState, wrapping wire.ErrInvalid).
func (m *ShootUpdateRequest) Validate() error {
	if !m.ShootingState.Known() {
		return m.Form().Err("shootingState", wire.ErrInvalid)
	}
	return nil
}
