// Package lwargen provides gopter generators for every lwar message type
// and for whole lwar packets, for property tests and for fuzzing lwar
// peers.
//
// Every form of lwar's table (lwar.Table) has its generator in
// generators, by the form's spec name; Form returns it, and Message,
// ValidMessage and the packet generators draw from every form the table
// holds, so a new message type needs only its entry there (the coverage
// test reads the table and fails until it has one).
//
// The per-type generators (Connect, Chat, UpdateCircle, ...) are
// structural: they produce anything the wire format can carry (any seqno,
// any bytes of up to 255 in a string, up to 255 list entries), including
// values that break the spec's rules. ValidMessage only yields messages
// that pass Validate; InvalidMessage only ones that fail it. Packet and
// ValidPacket yield whole packets (*lwar.Packet, an
// encoding.BinaryAppender) that fit into MaxPacketSize; PacketBytes
// yields raw datagrams, good and bad, for parser fuzzing.
package lwargen

import (
	"reflect"
	"unicode/utf8"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// messageType is the static type of lwar.Message, for slices of messages.
var messageType = reflect.TypeOf((*lwar.Message)(nil)).Elem()

// ID generates generational identifiers.
func ID() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(lwar.ID{}), map[string]gopter.Gen{
		"Generation": gen.UInt16(),
		"Identity":   gen.UInt16(),
	})
}

// Header generates packet headers.
func Header() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(lwar.Header{}), map[string]gopter.Gen{
		"Ack":       gen.UInt32(),
		"Timestamp": gen.UInt32(),
	})
}

// Bytes generates byte strings of 0 to max arbitrary bytes.
func Bytes(max int) gopter.Gen {
	return gen.IntRange(0, max).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), gen.UInt8())
	}, reflect.TypeOf([]byte(nil)))
}

// text converts a generator of []byte to one of wire.Text, the type of
// lwar's string fields.
func text(g gopter.Gen) gopter.Gen {
	return g.Map(func(b []byte) wire.Text { return wire.Text(b) })
}

// Text generates valid UTF-8 of at most max bytes, mixing one- to
// four-byte characters.
func Text(max int) gopter.Gen {
	r := gen.OneGenOf(
		gen.RuneRange(' ', '~'), gen.RuneRange(' ', '~'), gen.RuneRange(' ', '~'),
		gen.RuneRange(0x80, 0x7ff),
		gen.RuneRange(0x4e00, 0x9fff),
		gen.RuneRange(0x1f300, 0x1f5ff),
	)
	return gen.IntRange(0, max).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), r).Map(func(rs []rune) []byte {
			b := make([]byte, 0, max)
			for _, c := range rs {
				if len(b)+utf8.RuneLen(c) > max {
					break
				}
				b = utf8.AppendRune(b, c)
			}
			return b
		})
	}, reflect.TypeOf([]byte(nil)))
}

// stringField generates the bytes of a string field: mostly arbitrary bytes of
// any length the uint8 can say, sometimes valid text within limit.
func stringField(limit int) gopter.Gen {
	return text(gen.OneGenOf(Bytes(255), Text(limit)))
}

// types are the generators of lwar's field types besides the predeclared
// integers (fuzz.Fill): generational identifiers, pairs of them, and the
// four weapon slots.
var types = fuzz.Types{
	reflect.TypeFor[lwar.ID]():    ID(),
	reflect.TypeFor[[2]lwar.ID](): gen.ArrayOfN(2, ID()),
	reflect.TypeFor[[4]uint8]():   gen.ArrayOfN(4, gen.UInt8()),
}

// form generates a *T of any values, but for the fields with rules, drawn
// from p by name: the sequence number (Seqno), the player's name (Name)
// and a chat message (Msg).
func form[T any](p params) gopter.Gen {
	return fuzz.Fill[T](types, map[string]gopter.Gen{"Seqno": p.seq, "Name": p.name, "Msg": p.chat})
}

// list generates a message M whose one field, Entries, holds up to
// p.entries entries E of any values (Stats and the Update messages).
func list[M, E any](p params) gopter.Gen {
	e := fuzz.Fill[E](types, nil).Map(func(e *E) E { return *e })
	return fuzz.Struct[M](map[string]gopter.Gen{"Entries": gen.IntRange(0, p.entries).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), e, reflect.TypeFor[E]())
	}, reflect.TypeFor[[]E]())})
}

// Connect generates *lwar.Connect.
func Connect() gopter.Gen { return form[lwar.Connect](structural()) }

// Disconnect generates *lwar.Disconnect.
func Disconnect() gopter.Gen { return form[lwar.Disconnect](structural()) }

// Join generates *lwar.Join.
func Join() gopter.Gen { return form[lwar.Join](structural()) }

// Leave generates *lwar.Leave.
func Leave() gopter.Gen { return form[lwar.Leave](structural()) }

// Chat generates *lwar.Chat.
func Chat() gopter.Gen { return form[lwar.Chat](structural()) }

// Add generates *lwar.Add.
func Add() gopter.Gen { return form[lwar.Add](structural()) }

// Remove generates *lwar.Remove.
func Remove() gopter.Gen { return form[lwar.Remove](structural()) }

// Selection generates *lwar.Selection.
func Selection() gopter.Gen { return form[lwar.Selection](structural()) }

// Name generates *lwar.Name.
func Name() gopter.Gen { return form[lwar.Name](structural()) }

// Synced generates *lwar.Synced.
func Synced() gopter.Gen { return form[lwar.Synced](structural()) }

// Stats generates *lwar.Stats with 0 to 255 entries.
func Stats() gopter.Gen { return list[lwar.Stats, lwar.StatsEntry](structural()) }

// Input generates *lwar.Input.
func Input() gopter.Gen { return form[lwar.Input](structural()) }

// Full generates *lwar.Full.
func Full() gopter.Gen { return form[lwar.Full](structural()) }

// Collision generates *lwar.Collision.
func Collision() gopter.Gen { return form[lwar.Collision](structural()) }

// Update generates *lwar.Update with 0 to 255 entries.
func Update() gopter.Gen { return list[lwar.Update, lwar.UpdateEntry](structural()) }

// UpdatePos generates *lwar.UpdatePos with 0 to 255 entries.
func UpdatePos() gopter.Gen { return list[lwar.UpdatePos, lwar.UpdatePosEntry](structural()) }

// UpdateRay generates *lwar.UpdateRay with 0 to 255 entries.
func UpdateRay() gopter.Gen { return list[lwar.UpdateRay, lwar.UpdateRayEntry](structural()) }

// UpdateCircle generates *lwar.UpdateCircle with 0 to 255 entries.
func UpdateCircle() gopter.Gen { return list[lwar.UpdateCircle, lwar.UpdateCircleEntry](structural()) }

// asMessage widens a generator of a message pointer to lwar.Message.
func asMessage(g gopter.Gen) gopter.Gen {
	return g.Map(func(r *gopter.GenResult) lwar.Message {
		v, _ := r.Retrieve()
		m, _ := v.(lwar.Message)
		return m
	})
}

// params are what the per-form generators take: the sequence numbers,
// names and chat messages to use, and the most list entries.
type params struct {
	seq, name, chat gopter.Gen
	entries         int
}

// generators holds the generator of every form of lwar's table, by the
// form's spec name: Message, ValidMessage, Packet and the coverage test
// read the table and take the generator from here.
var generators = map[string]func(p params) gopter.Gen{
	"Connect": form[lwar.Connect], "Disconnect": form[lwar.Disconnect], "Join": form[lwar.Join],
	"Leave": form[lwar.Leave], "Chat": form[lwar.Chat], "Add": form[lwar.Add], "Remove": form[lwar.Remove],
	"Selection": form[lwar.Selection], "Name": form[lwar.Name], "Synced": form[lwar.Synced],
	"Stats": list[lwar.Stats, lwar.StatsEntry], "Input": form[lwar.Input], "Full": form[lwar.Full],
	"Collision": form[lwar.Collision], "Update": list[lwar.Update, lwar.UpdateEntry],
	"UpdatePos": list[lwar.UpdatePos, lwar.UpdatePosEntry], "UpdateRay": list[lwar.UpdateRay, lwar.UpdateRayEntry],
	"UpdateCircle": list[lwar.UpdateCircle, lwar.UpdateCircleEntry],
}

// Form returns the generator of the form called name in lwar's table
// (its spec name, "UpdateCircle"), structural as Message's, or nil for a
// name without one.
func Form(name string) gopter.Gen {
	g := generators[name]
	if g == nil {
		return nil
	}
	return asMessage(g(structural()))
}

// structural are the parameters of Message: anything the wire can carry.
func structural() params {
	return params{seq: gen.UInt32(), name: stringField(lwar.MaxPlayerNameLength),
		chat: stringField(lwar.MaxChatMessageLength), entries: lwar.MaxEntries}
}

// forms returns one generator per form of the table sent in direction
// from (every form for wire.Both), in its order, from p. A form without a
// generator is left out (TestEveryForm fails then).
func forms(p params, from wire.Direction) []gopter.Gen {
	return fuzz.Forms(lwar.Table(), from, func(f *spec.Form) gopter.Gen {
		if g := generators[f.Name]; g != nil {
			return asMessage(g(p))
		}
		return nil
	})
}

// every generates a message of every form of the table, from p.
func every(p params) gopter.Gen { return gen.OneGenOf(forms(p, wire.Both)...) }

// Forms returns the generators of the forms of lwar's table sent in
// direction from (every form for wire.Both), structural as Message's, in
// the table's order: a fuzzer draws from them by direction.
func Forms(from wire.Direction) []gopter.Gen { return forms(structural(), from) }

// Message generates any lwar message, of every form in the table,
// structurally valid (it encodes) but not necessarily passing Validate.
func Message() gopter.Gen { return every(structural()) }

// validSeqno generates sequence numbers that are not 0.
func validSeqno() gopter.Gen { return gen.UInt32Range(1, 1<<32-1) }

// valid are the parameters of messages that pass Validate.
func valid() params {
	p := structural()
	p.seq = validSeqno()
	p.name = text(Text(lwar.MaxPlayerNameLength))
	p.chat = text(Text(lwar.MaxChatMessageLength))
	return p
}

// smallMessage generates messages of every form with at most maxEntries
// list entries; valid selects messages that pass Validate.
func smallMessage(maxEntries int, isValid bool) gopter.Gen {
	p := structural()
	if isValid {
		p = valid()
	}
	p.entries = maxEntries
	return every(p)
}

// ValidMessage generates messages of every type that pass Validate.
func ValidMessage() gopter.Gen { return smallMessage(lwar.MaxEntries, true) }

// InvalidMessage generates messages that encode but fail Validate: a
// reliable message with seqno 0, a name longer than MaxPlayerNameLength,
// or a string that is not UTF-8.
func InvalidMessage() gopter.Gen {
	zero, long, bad, badName := valid(), valid(), valid(), valid()
	zero.seq = gen.Const(uint32(0))
	long.name = text(gen.IntRange(lwar.MaxPlayerNameLength+1, 255).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), gen.UInt8Range('a', 'z'))
	}, reflect.TypeOf([]byte(nil))))
	bad.chat = text(Text(200).Map(func(b []byte) []byte { return append(b, 0xff) }))
	badName.name = bad.chat.Map(func(b wire.Text) wire.Text { return b[max(0, len(b)-8):] })
	return gen.OneGenOf(
		asMessage(form[lwar.Connect](zero)),
		asMessage(form[lwar.Disconnect](zero)),
		asMessage(form[lwar.Synced](zero)),
		asMessage(form[lwar.Connect](long)),
		asMessage(form[lwar.Join](long)),
		asMessage(form[lwar.Name](long)),
		asMessage(form[lwar.Chat](bad)),
		asMessage(form[lwar.Name](badName)),
	)
}

// packet builds a packet from a header and messages, keeping the messages
// that fit into MaxPacketSize, in order.
func packet(msgs gopter.Gen) gopter.Gen {
	list := gen.IntRange(0, 24).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), msgs, messageType)
	}, reflect.SliceOf(messageType))
	return gopter.CombineGens(Header(), list).Map(func(v []any) *lwar.Packet {
		p := &lwar.Packet{Header: v[0].(lwar.Header)}
		size := lwar.HeaderSize
		for _, m := range v[1].([]lwar.Message) {
			if size+m.Size() <= lwar.MaxPacketSize {
				p.Messages = append(p.Messages, m)
				size += m.Size()
			}
		}
		return p
	})
}

// Packet generates whole packets (*lwar.Packet) of up to MaxPacketSize
// bytes with any mix of messages, structurally valid.
func Packet() gopter.Gen { return packet(smallMessage(40, false)) }

// ValidPacket generates whole packets whose messages all pass Validate.
func ValidPacket() gopter.Gen { return packet(smallMessage(40, true)) }

// PacketBytes generates raw datagrams for parser fuzzing: mostly valid
// packets, some with a wrong appId, a cut end, an unknown or deprecated
// type id appended, or random bytes.
func PacketBytes() gopter.Gen {
	enc := Packet().Map(func(p *lwar.Packet) []byte {
		b, _ := p.MarshalBinary()
		return b
	})
	return gen.OneGenOf(
		enc, enc, enc, enc,
		gopter.CombineGens(enc, gen.UInt32()).Map(func(v []any) []byte {
			b := v[0].([]byte)
			x := v[1].(uint32)
			if x == lwar.AppID {
				x++
			}
			b[0], b[1], b[2], b[3] = byte(x>>24), byte(x>>16), byte(x>>8), byte(x)
			return b
		}),
		gopter.CombineGens(enc, gen.IntRange(0, lwar.MaxPacketSize)).Map(func(v []any) []byte {
			b := v[0].([]byte)
			return b[:min(len(b), v[1].(int))]
		}),
		gopter.CombineGens(enc, gen.OneConstOf(byte(0), byte(11), byte(99), byte(100), byte(102), byte(106), byte(200), byte(255))).Map(func(v []any) []byte {
			b := v[0].([]byte)
			if len(b) < lwar.MaxPacketSize {
				b = append(b, v[1].(byte))
			}
			return b
		}),
		Bytes(lwar.MaxPacketSize),
	)
}
