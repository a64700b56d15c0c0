package retrotank

import "github.com/gamewire/gamewire/wire"

// MaxAcks is MSG_MAX_ACK, the most message ids one MSG_TYPE_ACK may
// acknowledge: 253, from the spec's "509 bytes maximum (253 messages
// acknowledged)" (docs/errata/retrotank.md, E3).
const MaxAcks = 253

// MaxAcks is the table's maxAcks (retrotank/forms.go), written out so that go doc
// shows the number; these two lines fail to compile if they differ.
var _ [MaxAcks - maxAcks]struct{}
var _ [maxAcks - MaxAcks]struct{}

// Validate checks the spec's rules: at least one id ("5 bytes minimum")
// and at most MaxAcks.
func (m *Ack) Validate() error {
	switch {
	case len(m.IDs) == 0:
		return m.Form().Err("count", wire.ErrInvalid)
	case len(m.IDs) > MaxAcks:
		return m.Form().Err("count", wire.ErrTooLong)
	}
	return nil
}
