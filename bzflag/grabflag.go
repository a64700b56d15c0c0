package bzflag

var grabFlagFromServerFlagErrs = newFlagErrors((*GrabFlagFromServer)(nil).Form())

// Validate checks the flag status's enumerations.
func (m *GrabFlagFromServer) Validate() error {
	return m.Flag.validate(grabFlagFromServerFlagErrs)
}
