package bzflag

var dropFlagFromServerFlagErrs = newFlagErrors((*DropFlagFromServer)(nil).Form())

// Validate checks the flag status's enumerations.
func (m *DropFlagFromServer) Validate() error {
	return m.Flag.validate(dropFlagFromServerFlagErrs)
}
