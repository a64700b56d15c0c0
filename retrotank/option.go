package retrotank

import "github.com/gamewire/gamewire/wire"

// Validate checks that totalMsgs counts this page at least: MSG_TYPE_OPTION
// is page 0 of totalMsgs.
func (m *Option) Validate() error {
	if m.TotalMsgs == 0 {
		return m.Form().Err("totalMsgs", wire.ErrInvalid)
	}
	return nil
}

// MessageID returns m.ID (Acked).
func (m *Option) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *Option) SetMessageID(id MessageID) { m.ID = id }
