package lwar

import (
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// The helpers below serve the messages' Validate methods. Every error
// they return is one the table built once (spec.Form.Err), so they
// allocate nothing.

// validString checks a string field against the spec's limit and for
// UTF-8.
func validString(s []byte, limit int, f *spec.Form, field string) error {
	if len(s) > limit {
		return f.Err(field, wire.ErrTooLong)
	}
	if !utf8.Valid(s) {
		return f.Err(field, wire.ErrInvalid)
	}
	return nil
}

// validSeqno checks the rule that sequence numbers start at 1: a reliable
// message never carries 0 (docs/errata/lwar.md, E3).
func validSeqno(seqno uint32, f *spec.Form) error {
	if seqno == 0 {
		return f.Err("seqno", wire.ErrInvalid)
	}
	return nil
}
