package bzflaggen

import (
	"reflect"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// upTo generates a uint16 of at most max or, unless valid, any uint16
// one time in five.
func upTo(max uint16, valid bool) gopter.Gen {
	if valid {
		return gen.UInt16Range(0, max)
	}
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 4, Gen: gen.UInt16Range(0, max)},
		{Weight: 1, Gen: gen.UInt16()},
	})
}

// bits generates a bit set within known or, unless valid, any uint16 one
// time in five.
func bits(known uint16, valid bool) gopter.Gen {
	k := gen.UInt16().Map(func(x uint16) uint16 { return x & known })
	if valid {
		return k
	}
	return gen.Weighted([]gen.WeightedGen{{Weight: 4, Gen: k}, {Weight: 1, Gen: gen.UInt16()}})
}

func playerStatus(valid bool) gopter.Gen {
	return bits(uint16(bzflag.StatusKnown), valid).Map(func(x uint16) bzflag.PlayerStatus { return bzflag.PlayerStatus(x) })
}

func gameStyle(valid bool) gopter.Gen {
	return bits(uint16(bzflag.KnownGameStyles), valid).Map(func(x uint16) bzflag.GameStyle { return bzflag.GameStyle(x) })
}

func teamCounts() gopter.Gen {
	return gen.SliceOfN(bzflag.NumTeams, gen.UInt16()).Map(func(s []uint16) (a [bzflag.NumTeams]uint16) {
		copy(a[:], s)
		return a
	})
}

func numTeams(valid bool) gopter.Gen {
	if valid {
		return gen.Const(uint16(bzflag.NumTeams))
	}
	return gen.Weighted([]gen.WeightedGen{{Weight: 3, Gen: gen.Const(uint16(bzflag.NumTeams))}, {Weight: 1, Gen: gen.UInt16()}})
}

// digest generates MsgWantWHash digests: 't' or 'p' then 32 hexadecimal
// digits or, unless valid, any bytes one time in four.
func digest(valid bool) gopter.Gen {
	hex := gen.SliceOfN(32, gen.OneConstOf(byte('0'), byte('7'), byte('9'), byte('a'), byte('c'), byte('f')))
	good := gopter.CombineGens(gen.OneConstOf(byte('t'), byte('p')), hex).Map(func(v []any) wire.Text {
		return wire.Text(append([]byte{v[0].(byte)}, v[1].([]byte)...))
	})
	if valid {
		return good
	}
	bad := bytesUpTo(bzflag.MaxBodyLen - 1).Map(func(b []byte) wire.Text { return wire.Text(b) })
	return gen.Weighted([]gen.WeightedGen{{Weight: 3, Gen: good}, {Weight: 1, Gen: bad}})
}

// pick combines the generators of the forms of bzflag.Table() sent in
// direction from (every form for wire.Both), in the table's order, as
// bzflag.Message values; withRules keeps only the types that have rules.
func pick(valid bool, from wire.Direction, withRules bool) gopter.Gen {
	return gen.OneGenOf(fuzz.Forms(bzflag.Table(), from, func(f *spec.Form) gopter.Gen {
		e, ok := entries[f.Type]
		if !ok || withRules && !e.rules {
			return nil
		}
		return asMessage(e.gen(valid))
	})...)
}

// ForForm returns the generator of form f's Go type (valid values only,
// if valid), or nil for a form that has none: the protocol's tests run
// the shared harness (internal/codectest) on each form with it.
func ForForm(f *spec.Form, valid bool) gopter.Gen {
	e, ok := entries[f.Type]
	if !ok {
		return nil
	}
	return e.gen(valid)
}

// Missing returns the Go types of the forms of bzflag.Table() that have
// no generator here: none, or the package's tests fail.
func Missing() []string {
	var out []string
	for _, f := range bzflag.Table().Forms {
		if _, ok := entries[f.Type]; !ok {
			out = append(out, f.Type)
		}
	}
	return out
}

var messageType = reflect.TypeOf((*bzflag.Message)(nil)).Elem()

// asMessage turns a generator of *T into one of bzflag.Message values.
func asMessage(g gopter.Gen) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		v, ok := g(p).Retrieve()
		if !ok {
			return gopter.NewEmptyResult(messageType)
		}
		r := gopter.NewGenResult(v, gopter.NoShrinker)
		r.ResultType = messageType
		return r
	}
}

// Message generates any message of any type, rules broken at times.
func Message() gopter.Gen { return pick(false, wire.Both, false) }

// ValidMessage generates messages of any type that pass Validate.
func ValidMessage() gopter.Gen { return pick(true, wire.Both, false) }

// InvalidMessage generates messages that fail Validate: messages of the
// types that have rules, drawn until one breaks them.
func InvalidMessage() gopter.Gen {
	return pick(false, wire.Both, true).SuchThat(func(m bzflag.Message) bool {
		return m.Validate() != nil
	})
}

// Invalid keeps the values of g (a generator of *T message values) that
// fail Validate: Invalid(Enter()) yields MsgEnter frames that break a rule
// of the spec but are still well-formed on the wire. Use it with the types
// that have rules (those with a Valid... generator); for the others it
// yields nothing.
func Invalid(g gopter.Gen) gopter.Gen {
	return g.SuchThat(func(v any) bool {
		m, ok := v.(bzflag.Message)
		return ok && m.Validate() != nil
	})
}

// FromClient generates the messages a client sends (client-to-server
// forms and forms shared by both directions), rules broken at times.
func FromClient() gopter.Gen {
	return pick(false, bzflag.FromClient, false)
}

// FromServer generates the messages a server sends.
func FromServer() gopter.Gen {
	return pick(false, bzflag.FromServer, false)
}

// ValidFromClient generates valid messages a client sends: what a fuzzer
// aims at a server to get past its first checks.
func ValidFromClient() gopter.Gen {
	return pick(true, bzflag.FromClient, false)
}

// ValidFromServer generates valid messages a server sends.
func ValidFromServer() gopter.Gen {
	return pick(true, bzflag.FromServer, false)
}
