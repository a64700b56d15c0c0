package retrotank

import (
	"errors"
	"net/netip"
	"strconv"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Errors of the server.
var (
	// ErrUnknownPeer is returned by Server.Handle for a datagram other
	// than CONN_REQ from an address with no connection.
	ErrUnknownPeer = errors.New("retrotank: datagram from an address with no connection")
	// ErrClientDFS is returned by Server.Handle for a PLAYER_UPDATE from
	// a client with PLAYER_UPDATE_DFS set: "only valid when sent from the
	// server". The message is acknowledged, not delivered; Client.Send
	// refuses to send it.
	ErrClientDFS = errors.New("retrotank: PLAYER_UPDATE_DFS from a client")
)

// DefaultMaxClients is the default bound on a Server's connections.
const DefaultMaxClients = 16

// maxDenies bounds the datagrams a server owes outside any connection.
const maxDenies = 64

// ServerConfig configures a Server; the zero value means the defaults.
type ServerConfig struct {
	// Ack configures each connection's acknowledgement system.
	Ack AckConfig
	// MaxClients bounds the connections (DefaultMaxClients if 0, at most
	// 255); a CONN_REQ beyond it is denied. Client ids are 0 to
	// MaxClients-1.
	MaxClients int
	// Battlefield, if set, is the game setup: the server sends its pages
	// to every client it accepts, and reports EventSetupComplete once the
	// client acknowledged them all.
	Battlefield *Battlefield
	// Relay makes the server send every client's PLAYER_UPDATE on to the
	// other clients, so that they see each other.
	Relay bool
	// Epoch is when the common game time was 0: GameTime(now) is the
	// milliseconds since, wrapping at 2^32. The TimeServer of the game
	// must have the same Epoch (Server.TimeServer gives it).
	Epoch time.Time
	// Lax lets the server send what breaks the spec's rules: Send and
	// Broadcast skip Validate (for a fuzzer).
	Lax bool
}

// Peer describes one client connection of a Server.
type Peer struct {
	// Addr is the client's address.
	Addr netip.AddrPort
	// ID is the client id the server assigned (CONN_ACCEPT's
	// localPlayer), which is its player's id.
	ID PlayerID
	// RandID is the client's random identification (CONN_REQ's).
	RandID uint32
	// Bcast is CONN_REQ's broadcast flag.
	Bcast bool
	// Setup is true once the client acknowledged every setup page.
	Setup bool
	// Leaving is true once either side sent CONN_DISCONN.
	Leaving bool
	// InFlight is how many messages to the client are not yet
	// acknowledged.
	InFlight int
}

// peer is a Server's connection: its description and its Acker.
type peer struct {
	Peer
	used       bool
	acker      Acker
	closing    bool      // the client sent CONN_DISCONN: drop once the last ACK is out
	leaving    bool      // the server sent CONN_DISCONN: drop once acknowledged
	discID     MessageID // the id of the server's CONN_DISCONN
	setupFirst MessageID // the ids of the setup pages, while not all acknowledged
	setupLast  MessageID
	setupSent  bool
}

// Server is the server side of Retro Tank's game port: a session.Session
// over every client connection (no socket, clock, timer or goroutine of
// its own), run by a session.Packet driver on the game port's socket. The
// time synchronisation is a second socket, and a second session: the
// TimeServer.
//
// A CONN_REQ from a new address is accepted with CONN_ACCEPT (through the
// connection's Acker, so it is resent until acknowledged) and the lowest
// free client id (EventJoined), or denied with CONN_DENY when MaxClients
// are connected. The Battlefield's pages follow (EventSetupComplete once
// acknowledged). A client's PLAYER_UPDATE and PLAYER_SPAWN are events
// (EventUpdate, with Relay sent on to the others; EventSpawn); its
// CONN_DISCONN is EventLeft. Send, Broadcast and StartGame queue messages,
// checked; Kick sends CONN_DISCONN. A client that stops acknowledging is
// dropped (EventTimeout). Handle refuses what a client may not send: a
// server's message, another player's id, PLAYER_UPDATE_DFS, a message
// after its CONN_DISCONN; the server stays up.
//
// Its zero value is a server with the default configuration and no
// battlefield.
type Server struct {
	cfg    ServerConfig
	inited bool
	peers  []*peer // by client id; kept for reuse when free
	dec    *wire.Decoder
	pages  []Acked
	denies []deny
	cursor int
	ev     events
	relay  PlayerUpdate
	start  GameStart
	disc   ConnDisconn
	accept ConnAccept
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

// NewServer returns a Server with no connections. It fails when the
// Battlefield is more than the setup pages can carry (ErrTooMany).
func NewServer(c ServerConfig) (*Server, error) {
	s := &Server{cfg: c}
	s.init()
	if c.Battlefield != nil {
		pages, err := BuildPages(c.Battlefield)
		if err != nil {
			return nil, err
		}
		s.pages = pages
	}
	return s, nil
}

// init fills in the configuration's defaults, once: a zero Server works.
func (s *Server) init() {
	if s.inited {
		return
	}
	s.inited = true
	session.Default(&s.cfg.MaxClients, DefaultMaxClients)
	s.cfg.MaxClients = min(s.cfg.MaxClients, 255)
	s.peers = make([]*peer, s.cfg.MaxClients)
	s.dec = wire.NewDecoder(table)
}

// GameTime returns the common game time at now: the milliseconds since
// the Epoch, wrapping at 2^32.
func (s *Server) GameTime(now time.Time) uint32 { return gameTime(s.cfg.Epoch, now) }

func gameTime(epoch, now time.Time) uint32 { return uint32(now.UnixMilli() - epoch.UnixMilli()) }

// TimeServer returns a new TimeServer of the server's game time (its
// Epoch), for a second Packet driver on the time-sync port.
func (s *Server) TimeServer() *TimeServer { return &TimeServer{Epoch: s.cfg.Epoch} }

// Peers appends the open connections to dst.
func (s *Server) Peers(dst []Peer) []Peer {
	for _, p := range s.peers {
		if p != nil && p.used {
			dst = append(dst, p.info())
		}
	}
	return dst
}

// Peer returns the connection of player id; ok is false when it has none.
func (s *Server) Peer(id PlayerID) (Peer, bool) {
	if p := s.peer(id); p != nil {
		return p.info(), true
	}
	return Peer{}, false
}

func (p *peer) info() Peer {
	i := p.Peer
	i.InFlight = p.acker.InFlight()
	i.Leaving = p.closing || p.leaving
	return i
}

func (s *Server) peer(id PlayerID) *peer {
	if int(id) < len(s.peers) && s.peers[id] != nil && s.peers[id].used {
		return s.peers[id]
	}
	return nil
}

func (s *Server) byAddr(a netip.AddrPort) *peer {
	for _, p := range s.peers {
		if p != nil && p.used && p.Addr == a {
			return p
		}
	}
	return nil
}

// Event pops the oldest event; ok is false when there is none.
func (s *Server) Event() (Event, bool) { return s.ev.pop() }

// Handle takes one datagram from address from at now. It returns an
// error for a datagram it refuses: one that does not decode or breaks a
// rule of the spec, one from an address with no connection
// (ErrUnknownPeer), a message only the server sends (ErrServerOnly), one
// that names another player (ErrPlayerID), PLAYER_UPDATE_DFS
// (ErrClientDFS), a PLAYER_UPDATE or PLAYER_SPAWN after the client's
// CONN_DISCONN (ErrSequence). An acknowledged message is acknowledged
// even when it is refused (its sender stops resending it), and delivered
// only when it is not.
func (s *Server) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	s.init()
	m, _, err := s.dec.Decode(unit, wire.FromClient)
	if m == nil {
		return err
	}
	p := s.byAddr(from)
	if req, ok := m.(*ConnReq); ok {
		if err != nil {
			return err
		}
		return s.request(now, from, p, req)
	}
	if p == nil {
		if d, ok := m.(*ConnDisconn); ok && len(s.denies) < maxDenies {
			// our ACK of it was lost and the connection is gone: answer
			// again, so the client can close
			s.denies = append(s.denies, deny{to: from, ack: true, client: d.Client, id: d.ID})
		}
		return ErrUnknownPeer
	}
	switch u := m.(type) {
	case *wire.Raw:
		return codeErr(ErrServerOnly, u.Code)
	case *Ack:
		if u.Client != p.ID {
			return playerErr("ACK", u.Client, p.ID)
		}
	}
	deliver := p.acker.Receive(m, now)
	if _, ok := m.(*Ack); ok {
		s.checkSetup(p)
	}
	if err != nil || !deliver {
		return err
	}
	switch u := m.(type) {
	case *PlayerUpdate:
		switch {
		case u.Flags&UpdateDFS != 0:
			return ErrClientDFS
		case u.FirstPlayer != p.ID:
			return playerErr("PLAYER_UPDATE", u.FirstPlayer, p.ID)
		case p.closing || p.leaving:
			return seqErr("MSG_TYPE_PLAYER_UPDATE", "leaving")
		}
		s.ev.push(Event{Kind: EventUpdate, Player: p.ID, Peer: p.Addr, Time: u.UpdateTime, Flags: u.Flags}, nil, u.Data)
		if s.cfg.Relay {
			s.relay = *u
			for _, q := range s.peers {
				if q != nil && q.used && q != p && !q.closing && !q.leaving {
					s.send(now, q, &s.relay)
				}
			}
			s.relay.Data = nil
		}
	case *PlayerSpawn:
		switch {
		case u.Player != p.ID:
			return playerErr("PLAYER_SPAWN", u.Player, p.ID)
		case p.closing || p.leaving:
			return seqErr("MSG_TYPE_PLAYER_SPAWN", "leaving")
		}
		s.ev.push(Event{Kind: EventSpawn, Player: p.ID, Peer: p.Addr}, nil, nil)
	case *ConnDisconn:
		if u.Client != p.ID {
			return playerErr("CONN_DISCONN", u.Client, p.ID)
		}
		if !p.closing {
			p.closing = true
			s.ev.push(Event{Kind: EventLeft, Player: p.ID, Peer: p.Addr}, nil, nil)
		}
	}
	return nil
}

// request answers a CONN_REQ from from, whose connection is p (or nil).
func (s *Server) request(now time.Time, from netip.AddrPort, p *peer, req *ConnReq) error {
	if p != nil && p.RandID == req.RandID {
		return nil // a repeated request: the acceptance is in flight already
	}
	if p != nil {
		// a new request from the address of a connection: the client
		// restarted; the old connection is over
		p.used = false
		s.ev.push(Event{Kind: EventLeft, Player: p.ID, Peer: p.Addr}, nil, nil)
	}
	for id, q := range s.peers {
		if q != nil && q.used {
			continue
		}
		if q == nil {
			q = new(peer)
			s.peers[id] = q
		}
		acker := q.acker
		*q = peer{Peer: Peer{Addr: from, ID: PlayerID(id), RandID: req.RandID, Bcast: req.Bcast != 0}, used: true, acker: acker}
		q.acker.Reset(s.cfg.Ack)
		q.acker.Client = q.ID
		s.accept = ConnAccept{Client: q.ID, RandID: req.RandID}
		if _, err := q.acker.Queue(&s.accept, now); err != nil {
			q.used = false
			return err
		}
		s.ev.push(Event{Kind: EventJoined, Player: q.ID, Peer: from}, nil, nil)
		if len(s.pages) > 0 {
			for i, pg := range s.pages {
				id, err := s.send(now, q, pg)
				if err != nil {
					return err
				}
				if i == 0 {
					q.setupFirst = id
				}
				q.setupLast = id
			}
			q.setupSent = true
		}
		return nil
	}
	if len(s.denies) < maxDenies {
		s.denies = append(s.denies, deny{to: from, rand: req.RandID})
	}
	return nil
}

// checkSetup reports EventSetupComplete once p acknowledged every page.
func (s *Server) checkSetup(p *peer) {
	if !p.setupSent || p.Setup {
		return
	}
	for id := p.setupFirst; ; id++ {
		if !p.acker.Acked(id) {
			return
		}
		if id == p.setupLast {
			break
		}
	}
	p.Setup = true
	s.ev.push(Event{Kind: EventSetupComplete, Player: p.ID, Peer: p.Addr}, nil, nil)
}

// send queues m, checked, to p: the one way a server's message leaves.
func (s *Server) send(now time.Time, p *peer, m Acked) (MessageID, error) {
	if err := wire.CheckSend(table, m, wire.FromServer, s.cfg.Lax); err != nil {
		return 0, err
	}
	if p.closing || p.leaving {
		return 0, seqErr(m.Form().Name+" to player "+strconv.Itoa(int(p.ID)), "leaving")
	}
	return p.acker.Queue(m, now)
}

// Send checks m and queues it to player id through its connection's
// acknowledgement system, and returns its id. It refuses, with the error
// of wire.CheckSend, a nil m, another protocol's message and a client's
// message, and, unless Lax, one that fails Validate; a player with no
// connection (ErrNoPlayer); a player leaving (ErrSequence); CONN_ACCEPT
// and CONN_DISCONN, which the server sends itself (Kick), unless Lax.
func (s *Server) Send(now time.Time, id PlayerID, m Acked) (MessageID, error) {
	s.init()
	if err := s.special(m); err != nil {
		return 0, err
	}
	p := s.peer(id)
	if p == nil {
		if err := wire.CheckSend(table, m, wire.FromServer, s.cfg.Lax); err != nil {
			return 0, err
		}
		return 0, noPlayer(id)
	}
	return s.send(now, p, m)
}

// special refuses the messages the server sends of itself.
func (s *Server) special(m Acked) error {
	if s.cfg.Lax {
		return nil
	}
	switch m.(type) {
	case *ConnAccept:
		return seqErr("MSG_TYPE_CONN_ACCEPT (the server accepts by itself)", "any")
	case *ConnDisconn:
		return seqErr("MSG_TYPE_CONN_DISCONN (Kick sends it)", "any")
	}
	return nil
}

// Broadcast queues m, checked as Send checks it, to every client not
// leaving (each numbers it its own way). It returns the first error.
func (s *Server) Broadcast(now time.Time, m Acked) error {
	s.init()
	if err := s.special(m); err != nil {
		return err
	}
	if err := wire.CheckSend(table, m, wire.FromServer, s.cfg.Lax); err != nil {
		return err
	}
	var first error
	for _, p := range s.peers {
		if p != nil && p.used && !p.closing && !p.leaving {
			if _, err := s.send(now, p, m); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// StartGame broadcasts GAME_START: the game starts in, from now, in
// common game time. It returns the start time.
func (s *Server) StartGame(now time.Time, in time.Duration) (uint32, error) {
	s.start = GameStart{StartTime: s.GameTime(now) + uint32(in.Milliseconds())}
	return s.start.StartTime, s.Broadcast(now, &s.start)
}

// Kick queues CONN_DISCONN to player id; the connection is dropped once
// the client acknowledges it (EventLeft) or stops answering
// (EventTimeout).
func (s *Server) Kick(now time.Time, id PlayerID) error {
	s.init()
	p := s.peer(id)
	if p == nil {
		return noPlayer(id)
	}
	s.disc = ConnDisconn{Client: p.ID}
	did, err := s.send(now, p, &s.disc)
	if err != nil {
		return err
	}
	p.leaving, p.discID = true, did
	return nil
}

// Transmit appends the next datagram due at now to buf and returns its
// destination: CONN_DENY and ACKs outside any connection first, then each
// connection's ACKs and (re)transmissions in turn. ok is false when
// nothing is due.
func (s *Server) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	s.init()
	if len(s.denies) > 0 {
		d := s.denies[0]
		s.denies = append(s.denies[:0], s.denies[1:]...)
		var err error
		if d.ack {
			ids := [1]MessageID{d.id}
			unit, err = (&Ack{Client: d.client, IDs: ids[:]}).AppendBinary(buf)
		} else {
			unit, err = (&ConnDeny{RandID: d.rand}).AppendBinary(buf)
		}
		return d.to, unit, err == nil
	}
	for i := 0; i < len(s.peers); i++ {
		k := (s.cursor + i) % len(s.peers)
		p := s.peers[k]
		if p == nil || !p.used {
			continue
		}
		if p.leaving && p.acker.Acked(p.discID) && p.acker.Owed() == 0 {
			p.used = false // the client has our CONN_DISCONN
			s.ev.push(Event{Kind: EventLeft, Player: p.ID, Peer: p.Addr}, nil, nil)
			continue
		}
		b, ok, err := p.acker.Next(now, buf)
		if err != nil {
			s.drop(p, err)
			continue
		}
		if ok {
			s.cursor = k + 1
			return p.Addr, b, true
		}
		if p.closing {
			p.used = false // the last ACK of the client's CONN_DISCONN is out
		}
	}
	return netip.AddrPort{}, buf, false
}

// drop gives a connection up: its client stopped acknowledging.
func (s *Server) drop(p *peer, err error) {
	p.used = false
	te := new(TimeoutError)
	if errors.As(err, &te) {
		c := *te
		err = &c // the peer's Acker will be reused
	}
	s.ev.push(Event{Kind: EventTimeout, Player: p.ID, Peer: p.Addr, Err: err}, nil, nil)
}

// Deadline returns when the server next needs Tick: a message to resend
// or give up, an ACK owed; the zero Time when it waits for nothing.
func (s *Server) Deadline() time.Time {
	var d time.Time
	for _, p := range s.peers {
		if p != nil && p.used {
			d = earliest(d, p.acker.Deadline())
		}
	}
	return d
}

// Tick lets the server act on the time: it drops the clients that
// stopped acknowledging (EventTimeout).
func (s *Server) Tick(now time.Time) {
	s.init()
	for _, p := range s.peers {
		if p != nil && p.used && !p.closing {
			if err := p.acker.Expired(now); err != nil {
				s.drop(p, err)
			}
		}
	}
}

// Done reports false: a server runs until its driver is closed.
func (s *Server) Done() bool { return false }

// TimeServer is the server's side of the time synchronisation: a
// session.Session of its own, run by a second session.Packet driver on
// the time-sync port (TimeSyncPort), since the spec puts the time-sync
// datagrams on a port of their own (docs/errata/retrotank.md, S7). It
// answers every TimeRequest with the common game time of its Epoch,
// which must be the game Server's (Server.TimeServer). Its zero value
// works, with the zero Epoch.
type TimeServer struct {
	// Epoch is when the common game time was 0.
	Epoch time.Time

	out  [maxDenies]timeAnswer
	head int
	n    int
	req  TimeRequest
}

type timeAnswer struct {
	to  netip.AddrPort
	rep TimeReply
}

// Handle takes a request from from at now and queues its answer. A
// datagram that is not a 5-byte request is refused; when 64 answers wait
// already, the request is dropped (the client asks again).
func (t *TimeServer) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	if err := t.req.UnmarshalBinary(unit); err != nil {
		return err
	}
	if t.n == len(t.out) {
		return nil
	}
	rep, _ := Answer(&t.req, gameTime(t.Epoch, now))
	t.out[(t.head+t.n)%len(t.out)] = timeAnswer{to: from, rep: rep}
	t.n++
	return nil
}

// Transmit appends the next answer to buf; ok is false when none waits.
func (t *TimeServer) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	if t.n == 0 {
		return netip.AddrPort{}, buf, false
	}
	a := &t.out[t.head]
	t.head = (t.head + 1) % len(t.out)
	t.n--
	if wire.CheckSend(timeTable, &a.rep, wire.FromServer, false) != nil {
		return netip.AddrPort{}, buf, false
	}
	b, _ := a.rep.AppendBinary(buf)
	return a.to, b, true
}

// Deadline returns the zero Time: the time server only answers.
func (t *TimeServer) Deadline() time.Time { return time.Time{} }

// Tick does nothing.
func (t *TimeServer) Tick(now time.Time) {}

// Done reports false: the time server runs until its driver is closed.
func (t *TimeServer) Done() bool { return false }
