package lwar

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// typeMessageNames holds, for each type byte the spec does not define, the
// message name used in its error ("message type 57"), so that building
// the error allocates nothing.
var typeMessageNames [256]string

func init() {
	for i := range typeMessageNames {
		typeMessageNames[i] = "message type " + strconv.Itoa(i)
	}
	typeMessageNames[TypeDeprecated] = "message type 102 (deprecated, formerly Update)"
}

// typeError returns the error for a message whose type byte t at offset
// off of the input is unknown or deprecated (102): wire.ErrUnknownCode,
// with a message name that says which.
func typeError(t Type, off int) error {
	return wire.NewError(proto, typeMessageNames[t], "type", off, wire.ErrUnknownCode)
}

// New returns a new, zero message of type t. It fails with
// wire.ErrUnknownCode for a type the spec does not define, and for the
// deprecated id 102 with an error that names it.
func New(t Type) (Message, error) {
	switch t {
	case TypeConnect:
		return new(Connect), nil
	case TypeDisconnect:
		return new(Disconnect), nil
	case TypeJoin:
		return new(Join), nil
	case TypeLeave:
		return new(Leave), nil
	case TypeChat:
		return new(Chat), nil
	case TypeAdd:
		return new(Add), nil
	case TypeRemove:
		return new(Remove), nil
	case TypeSelection:
		return new(Selection), nil
	case TypeName:
		return new(Name), nil
	case TypeSynced:
		return new(Synced), nil
	case TypeStats:
		return new(Stats), nil
	case TypeInput:
		return new(Input), nil
	case TypeFull:
		return new(Full), nil
	case TypeCollision:
		return new(Collision), nil
	case TypeUpdate:
		return new(Update), nil
	case TypeUpdatePos:
		return new(UpdatePos), nil
	case TypeUpdateRay:
		return new(UpdateRay), nil
	case TypeUpdateCircle:
		return new(UpdateCircle), nil
	}
	return nil, typeError(t, 0)
}

// DecodeMessage decodes the message at the start of b, whatever its type,
// into a new value, and returns it with the number of bytes read. It
// allocates; hot loops use a Decoder or an Iterator.
func DecodeMessage(b []byte) (Message, int, error) {
	if len(b) == 0 {
		return nil, 0, wire.NewError(proto, "message", "type", 0, wire.ErrShort)
	}
	m, err := New(Type(b[0]))
	if err != nil {
		return nil, 0, err
	}
	n, err := m.Decode(b)
	if err != nil {
		return nil, 0, err
	}
	return m, n, nil
}

// Decoder decodes messages of every type without allocating: it holds one
// value per type and decodes into it again each time (the idea of
// gopacket's DecodingLayerParser). The zero value is ready to use.
//
// The Message a Decode returns points into the Decoder: it stays valid
// until the next Decode of a message of the same type. Copy what must
// live longer.
type Decoder struct {
	connect      Connect
	disconnect   Disconnect
	join         Join
	leave        Leave
	chat         Chat
	add          Add
	remove       Remove
	selection    Selection
	name         Name
	synced       Synced
	stats        Stats
	input        Input
	full         Full
	collision    Collision
	update       Update
	updatePos    UpdatePos
	updateRay    UpdateRay
	updateCircle UpdateCircle
}

// Decode decodes the message at the start of b into the Decoder's value
// for its type and returns that value and the number of bytes read.
// Unknown and deprecated type ids fail with wire.ErrUnknownCode.
func (d *Decoder) Decode(b []byte) (Message, int, error) {
	if len(b) == 0 {
		return nil, 0, wire.NewError(proto, "message", "type", 0, wire.ErrShort)
	}
	var m Message
	switch Type(b[0]) {
	case TypeConnect:
		m = &d.connect
	case TypeDisconnect:
		m = &d.disconnect
	case TypeJoin:
		m = &d.join
	case TypeLeave:
		m = &d.leave
	case TypeChat:
		m = &d.chat
	case TypeAdd:
		m = &d.add
	case TypeRemove:
		m = &d.remove
	case TypeSelection:
		m = &d.selection
	case TypeName:
		m = &d.name
	case TypeSynced:
		m = &d.synced
	case TypeStats:
		m = &d.stats
	case TypeInput:
		m = &d.input
	case TypeFull:
		m = &d.full
	case TypeCollision:
		m = &d.collision
	case TypeUpdate:
		m = &d.update
	case TypeUpdatePos:
		m = &d.updatePos
	case TypeUpdateRay:
		m = &d.updateRay
	case TypeUpdateCircle:
		m = &d.updateCircle
	default:
		return nil, 0, typeError(Type(b[0]), 0)
	}
	n, err := m.Decode(b)
	if err != nil {
		return nil, 0, err
	}
	return m, n, nil
}
