package bzflag

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// validate checks the enumerations of a flag status and returns the error
// of the field that breaks them, from e, or nil.
func (s *FlagStatus) validate(e *flagErrors) error {
	switch {
	case !s.ID.Known():
		return &e[0]
	case !s.Status.Known():
		return &e[1]
	case !s.Type.Known():
		return &e[2]
	}
	return nil
}

// flagErrors are the errors of the flag status fields validate checks
// (flagId, status, type) for one form that carries a flag status, with
// the fields' offsets in its frame: the table names only the form's own
// field "flag", so they are built here, once.
type flagErrors [3]wire.Error

func newFlagErrors(f *spec.Form) *flagErrors {
	var e flagErrors
	base := f.Field("flag").Offset
	ty := table.Type("FlagStatus")
	for i, name := range [...]string{"flagId", "status", "type"} {
		e[i] = wire.Error{Protocol: proto, Message: f.Name, Field: name, Offset: base + ty.Field(name).Offset, Err: wire.ErrInvalid}
	}
	return &e
}
