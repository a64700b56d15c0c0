package retrotank

import (
	"errors"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Errors of the server.
var (
	// ErrUnknownPeer is returned by Server.Receive for a datagram other
	// than CONN_REQ from an address with no connection.
	ErrUnknownPeer = errors.New("retrotank: datagram from an address with no connection")
	// ErrClientDFS is returned by Server.Receive for a PLAYER_UPDATE from
	// a client with PLAYER_UPDATE_DFS set: "only valid when sent from the
	// server". The message is acknowledged, not delivered.
	ErrClientDFS = errors.New("retrotank: PLAYER_UPDATE_DFS from a client")
)

// DefaultMaxClients is the default bound on a Server's connections.
const DefaultMaxClients = 16

// ServerConfig configures a Server; the zero value means the defaults.
type ServerConfig struct {
	// Ack configures each connection's acknowledgement system.
	Ack AckConfig
	// MaxClients bounds the connections (DefaultMaxClients if 0, at most
	// 255); a CONN_REQ beyond it is denied. Client ids are 0 to
	// MaxClients-1.
	MaxClients int
}

// Peer is one client connection of a Server.
type Peer struct {
	// Addr is the client's address.
	Addr netip.AddrPort
	// ID is the client id the server assigned (CONN_ACCEPT's localPlayer).
	ID PlayerID
	// RandID is the client's random identification (CONN_REQ's).
	RandID uint32
	// Bcast is CONN_REQ's broadcast flag.
	Bcast bool

	acker   Acker
	closing bool      // CONN_DISCONN exchanged: drop once the last ACK is out
	leaving bool      // the server sent CONN_DISCONN: drop once acknowledged
	discID  MessageID // the id of the server's CONN_DISCONN
}

// Acker returns the connection's acknowledgement state machine.
func (p *Peer) Acker() *Acker { return &p.acker }

// Event is what Server.Receive reports.
type Event struct {
	// Peer is the connection the datagram came from (nil for none).
	Peer *Peer
	// Msg is the message to hand to the application, or nil; it belongs
	// to the Server and is valid until the next Receive.
	Msg Message
	// Joined is set when the datagram opened the connection (a CONN_REQ
	// accepted); Left when it ended it (a CONN_DISCONN from the client).
	Joined, Left bool
	// Replaced is the connection a CONN_REQ with a new random id from the
	// same address ended (the client restarted), or nil.
	Replaced *Peer
}

// Server is the server side of Retro Tank's game port: a state machine
// over every client connection, driven by the caller with the datagrams
// it receives (Receive), those it asks for (Next) and the time. It owns no
// socket, timer or goroutine (docs/errata/retrotank.md, S4).
//
// A CONN_REQ from a new address is accepted with CONN_ACCEPT (through the
// connection's Acker, so it is resent until acknowledged) and the lowest
// free client id, or denied with CONN_DENY when MaxClients are connected.
// Send, Broadcast and SendSetup queue acknowledged messages; Disconnect
// sends CONN_DISCONN. A connection whose client stops acknowledging is
// dropped by Next with an error wrapping ErrPeerTimeout.
type Server struct {
	cfg    ServerConfig
	peers  []*Peer // by client id; nil where free
	dec    *wire.Decoder
	denies []deny
	cursor int
}

// deny is a datagram the server sends outside any connection: a
// CONN_DENY, or the ACK of a CONN_DISCONN of a connection already gone.
type deny struct {
	to     netip.AddrPort
	rand   uint32
	ack    bool
	client PlayerID
	id     MessageID
}

// NewServer returns a Server with no connections.
func NewServer(c ServerConfig) *Server {
	session.Default(&c.MaxClients, DefaultMaxClients)
	c.MaxClients = min(c.MaxClients, 255)
	return &Server{cfg: c, peers: make([]*Peer, c.MaxClients), dec: wire.NewDecoder(table)}
}

// Peers appends the open connections to dst.
func (s *Server) Peers(dst []*Peer) []*Peer {
	for _, p := range s.peers {
		if p != nil {
			dst = append(dst, p)
		}
	}
	return dst
}

// Peer returns the connection of client id, or nil.
func (s *Server) Peer(id PlayerID) *Peer {
	if int(id) < len(s.peers) {
		return s.peers[id]
	}
	return nil
}

func (s *Server) byAddr(a netip.AddrPort) *Peer {
	for _, p := range s.peers {
		if p != nil && p.Addr == a {
			return p
		}
	}
	return nil
}

// Receive takes one datagram from address from at time now.
func (s *Server) Receive(from netip.AddrPort, b []byte, now time.Time) (Event, error) {
	m, _, err := s.dec.Decode(b, wire.FromClient)
	if m == nil {
		return Event{Peer: s.byAddr(from)}, err
	}
	p := s.byAddr(from)
	if req, ok := m.(*ConnReq); ok {
		if p != nil && p.RandID == req.RandID {
			// a repeated request: the acceptance is in flight already
			return Event{Peer: p}, err
		}
		var left *Peer
		if p != nil {
			// a new request from the address of a connection: the client
			// restarted; the old connection is over
			s.peers[p.ID] = nil
			left = p
		}
		ev, aerr := s.accept(from, req, now)
		ev.Replaced = left
		return ev, aerr
	}
	if p == nil {
		if d, ok := m.(*ConnDisconn); ok && len(s.denies) < 64 {
			// our ACK of it was lost and the connection is gone: answer
			// again, so the client can close
			s.denies = append(s.denies, deny{to: from, ack: true, client: d.Client, id: d.ID})
		}
		return Event{}, ErrUnknownPeer
	}
	ev := Event{Peer: p}
	if ack, ok := m.(*Ack); ok && ack.Client != p.ID {
		return ev, ack.Form().Err("client", wire.ErrInvalid)
	}
	deliver := p.acker.Receive(m, now)
	if err != nil || !deliver {
		return ev, err
	}
	switch u := m.(type) {
	case *PlayerUpdate:
		if u.Flags&UpdateDFS != 0 {
			return ev, ErrClientDFS
		}
	case *ConnDisconn:
		p.closing = true
		ev.Left = true
	}
	ev.Msg = m
	return ev, nil
}

func (s *Server) accept(from netip.AddrPort, req *ConnReq, now time.Time) (Event, error) {
	for id, q := range s.peers {
		if q != nil {
			continue
		}
		p := &Peer{Addr: from, ID: PlayerID(id), RandID: req.RandID, Bcast: req.Bcast != 0}
		p.acker.Reset(s.cfg.Ack)
		p.acker.Client = p.ID
		if _, err := p.acker.Queue(&ConnAccept{Client: p.ID, RandID: req.RandID}, now); err != nil {
			return Event{}, err
		}
		s.peers[id] = p
		return Event{Peer: p, Msg: req, Joined: true}, nil
	}
	if len(s.denies) < 64 {
		s.denies = append(s.denies, deny{to: from, rand: req.RandID})
	}
	return Event{Msg: req}, nil
}

// Send queues an acknowledged message to p and returns its id.
func (s *Server) Send(p *Peer, m Acked, now time.Time) (MessageID, error) {
	if p.closing || p.leaving {
		return 0, ErrNotConnected
	}
	return p.acker.Queue(m, now)
}

// Broadcast queues m to every connection (each numbers it its own way).
// It returns the first error, after trying every connection.
func (s *Server) Broadcast(m Acked, now time.Time) error {
	var first error
	for _, p := range s.peers {
		if p != nil && !p.closing && !p.leaving {
			if _, err := p.acker.Queue(m, now); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// SendSetup queues pages, a battlefield's setup pages as BuildPages
// returns them, to p in their order, each as Send queues it (numbered,
// resent until acknowledged). It stops at the first error, which it
// returns, with the pages before it queued.
func (s *Server) SendSetup(p *Peer, pages []Acked, now time.Time) error {
	for _, m := range pages {
		if _, err := s.Send(p, m, now); err != nil {
			return err
		}
	}
	return nil
}

// Disconnect queues CONN_DISCONN to p; the connection is dropped once the
// client acknowledges it (or stops answering).
func (s *Server) Disconnect(p *Peer, now time.Time) error {
	id, err := s.Send(p, &ConnDisconn{Client: p.ID}, now)
	if err != nil {
		return err
	}
	p.leaving, p.discID = true, id
	return nil
}

// Next appends to buf the next datagram due at time now and returns its
// destination. ok is false when nothing is due. A connection whose client
// stopped acknowledging is dropped: the error wraps ErrPeerTimeout and to
// is its address.
func (s *Server) Next(now time.Time, buf []byte) (to netip.AddrPort, b []byte, ok bool, err error) {
	if len(s.denies) > 0 {
		d := s.denies[0]
		s.denies = append(s.denies[:0], s.denies[1:]...)
		if d.ack {
			ids := [1]MessageID{d.id}
			b, err := (&Ack{Client: d.client, IDs: ids[:]}).AppendBinary(buf)
			return d.to, b, err == nil, err
		}
		b, err := (&ConnDeny{RandID: d.rand}).AppendBinary(buf)
		return d.to, b, err == nil, err
	}
	for i := 0; i < len(s.peers); i++ {
		k := (s.cursor + i) % len(s.peers)
		p := s.peers[k]
		if p == nil {
			continue
		}
		if p.leaving && p.acker.Acked(p.discID) && p.acker.nacks == 0 {
			s.peers[k] = nil // the client has our CONN_DISCONN
			continue
		}
		b, ok, err := p.acker.Next(now, buf)
		if err != nil {
			s.peers[k] = nil
			return p.Addr, b, false, err
		}
		if ok {
			s.cursor = k + 1
			return p.Addr, b, true, nil
		}
		if p.closing {
			s.peers[k] = nil // the last ACK of the client's CONN_DISCONN is out
		}
	}
	return netip.AddrPort{}, buf, false, nil
}

// Deadline returns when Next will next have something to send.
func (s *Server) Deadline(now time.Time) (time.Time, bool) {
	if len(s.denies) > 0 {
		return now, true
	}
	var d time.Time
	ok := false
	for _, p := range s.peers {
		if p == nil {
			continue
		}
		if t, k := p.acker.Deadline(now); k && (!ok || t.Before(d)) {
			d, ok = t, true
		}
	}
	return d, ok
}
