package retrotank

import "github.com/gamewire/gamewire/wire"

// Validate checks that the broadcast flag is 0 or 1
// (docs/errata/retrotank.md, E6).
func (m *ConnReq) Validate() error {
	if m.Bcast > 1 {
		return m.Form().Err("bcast", wire.ErrInvalid)
	}
	return nil
}
