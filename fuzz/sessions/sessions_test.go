package sessions_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/internal/gentest"
	"github.com/gamewire/gamewire/fuzz/sessions"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

// TestProtocols checks every protocol's description: a table, states, a
// new session in state 0 that sends nothing for state 0, and generators
// of client messages that encode and that the table knows.
func TestProtocols(t *testing.T) {
	names := sessions.Names()
	if len(names) < 3 {
		t.Fatalf("Names() = %v", names)
	}
	if sessions.ByName("nope") != nil {
		t.Error("ByName of an unknown protocol is not nil")
	}
	for _, n := range names {
		p := sessions.ByName(n)
		if p == nil || p.Name != n || p.Table == nil || len(p.States) < 2 || p.LiveState < 1 || p.LiveState >= len(p.States) {
			t.Fatalf("%s: incomplete protocol %+v", n, p)
		}
		s := p.NewSession()
		if s.State() != 0 || s.Next(0) != nil {
			t.Errorf("%s: a new session is in state %d or sends for state 0", n, s.State())
		}
		for _, g := range []gopter.Gen{p.Valid, p.Any} {
			gentest.Draw(t, g, 50, 10, func(v any) {
				m, isMsg := v.(wire.Message)
				if !isMsg {
					t.Fatalf("%s: generator gave %T, not a wire.Message", n, v)
				}
				b, err := m.AppendBinary(nil)
				if err != nil {
					t.Errorf("%s: %s does not encode: %v", n, m.Form().Name, err)
				}
				if c, err := p.Table.Code(b); err != nil || p.Table.Lookup(c, wire.FromClient) == nil && m.Form().Index >= 0 {
					t.Errorf("%s: %s: code %d of %x is not a client code: %v", n, m.Form().Name, c, b, err)
				}
			})
		}
	}
}
