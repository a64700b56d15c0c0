package compare

import "encoding/binary"

// Hand-written lwar: plain structs mirroring the packet header and the
// big-endian messages the captures hold, type id (and seqno) included.
// The type id is not compared with gamewire's fields (cmp:"-").

type lwHeader struct {
	AppID          uint32 `cmp:"-"`
	Ack, Timestamp uint32
}

type lwID struct{ Generation, Identity uint16 }

// lwSeqno: Disconnect, Synced (a reliable header and nothing else).
type lwSeqno struct {
	Type  uint8 `cmp:"-"`
	Seqno uint32
}

// lwSeqnoID: Leave; the fixed part of Join and Chat.
type lwSeqnoID struct {
	lwSeqno
	PlayerID lwID
}

// lwText: Join (name) and Chat (msg), a uint8 length and the bytes.
type lwText struct {
	lwSeqnoID
	Text []byte
}

// lwConnect: Connect.
type lwConnect struct {
	lwSeqno
	Name []byte
}

type lwAdd struct {
	lwSeqno
	EntityID lwID
	PlayerID lwID
	TypeID   uint8
}

type lwInput struct {
	Type                               uint8 `cmp:"-"`
	PlayerID                           lwID
	FrameNo                            uint32
	Forward, Backward, TurnLeft        uint8
	TurnRight, StrafeLeft, StrafeRight uint8
	Shooting                           [4]uint8
	AimX, AimY                         int16
}

type lwUpdateEntry struct {
	EntityID    lwID
	X, Y        int16
	Orientation uint16
	Health      uint8
}

type lwUpdate struct {
	lwUpdateFixed
	Entries []lwUpdateEntry
}

type lwUpdateFixed struct {
	Type uint8 `cmp:"-"`
	Num  uint8 `cmp:"-"`
}

// Type ids.
const (
	lwConnectType    = 1
	lwDisconnectType = 2
	lwJoinType       = 3
	lwLeaveType      = 4
	lwChatType       = 5
	lwAddType        = 6
	lwSyncedType     = 10
	lwInputType      = 103
	lwUpdateType     = 110
	lwAppID          = 0xf27087c5
)

// lwHand decodes into one reused value per struct.
type lwHand struct {
	selfAppending
	header  lwHeader
	connect lwConnect
	seqno   lwSeqno
	text    lwText
	leave   lwSeqnoID
	add     lwAdd
	input   lwInput
	update  lwUpdate
}

// Decode decodes a packet header or a message. Each message's decode
// returns its length, or 0 if b is too short.
func (h *lwHand) Decode(b []byte, k Kind) (any, int, error) {
	if k == PacketHeader {
		if len(b) < 12 {
			return nil, 0, errShortFrame
		}
		p := (*[12]byte)(b)
		if be.Uint32(p[0:]) != lwAppID {
			return nil, 0, errUnknownCode
		}
		h.header = lwHeader{lwAppID, be.Uint32(p[4:]), be.Uint32(p[8:])}
		return &h.header, 12, nil
	}
	if len(b) == 0 {
		return nil, 0, errShortFrame
	}
	var v any
	n := 0
	switch b[0] {
	case lwConnectType:
		v, n = &h.connect, h.connect.decode(b)
	case lwDisconnectType, lwSyncedType:
		v, n = &h.seqno, h.seqno.decode(b)
	case lwJoinType, lwChatType:
		v, n = &h.text, h.text.decode(b)
	case lwLeaveType:
		v, n = &h.leave, h.leave.decode(b)
	case lwAddType:
		v, n = &h.add, h.add.decode(b)
	case lwInputType:
		v, n = &h.input, h.input.decode(b)
	case lwUpdateType:
		v, n = &h.update, h.update.decode(b)
	default:
		return nil, 0, errUnknownCode
	}
	if n == 0 {
		return nil, 0, errShortFrame
	}
	return v, n, nil
}

func (m *lwHeader) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 12)
	p := (*[12]byte)(w)
	be.PutUint32(p[0:], lwAppID)
	be.PutUint32(p[4:], m.Ack)
	be.PutUint32(p[8:], m.Timestamp)
	return b, nil
}

func getID(b []byte) lwID {
	_ = b[3]
	return lwID{be.Uint16(b), be.Uint16(b[2:])}
}

func putID(w []byte, id lwID) {
	_ = w[3]
	be.PutUint16(w, id.Generation)
	be.PutUint16(w[2:], id.Identity)
}

// The reliable messages start with a type and a seqno (lwSeqno), most
// then with a player id (lwSeqnoID): get reads the first two from p, put
// writes them into p.

func (m *lwSeqno) get(p []byte) { m.Type, m.Seqno = p[0], be.Uint32(p[1:5]) }

func (m *lwSeqno) put(p []byte) {
	p = p[:5]
	p[0] = m.Type
	be.PutUint32(p[1:], m.Seqno)
}

func (m *lwSeqno) decode(b []byte) int {
	if len(b) < 5 {
		return 0
	}
	m.get(b)
	return 5
}

func (m *lwSeqno) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 5)
	p := (*[5]byte)(w)
	p[0] = m.Type
	be.PutUint32(p[1:], m.Seqno)
	return b, nil
}

func (m *lwSeqnoID) decode(b []byte) int {
	if len(b) < 9 {
		return 0
	}
	m.lwSeqno.get(b)
	m.PlayerID = getID(b[5:9])
	return 9
}

func (m *lwSeqnoID) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 9)
	m.lwSeqno.put(w)
	putID(w[5:9], m.PlayerID)
	return b, nil
}

// str8 returns the string of a uint8 length at b[off] and the bytes
// after it, and the end of the string, or 0 if b is too short.
func str8(b []byte, off int) ([]byte, int) {
	if len(b) <= off {
		return nil, 0
	}
	end := off + 1 + int(b[off])
	if len(b) < end {
		return nil, 0
	}
	return b[off+1 : end], end
}

func (m *lwConnect) decode(b []byte) int {
	s, n := str8(b, 5)
	if n > 0 {
		m.lwSeqno.get(b)
	}
	m.Name = append(m.Name[:0], s...)
	return n
}

func (m *lwConnect) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 6+len(m.Name))
	m.lwSeqno.put(w)
	w[5] = byte(len(m.Name))
	copy(w[6:], m.Name)
	return b, nil
}

func (m *lwText) decode(b []byte) int {
	s, n := str8(b, 9)
	if n > 0 {
		m.lwSeqno.get(b)
		m.PlayerID = getID(b[5:9])
	}
	m.Text = append(m.Text[:0], s...)
	return n
}

func (m *lwText) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 10+len(m.Text))
	p := (*[10]byte)(w)
	p[0] = m.Type
	be.PutUint32(p[1:], m.Seqno)
	putID(p[5:], m.PlayerID)
	p[9] = byte(len(m.Text))
	copy(w[10:], m.Text)
	return b, nil
}

func (m *lwAdd) decode(b []byte) int {
	if len(b) < 14 {
		return 0
	}
	p := (*[14]byte)(b)
	m.lwSeqno.get(p[:])
	m.EntityID = getID(p[5:])
	m.PlayerID = getID(p[9:])
	m.TypeID = p[13]
	return 14
}

func (m *lwAdd) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 14)
	p := (*[14]byte)(w)
	m.lwSeqno.put(p[:])
	putID(p[5:], m.EntityID)
	putID(p[9:], m.PlayerID)
	p[13] = m.TypeID
	return b, nil
}

func (m *lwInput) decode(b []byte) int {
	if len(b) < 23 {
		return 0
	}
	p := (*[23]byte)(b)
	m.Type = p[0]
	m.PlayerID = getID(p[1:])
	m.FrameNo = be.Uint32(p[5:])
	m.Forward, m.Backward, m.TurnLeft = p[9], p[10], p[11]
	m.TurnRight, m.StrafeLeft, m.StrafeRight = p[12], p[13], p[14]
	m.Shooting = [4]uint8{p[15], p[16], p[17], p[18]}
	m.AimX = int16(be.Uint16(p[19:]))
	m.AimY = int16(be.Uint16(p[21:]))
	return 23
}

func (m *lwInput) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 23)
	p := (*[23]byte)(w)
	p[0] = m.Type
	putID(p[1:], m.PlayerID)
	be.PutUint32(p[5:], m.FrameNo)
	p[9], p[10], p[11] = m.Forward, m.Backward, m.TurnLeft
	p[12], p[13], p[14] = m.TurnRight, m.StrafeLeft, m.StrafeRight
	copy(p[15:19], m.Shooting[:])
	be.PutUint16(p[19:], uint16(m.AimX))
	be.PutUint16(p[21:], uint16(m.AimY))
	return b, nil
}

func (m *lwUpdate) decode(b []byte) int {
	if len(b) < 2 {
		m.Entries = m.Entries[:0]
		return 0
	}
	num := int(b[1])
	end := 2 + 11*num
	if len(b) < end {
		m.Entries = m.Entries[:0]
		return 0
	}
	m.Type, m.Num = b[0], b[1]
	if cap(m.Entries) < num {
		m.Entries = make([]lwUpdateEntry, num, 255) // at most 255, bounded by the bytes present
	}
	m.Entries = m.Entries[:num]
	for i := range m.Entries {
		p := (*[11]byte)(b[2+11*i:])
		e := &m.Entries[i]
		e.EntityID = getID(p[0:])
		e.X = int16(be.Uint16(p[4:]))
		e.Y = int16(be.Uint16(p[6:]))
		e.Orientation = be.Uint16(p[8:])
		e.Health = p[10]
	}
	return end
}

func (m *lwUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 2+11*len(m.Entries))
	w[0], w[1] = m.Type, byte(len(m.Entries))
	for i := range m.Entries {
		p := (*[11]byte)(w[2+11*i:])
		e := &m.Entries[i]
		putID(p[0:], e.EntityID)
		be.PutUint16(p[4:], uint16(e.X))
		be.PutUint16(p[6:], uint16(e.Y))
		be.PutUint16(p[8:], e.Orientation)
		p[10] = e.Health
	}
	return b, nil
}

// Variable layouts, for encoding/binary.

// decodeTail decodes fixed with binary.Decode, then a uint8 length and
// that many bytes into s.
func (*lwHand) decodeTail(b []byte, o binary.ByteOrder, fixed any, s *[]byte) (int, error) {
	n, err := binary.Decode(b, o, fixed)
	if err != nil {
		return 0, err
	}
	str, end := str8(b, n)
	if end == 0 {
		return 0, errShortFrame
	}
	*s = append((*s)[:0], str...)
	return end, nil
}

// appendTail appends fixed with binary.Append, then s after its length
// in a uint8.
func (*lwHand) appendTail(b []byte, o binary.ByteOrder, fixed any, s []byte) ([]byte, error) {
	b, err := binary.Append(b, o, fixed)
	return append(append(b, byte(len(s))), s...), err
}

func (m *lwText) tail() (any, *[]byte)    { return &m.lwSeqnoID, &m.Text }
func (m *lwConnect) tail() (any, *[]byte) { return &m.lwSeqno, &m.Name }

func (m *lwUpdate) list() (any, *uint8, entryList) {
	return &m.lwUpdateFixed, &m.Num, entries[lwUpdateEntry]{&m.Entries, 11}
}
