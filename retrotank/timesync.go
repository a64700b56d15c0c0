package retrotank

import (
	"errors"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// The time-sync datagrams travel on their own port (TimeSyncPort) and
// carry no type byte: they are told apart by direction. Their forms live
// in a table of their own, timeTable, whose code field is nominal (wire's
// tables need one) and never used for dispatch: DecodeTime picks the form
// by direction (docs/errata/retrotank.md, E21). Their codecs are written
// here by hand, 5 and 9 bytes.
var timeProtocol = spec.Protocol{
	Name:  "retrotank-timesync",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "client", Spec: "Client's ID", Type: "u8", Role: spec.CodeRole, Go: "-", Doc: "Client's ID (not a type code: the time-sync datagrams have none)."},
	},
	MaxFrame: maxDatagram,
	HardMax:  laxDatagram,
	Datagram: true,
}

// timeClient is the field both time-sync datagrams start with.
var timeClient = spec.Field{Name: "client", Spec: "Client's ID", Type: "u8", Go: "Client PlayerID", Doc: "Client's ID."}

var timeForms = []spec.Form{
	{Name: "TimeRequest", Code: 0, From: wire.FromClient, Type: "TimeRequest", Hand: true,
		Doc:    "Time synchronization datagram, client to server.",
		Header: []spec.Field{timeClient},
		Fields: []spec.Field{
			{Name: "clientTime", Spec: "Client's time", Type: "u32", Go: "ClientTime uint32", Doc: "Client's time."},
		}},
	{Name: "TimeReply", Code: 0, From: wire.FromServer, Type: "TimeReply", Hand: true,
		Doc:    "Time synchronization datagram, server to client.",
		Header: []spec.Field{timeClient},
		Fields: []spec.Field{
			{Name: "clientTime", Spec: "Client's time", Type: "u32", Go: "ClientTime uint32", Doc: "Client's time, echoed (the spec's length 5 is a typo for 4)."},
			{Name: "serverTime", Spec: "Server's time", Type: "u32", Go: "ServerTime uint32", Doc: "Server's time."},
		}},
}

var timeTable = spec.NewTable(timeProtocol, timeForms, func(i int) wire.Message {
	if i == 0 {
		return new(TimeRequest)
	}
	return new(TimeReply)
})

// TimeTable returns the table of the two time-sync datagrams. Its code
// field is nominal: use DecodeTime, not a wire.Decoder.
func TimeTable() *spec.Table { return timeTable }

// TimeRequest is the time synchronization datagram from client to server
// ("Client to Server"): 5 bytes.
type TimeRequest struct {
	// Client is the client's ID ("Client's ID").
	Client PlayerID `json:"client"`
	// ClientTime is the client's time when it sent the request.
	ClientTime uint32 `json:"clientTime"`
}

// TimeReply is the time synchronization datagram from server to client
// ("Server to Client"): 9 bytes.
type TimeReply struct {
	// Client is the client's ID ("Client's ID").
	Client PlayerID `json:"client"`
	// ClientTime is the request's time, echoed.
	ClientTime uint32 `json:"clientTime"`
	// ServerTime is the server's time ("Server's time"), the common game
	// time, when it answered.
	ServerTime uint32 `json:"serverTime"`
}

// Form returns the datagram's entry in TimeTable.
func (*TimeRequest) Form() *spec.Form { return &timeTable.Forms[0] }

// Size returns 5.
func (*TimeRequest) Size() int { return 5 }

// AppendBinary appends the 5 bytes.
func (m *TimeRequest) AppendBinary(b []byte) ([]byte, error) {
	b, p := codec.Grow(b, 5)
	p[0] = uint8(m.Client)
	be.PutU32(p[1:], m.ClientTime)
	return b, nil
}

// MarshalBinary is AppendBinary into a new buffer of 5 bytes.
func (m *TimeRequest) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 5)) }

// Decode reads 5 bytes from the start of b.
func (m *TimeRequest) Decode(b []byte) (int, error) {
	*m = TimeRequest{}
	if len(b) < 5 {
		return shortAt(m.Form(), len(b))
	}
	m.Client = PlayerID(b[0])
	m.ClientTime = be.U32(b[1:])
	return 5, nil
}

// UnmarshalBinary decodes exactly 5 bytes.
func (m *TimeRequest) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate reports nothing: every value is allowed.
func (*TimeRequest) Validate() error { return nil }

// Form returns the datagram's entry in TimeTable.
func (*TimeReply) Form() *spec.Form { return &timeTable.Forms[1] }

// Size returns 9.
func (*TimeReply) Size() int { return 9 }

// AppendBinary appends the 9 bytes: the request's 5, echoed, then
// serverTime.
func (m *TimeReply) AppendBinary(b []byte) ([]byte, error) {
	req := TimeRequest{Client: m.Client, ClientTime: m.ClientTime}
	b, _ = req.AppendBinary(b)
	return be.AppendU32(b, m.ServerTime), nil
}

// MarshalBinary is AppendBinary into a new buffer of 9 bytes.
func (m *TimeReply) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 9)) }

// Decode reads 9 bytes from the start of b.
func (m *TimeReply) Decode(b []byte) (int, error) {
	*m = TimeReply{}
	if len(b) < 9 {
		return shortAt(m.Form(), len(b))
	}
	var req TimeRequest // the request echoed
	req.Decode(b)
	m.Client, m.ClientTime, m.ServerTime = req.Client, req.ClientTime, be.U32(b[5:])
	return 9, nil
}

// UnmarshalBinary decodes exactly 9 bytes.
func (m *TimeReply) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate reports nothing: every value is allowed.
func (*TimeReply) Validate() error { return nil }

// DecodeTime decodes one time-sync datagram sent in direction from: a
// *TimeRequest from the client, a *TimeReply from the server. The whole
// of b must be the datagram. The message does not alias b.
func DecodeTime(b []byte, from wire.Direction) (Message, int, error) {
	var m Message
	switch from {
	case wire.FromClient:
		m = new(TimeRequest)
	case wire.FromServer:
		m = new(TimeReply)
	default:
		return nil, 0, timeTable.RawForm().Err("", wire.ErrInvalid)
	}
	if err := m.UnmarshalBinary(b); err != nil {
		return nil, 0, err
	}
	return m, len(b), nil
}

// Answer returns the server's reply to req at server time now (the common
// game time); a nil req is refused with ErrNil. TimeServer answers every
// request this way.
func Answer(req *TimeRequest, now uint32) (TimeReply, error) {
	if req == nil {
		return TimeReply{}, ErrNil
	}
	return TimeReply{Client: req.Client, ClientTime: req.ClientTime, ServerTime: now}, nil
}

// ErrTimeEcho is returned by TimeSync.Reply for a reply that echoes no
// request of this TimeSync, another client's id, or that took longer than
// MaxRTT: it is ignored.
var ErrTimeEcho = errors.New("retrotank: time-sync reply answers no pending request")

// TimeSync is the client's side of the time synchronisation: it sends
// requests stamped with the client's clock, and from the replies estimates
// the common game time as the client clock plus an offset. Times are the
// game's 32-bit clock values (milliseconds by this package's convention,
// docs/errata/retrotank.md, S6) and wrap around; the caller passes the
// client's clock in (no clock of its own, no goroutine).
//
// With t0 the request's time and t1 the reply's arrival (client clock) and
// s the server's time in it: rtt = t1 - t0 and offset = s + rtt/2 - t1.
// The sample with the smallest round trip wins: it had the least queueing,
// so the least error.
type TimeSync struct {
	// Client is the client's id, stamped into requests.
	Client PlayerID
	// MaxRTT drops replies whose round trip is longer (0: 5000).
	MaxRTT uint32

	sent   [8]uint32 // recent request times
	nsent  int
	offset int32
	rtt    uint32
	ok     bool
}

// Request returns the request to send at client time now, and remembers
// it (the last 8 requests are answerable).
func (s *TimeSync) Request(now uint32) TimeRequest {
	s.sent[s.nsent%len(s.sent)] = now
	s.nsent++
	return TimeRequest{Client: s.Client, ClientTime: now}
}

// Reply takes the server's reply r, arrived at client time now. A reply
// to no pending request, or over MaxRTT, returns ErrTimeEcho and changes
// nothing; a nil r, ErrNil.
func (s *TimeSync) Reply(r *TimeReply, now uint32) error {
	if r == nil {
		return ErrNil
	}
	if r.Client != s.Client {
		return ErrTimeEcho
	}
	found := false
	for i := 0; i < min(s.nsent, len(s.sent)); i++ {
		if s.sent[i] == r.ClientTime {
			found = true
		}
	}
	max := s.MaxRTT
	if max == 0 {
		max = 5000
	}
	rtt := now - r.ClientTime
	if !found || rtt > max {
		return ErrTimeEcho
	}
	if !s.ok || rtt < s.rtt {
		s.rtt = rtt
		s.offset = int32(r.ServerTime + rtt/2 - now)
		s.ok = true
	}
	return nil
}

// Estimate returns the offset (game time minus client time) and the round
// trip of the best sample; ok is false before the first reply.
func (s *TimeSync) Estimate() (offset int32, rtt uint32, ok bool) { return s.offset, s.rtt, s.ok }

// GameTime returns the estimated common game time at client time now
// (now itself before the first reply).
func (s *TimeSync) GameTime(now uint32) uint32 { return now + uint32(s.offset) }
