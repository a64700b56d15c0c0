package tfightersgen

import (
	"bytes"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Ping generates any *tfighters.Ping (SMSG_PING) that encodes: a 4-byte
// time, or an 8-byte one with any upper half.
func Ping() gopter.Gen { return ping(false) }

// ValidPing generates a *tfighters.Ping that passes Validate (an upper
// half of 0 when the time is 8 bytes wide).
func ValidPing() gopter.Gen { return ping(true) }

func ping(valid bool) gopter.Gen {
	return gopter.CombineGens(gen.UInt32(), gen.Bool(), gen.UInt32()).Map(func(v []any) *tfighters.Ping {
		m := &tfighters.Ping{Time: v[0].(uint32)}
		if v[1].(bool) {
			high := v[2].(uint32)
			if valid {
				high = 0 // Validate wants 0
			}
			m.TimeHigh = codec.LittleEndian.AppendU32(nil, high)
		}
		return m
	})
}

// Raw generates a *wire.Raw of the tfighters table with a code the spec
// does not define in either direction and any data: the frame a peer
// from the future might send. Its From is the code's range.
func Raw() gopter.Gen {
	return gopter.CombineGens(gen.UInt16(), gen.SliceOf(gen.UInt8())).Map(func(v []any) *wire.Raw {
		c, data := tfighters.Code(v[0].(uint16)), v[1].([]byte)
		if c.Known() {
			c |= 0x00f0 // no defined code has a low byte above 0x07
		}
		frame := make([]byte, 0, tfighters.HeaderLen+len(data))
		frame = codec.LittleEndian.AppendU16(frame, uint16(2+len(data)))
		frame = codec.LittleEndian.AppendU16(frame, uint16(c))
		frame = append(frame, data...)
		return wire.NewRaw(tfighters.Table(), uint32(c), c.From(), frame)
	})
}

// gens maps the Go type of every form of the table to its generator (of
// any values, or of valid ones): the coverage check
// (TestGeneratorsCoverTheTable) reads the table and looks each form up
// here; ServerMessage, ClientMessage, Message and ValidMessage draw from
// every entry, and the protocol's tests (tfighters/contract_test.go) run
// the shared harness on each with ForForm.
var gens = map[string]func(valid bool) gopter.Gen{
	"Version": form[tfighters.Version], "Pass": form[tfighters.Pass],
	"ClientNick": form[tfighters.ClientNick], "ServerNick": form[tfighters.ServerNick],
	"Pong": form[tfighters.Pong], "ClientSpawn": form[tfighters.ClientSpawn],
	"ServerSpawn": form[tfighters.ServerSpawn], "ClientAccel": form[tfighters.ClientAccel],
	"ServerAccel": form[tfighters.ServerAccel], "ClientTurn": form[tfighters.ClientTurn],
	"ServerTurn": form[tfighters.ServerTurn], "ClientNewBullet": form[tfighters.ClientNewBullet],
	"ServerNewBullet": form[tfighters.ServerNewBullet], "Cmd": form[tfighters.Cmd],
	"ClientSay": form[tfighters.ClientSay], "ServerSay": form[tfighters.ServerSay],
	"ClientTeamSay": form[tfighters.ClientTeamSay], "ServerTeamSay": form[tfighters.ServerTeamSay],
	"Hi": form[tfighters.Hi], "Motd": form[tfighters.Motd], "Lag": form[tfighters.Lag],
	"SpawnReady": form[tfighters.SpawnReady], "Invincible": form[tfighters.Invincible],
	"Hit": form[tfighters.Hit], "NewUser": form[tfighters.NewUser], "DelObj": form[tfighters.DelObj],
	"Kill": form[tfighters.Kill], "Quit": form[tfighters.Quit], "Kick": form[tfighters.Kick],
	"NickReply": nickReply, "Ping": ping,
}

// ForForm returns the generator of form f's Go type (valid values only,
// if valid), or nil for a form that has none.
func ForForm(f *spec.Form, valid bool) gopter.Gen {
	g, ok := gens[f.Type]
	if !ok {
		return nil
	}
	return g(valid)
}

// ServerMessage generates any server->client message that encodes.
func ServerMessage() gopter.Gen { return gen.OneGenOf(Forms(tfighters.FromServer, false)...) }

// ClientMessage generates any client->server message that encodes.
func ClientMessage() gopter.Gen { return gen.OneGenOf(Forms(tfighters.FromClient, false)...) }

// Message generates any message of either direction that encodes,
// including now and then a Raw with an undefined code.
func Message() gopter.Gen {
	return gen.OneGenOf(append(Forms(tfighters.AnyDirection, false), Raw())...)
}

// ValidMessage generates a message of either direction that passes
// Validate.
func ValidMessage() gopter.Gen {
	return gen.OneGenOf(Forms(tfighters.AnyDirection, true)...)
}

// Forms returns the generators of the table's forms sent in direction
// from (every form for AnyDirection), valid ones only if valid, in the
// table's order: a fuzzer draws from them, and from Raw, by direction.
func Forms(from wire.Direction, valid bool) []gopter.Gen {
	return fuzz.Forms(tfighters.Table(), from, func(f *spec.Form) gopter.Gen { return ForForm(f, valid) })
}

// breaking combines a generator of valid *T with one of a bad field value.
func breaking[T any, F any](valid, bad gopter.Gen, set func(*T, F)) gopter.Gen {
	return gopter.CombineGens(valid, bad).Map(func(v []any) *T {
		m := v[0].(*T)
		set(m, v[1].(F))
		return m
	})
}

func badAccel() gopter.Gen { return gen.Int8().SuchThat(func(a int8) bool { return a < -1 || a > 1 }) }

func badTurn() gopter.Gen {
	return gen.Int8().SuchThat(func(t int8) bool { return t < -4 || t > 4 || t%2 != 0 })
}

// badNick is empty, too long, or holds a byte the original server refuses.
func badNick() gopter.Gen {
	return gen.OneGenOf(
		gen.Const(nil),
		gen.Const(bytes.Repeat([]byte{'x'}, tfighters.MaxNickLen+1)),
		gen.UInt8Range(1, 255).SuchThat(func(c byte) bool {
			return tfighters.NickProblem([]byte{c}) != ""
		}).Map(func(c byte) []byte { return []byte{'a', c} }),
	)
}

// longText is one byte longer than max, or more.
func longText(max int) gopter.Gen {
	return gen.IntRange(max+1, max+64).Map(func(n int) []byte {
		return []byte(bytes.Repeat([]byte{'t'}, n))
	})
}

// InvalidMessage generates messages that encode but break a rule that
// Validate checks: an accel or turn out of range, a bad nick, a text too
// long, an undefined enum value, a wide ping time beyond 32 bits.
func InvalidMessage() gopter.Gen {
	return gen.OneGenOf(
		breaking(ValidClientAccel(), badAccel(), func(m *tfighters.ClientAccel, a int8) { m.Accel = a }),
		breaking(ValidServerAccel(), badAccel(), func(m *tfighters.ServerAccel, a int8) { m.Accel = a }),
		breaking(ValidClientTurn(), badTurn(), func(m *tfighters.ClientTurn, t int8) { m.Turn = t }),
		breaking(ValidServerTurn(), badTurn(), func(m *tfighters.ServerTurn, t int8) { m.Turn = t }),
		breaking(ValidClientNick(), badNick(), func(m *tfighters.ClientNick, n []byte) { m.Nick = n }),
		breaking(ValidServerNick(), badNick(), func(m *tfighters.ServerNick, n []byte) { m.NewNick = n }),
		breaking(ValidNewUser(), gen.UInt8Range(3, 255), func(m *tfighters.NewUser, t uint8) { m.Type = tfighters.ObjectType(t) }),
		breaking(ValidServerSpawn(), badAccel(), func(m *tfighters.ServerSpawn, a int8) { m.Accel = a }),
		breaking(ValidInvincible(), gen.UInt8Range(2, 255), func(m *tfighters.Invincible, v uint8) { m.YesNo = v }),
		breaking(ValidNickReply(), gen.UInt8Range(2, 255), func(m *tfighters.NickReply, v uint8) { m.GoodOrBad = tfighters.NickResult(v) }),
		breaking(ValidNickReply(), longText(tfighters.MaxReplyLen), func(m *tfighters.NickReply, t []byte) { m.Text = t }),
		breaking(ValidClientSay(), longText(tfighters.MaxTextLen), func(m *tfighters.ClientSay, t []byte) { m.Text = t }),
		breaking(ValidCmd(), longText(tfighters.MaxTextLen), func(m *tfighters.Cmd, t []byte) { m.Text = t }),
		breaking(ValidPing(), gen.UInt32Range(1, 1<<32-1), func(m *tfighters.Ping, h uint32) { m.TimeHigh = codec.LittleEndian.AppendU32(nil, h) }),
	)
}
