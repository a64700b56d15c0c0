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

// entries generates 0 to max list entries from g.
func entries(max int, g gopter.Gen, t reflect.Type) gopter.Gen {
	return gen.IntRange(0, max).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), g, t)
	}, reflect.SliceOf(t))
}

// Connect generates *lwar.Connect.
func Connect() gopter.Gen { return connect(gen.UInt32(), stringField(lwar.MaxPlayerNameLength)) }

func connect(seqno, name gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Connect{}), map[string]gopter.Gen{
		"Seqno": seqno, "Name": name,
	})
}

// Disconnect generates *lwar.Disconnect.
func Disconnect() gopter.Gen { return disconnect(gen.UInt32()) }

func disconnect(seqno gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Disconnect{}), map[string]gopter.Gen{"Seqno": seqno})
}

// Join generates *lwar.Join.
func Join() gopter.Gen { return join(gen.UInt32(), stringField(lwar.MaxPlayerNameLength)) }

func join(seqno, name gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Join{}), map[string]gopter.Gen{
		"Seqno": seqno, "PlayerID": ID(), "Name": name,
	})
}

// Leave generates *lwar.Leave.
func Leave() gopter.Gen { return leave(gen.UInt32()) }

func leave(seqno gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Leave{}), map[string]gopter.Gen{
		"Seqno": seqno, "PlayerID": ID(),
	})
}

// Chat generates *lwar.Chat.
func Chat() gopter.Gen { return chat(gen.UInt32(), stringField(lwar.MaxChatMessageLength)) }

func chat(seqno, msg gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Chat{}), map[string]gopter.Gen{
		"Seqno": seqno, "PlayerID": ID(), "Msg": msg,
	})
}

// Add generates *lwar.Add.
func Add() gopter.Gen { return add(gen.UInt32()) }

func add(seqno gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Add{}), map[string]gopter.Gen{
		"Seqno": seqno, "EntityID": ID(), "PlayerID": ID(), "TypeID": gen.UInt8(),
	})
}

// Remove generates *lwar.Remove.
func Remove() gopter.Gen { return remove(gen.UInt32()) }

func remove(seqno gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Remove{}), map[string]gopter.Gen{
		"Seqno": seqno, "EntityID": ID(),
	})
}

// Selection generates *lwar.Selection.
func Selection() gopter.Gen { return selection(gen.UInt32()) }

func selection(seqno gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Selection{}), map[string]gopter.Gen{
		"Seqno": seqno, "PlayerID": ID(), "ShipType": gen.UInt8(),
		"WeaponType": gen.ArrayOfN(4, gen.UInt8()),
	})
}

// Name generates *lwar.Name.
func Name() gopter.Gen { return name(gen.UInt32(), stringField(lwar.MaxPlayerNameLength)) }

func name(seqno, nameG gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Name{}), map[string]gopter.Gen{
		"Seqno": seqno, "PlayerID": ID(), "Name": nameG,
	})
}

// Synced generates *lwar.Synced.
func Synced() gopter.Gen { return synced(gen.UInt32()) }

func synced(seqno gopter.Gen) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Synced{}), map[string]gopter.Gen{"Seqno": seqno})
}

// Stats generates *lwar.Stats with 0 to 255 entries.
func Stats() gopter.Gen { return stats(lwar.MaxEntries) }

func stats(max int) gopter.Gen {
	e := gen.StrictStruct(reflect.TypeOf(lwar.StatsEntry{}), map[string]gopter.Gen{
		"Player": ID(), "Kills": gen.UInt16(), "Deaths": gen.UInt16(), "Ping": gen.UInt16(),
	})
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Stats{}), map[string]gopter.Gen{
		"Entries": entries(max, e, reflect.TypeOf(lwar.StatsEntry{})),
	})
}

// Input generates *lwar.Input.
func Input() gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Input{}), map[string]gopter.Gen{
		"PlayerID": ID(), "FrameNo": gen.UInt32(),
		"Forward": gen.UInt8(), "Backward": gen.UInt8(),
		"TurnLeft": gen.UInt8(), "TurnRight": gen.UInt8(),
		"StrafeLeft": gen.UInt8(), "StrafeRight": gen.UInt8(),
		"Shooting": gen.ArrayOfN(4, gen.UInt8()),
		"AimX":     gen.Int16(), "AimY": gen.Int16(),
	})
}

// Full generates *lwar.Full.
func Full() gopter.Gen {
	return gen.Const(&lwar.Full{}).Map(func(*lwar.Full) *lwar.Full { return &lwar.Full{} })
}

// Collision generates *lwar.Collision.
func Collision() gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Collision{}), map[string]gopter.Gen{
		"EntityIDs": gen.ArrayOfN(2, ID()), "X": gen.Int16(), "Y": gen.Int16(),
	})
}

// Update generates *lwar.Update with 0 to 255 entries.
func Update() gopter.Gen { return update(lwar.MaxEntries) }

func update(max int) gopter.Gen {
	e := gen.StrictStruct(reflect.TypeOf(lwar.UpdateEntry{}), map[string]gopter.Gen{
		"EntityID": ID(), "X": gen.Int16(), "Y": gen.Int16(),
		"Orientation": gen.UInt16(), "Health": gen.UInt8(),
	})
	return gen.StrictStructPtr(reflect.TypeOf(lwar.Update{}), map[string]gopter.Gen{
		"Entries": entries(max, e, reflect.TypeOf(lwar.UpdateEntry{})),
	})
}

// UpdatePos generates *lwar.UpdatePos with 0 to 255 entries.
func UpdatePos() gopter.Gen { return updatePos(lwar.MaxEntries) }

func updatePos(max int) gopter.Gen {
	e := gen.StrictStruct(reflect.TypeOf(lwar.UpdatePosEntry{}), map[string]gopter.Gen{
		"EntityID": ID(), "X": gen.Int16(), "Y": gen.Int16(),
	})
	return gen.StrictStructPtr(reflect.TypeOf(lwar.UpdatePos{}), map[string]gopter.Gen{
		"Entries": entries(max, e, reflect.TypeOf(lwar.UpdatePosEntry{})),
	})
}

// UpdateRay generates *lwar.UpdateRay with 0 to 255 entries.
func UpdateRay() gopter.Gen { return updateRay(lwar.MaxEntries) }

func updateRay(max int) gopter.Gen {
	e := gen.StrictStruct(reflect.TypeOf(lwar.UpdateRayEntry{}), map[string]gopter.Gen{
		"EntityID": ID(), "X": gen.Int16(), "Y": gen.Int16(),
		"Orientation": gen.UInt16(), "Length": gen.UInt16(),
	})
	return gen.StrictStructPtr(reflect.TypeOf(lwar.UpdateRay{}), map[string]gopter.Gen{
		"Entries": entries(max, e, reflect.TypeOf(lwar.UpdateRayEntry{})),
	})
}

// UpdateCircle generates *lwar.UpdateCircle with 0 to 255 entries.
func UpdateCircle() gopter.Gen { return updateCircle(lwar.MaxEntries) }

func updateCircle(max int) gopter.Gen {
	e := gen.StrictStruct(reflect.TypeOf(lwar.UpdateCircleEntry{}), map[string]gopter.Gen{
		"EntityID": ID(), "X": gen.Int16(), "Y": gen.Int16(), "Radius": gen.UInt16(),
	})
	return gen.StrictStructPtr(reflect.TypeOf(lwar.UpdateCircle{}), map[string]gopter.Gen{
		"Entries": entries(max, e, reflect.TypeOf(lwar.UpdateCircleEntry{})),
	})
}

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
	"Connect":      func(p params) gopter.Gen { return connect(p.seq, p.name) },
	"Disconnect":   func(p params) gopter.Gen { return disconnect(p.seq) },
	"Join":         func(p params) gopter.Gen { return join(p.seq, p.name) },
	"Leave":        func(p params) gopter.Gen { return leave(p.seq) },
	"Chat":         func(p params) gopter.Gen { return chat(p.seq, p.chat) },
	"Add":          func(p params) gopter.Gen { return add(p.seq) },
	"Remove":       func(p params) gopter.Gen { return remove(p.seq) },
	"Selection":    func(p params) gopter.Gen { return selection(p.seq) },
	"Name":         func(p params) gopter.Gen { return name(p.seq, p.name) },
	"Synced":       func(p params) gopter.Gen { return synced(p.seq) },
	"Stats":        func(p params) gopter.Gen { return stats(p.entries) },
	"Input":        func(params) gopter.Gen { return Input() },
	"Full":         func(params) gopter.Gen { return Full() },
	"Collision":    func(params) gopter.Gen { return Collision() },
	"Update":       func(p params) gopter.Gen { return update(p.entries) },
	"UpdatePos":    func(p params) gopter.Gen { return updatePos(p.entries) },
	"UpdateRay":    func(p params) gopter.Gen { return updateRay(p.entries) },
	"UpdateCircle": func(p params) gopter.Gen { return updateCircle(p.entries) },
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
	return fuzz.Forms(lwar.Table(), from, func(f *wire.Form) gopter.Gen {
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

// smallMessage generates messages of every form with at most maxEntries
// list entries; valid selects messages that pass Validate.
func smallMessage(maxEntries int, valid bool) gopter.Gen {
	p := structural()
	p.entries = maxEntries
	if valid {
		p.seq = validSeqno()
		p.name = text(Text(lwar.MaxPlayerNameLength))
		p.chat = text(Text(lwar.MaxChatMessageLength))
	}
	return every(p)
}

// ValidMessage generates messages of every type that pass Validate.
func ValidMessage() gopter.Gen { return smallMessage(lwar.MaxEntries, true) }

// InvalidMessage generates messages that encode but fail Validate: a
// reliable message with seqno 0, a name longer than MaxPlayerNameLength,
// or a string that is not UTF-8.
func InvalidMessage() gopter.Gen {
	longName := text(gen.IntRange(lwar.MaxPlayerNameLength+1, 255).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), gen.UInt8Range('a', 'z'))
	}, reflect.TypeOf([]byte(nil))))
	badUTF8 := text(Text(200).Map(func(b []byte) []byte { return append(b, 0xff) }))
	return gen.OneGenOf(
		asMessage(connect(gen.Const(uint32(0)), text(Text(lwar.MaxPlayerNameLength)))),
		asMessage(disconnect(gen.Const(uint32(0)))),
		asMessage(synced(gen.Const(uint32(0)))),
		asMessage(connect(validSeqno(), longName)),
		asMessage(join(validSeqno(), longName)),
		asMessage(name(validSeqno(), longName)),
		asMessage(chat(validSeqno(), badUTF8)),
		asMessage(name(validSeqno(), badUTF8.Map(func(b wire.Text) wire.Text { return b[max(0, len(b)-8):] }))),
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
