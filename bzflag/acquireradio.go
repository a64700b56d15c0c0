package bzflag

// RadioToAll is the only bit of the MsgAcquireRadio flags 1.7 defines.
const RadioToAll uint16 = 0x0001

// Validate checks that Flags holds only RadioToAll.
func (m *AcquireRadioFromClient) Validate() error {
	if m.Flags&^RadioToAll != 0 {
		return invalid(m.Form(), "flags")
	}
	return nil
}

// Validate checks that Flags holds only RadioToAll.
func (m *AcquireRadioFromServer) Validate() error {
	if m.Flags&^RadioToAll != 0 {
		return invalid(m.Form(), "flags")
	}
	return nil
}
