package tfightersgen

import (
	"bytes"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
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
	return fuzz.Struct[tfighters.Ping](map[string]gopter.Gen{
		"Time":     u32(),
		"Wide":     gen.Bool(),
		"TimeHigh": u32(),
	}).Map(func(m *tfighters.Ping) *tfighters.Ping {
		if !m.Wide || valid {
			m.TimeHigh = 0 // an upper half needs Wide; Validate wants 0
		}
		return m
	})
}

// Raw generates a *tfighters.Raw with a code the spec does not define and
// any data.
func Raw() gopter.Gen {
	return fuzz.Struct[tfighters.Raw](map[string]gopter.Gen{
		"Type": gen.UInt16().Map(func(v uint16) tfighters.Code { return tfighters.Code(v) }),
		"Data": gen.SliceOf(gen.UInt8()).Map(func(b []byte) wire.Text { return wire.Text(b) }),
	}).Map(func(m *tfighters.Raw) *tfighters.Raw {
		if m.Type.Known() {
			m.Type |= 0x00f0 // no defined code has a low byte above 0x07
		}
		return m
	})
}

// ServerMessage generates any server->client message that encodes.
func ServerMessage() gopter.Gen { return gen.OneGenOf(serverGens(false)...) }

// ClientMessage generates any client->server message that encodes.
func ClientMessage() gopter.Gen { return gen.OneGenOf(clientGens(false)...) }

// Message generates any message of either direction that encodes,
// including now and then a Raw with an undefined code.
func Message() gopter.Gen {
	gs := append(serverGens(false), clientGens(false)...)
	return gen.OneGenOf(append(gs, Raw())...)
}

// ValidMessage generates a message of either direction that passes
// Validate.
func ValidMessage() gopter.Gen {
	return gen.OneGenOf(append(serverGens(true), clientGens(true)...)...)
}

func serverGens(valid bool) []gopter.Gen {
	return []gopter.Gen{
		hi(valid), motd(valid), ping(valid), lag(valid), spawnReady(valid),
		serverAccel(valid), serverTurn(valid), invincible(valid), hit(valid),
		serverSay(valid), serverTeamSay(valid), newUser(valid), delObj(valid),
		kill(valid), serverNewBullet(valid), serverNick(valid), serverSpawn(valid),
		quit(valid), kick(valid), nickReply(valid),
	}
}

func clientGens(valid bool) []gopter.Gen {
	return []gopter.Gen{
		version(valid), pass(valid), clientNick(valid), pong(valid), clientSpawn(valid),
		clientAccel(valid), clientTurn(valid), clientNewBullet(valid),
		cmd(valid), clientSay(valid), clientTeamSay(valid),
	}
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
		gen.Const(wire.Text(nil)),
		gen.Const(wire.Text(bytes.Repeat([]byte{'x'}, tfighters.MaxNickLen+1))),
		gen.UInt8Range(1, 255).SuchThat(func(c byte) bool {
			return tfighters.NickProblem([]byte{c}) != ""
		}).Map(func(c byte) wire.Text { return wire.Text{'a', c} }),
	)
}

// longText is one byte longer than max, or more.
func longText(max int) gopter.Gen {
	return gen.IntRange(max+1, max+64).Map(func(n int) wire.Text {
		return wire.Text(bytes.Repeat([]byte{'t'}, n))
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
		breaking(ValidClientNick(), badNick(), func(m *tfighters.ClientNick, n wire.Text) { m.Nick = n }),
		breaking(ValidServerNick(), badNick(), func(m *tfighters.ServerNick, n wire.Text) { m.NewNick = n }),
		breaking(ValidNewUser(), gen.UInt8Range(3, 255), func(m *tfighters.NewUser, t uint8) { m.Type = tfighters.ObjectType(t) }),
		breaking(ValidServerSpawn(), badAccel(), func(m *tfighters.ServerSpawn, a int8) { m.Accel = a }),
		breaking(ValidInvincible(), gen.UInt8Range(2, 255), func(m *tfighters.Invincible, v uint8) { m.YesNo = v }),
		breaking(ValidNickReply(), gen.UInt8Range(2, 255), func(m *tfighters.NickReply, v uint8) { m.GoodOrBad = tfighters.NickResult(v) }),
		breaking(ValidNickReply(), longText(tfighters.MaxReplyLen), func(m *tfighters.NickReply, t wire.Text) { m.Text = t }),
		breaking(ValidClientSay(), longText(tfighters.MaxTextLen), func(m *tfighters.ClientSay, t wire.Text) { m.Text = t }),
		breaking(ValidCmd(), longText(tfighters.MaxTextLen), func(m *tfighters.Cmd, t wire.Text) { m.Text = t }),
		breaking(ValidPing(), gen.UInt32Range(1, 1<<32-1), func(m *tfighters.Ping, h uint32) { m.Wide, m.TimeHigh = true, h }),
	)
}
