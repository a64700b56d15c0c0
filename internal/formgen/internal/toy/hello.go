package toy

import "github.com/gamewire/gamewire/wire"

// Validate checks the rule of MsgHello: a known player type.
func (m *Hello) Validate() error {
	if m.Type > PlayerTypeBot {
		return forms[0].Err("type", wire.ErrInvalid)
	}
	return nil
}
