package bzflag

var flagUpdateFlagErrs = newFlagErrors((*FlagUpdate)(nil).Form())

// Validate checks the flag status's enumerations.
func (m *FlagUpdate) Validate() error {
	return m.Flag.validate(flagUpdateFlagErrs)
}
