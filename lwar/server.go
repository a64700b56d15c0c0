package lwar

import (
	"errors"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Defaults of ServerConfig.
const (
	// DefaultLeaveLinger is how long the server keeps answering a client
	// that sent Disconnect, after the last packet from it.
	DefaultLeaveLinger = time.Second
	// MisbehaviorLimit is how many protocol violations (a message naming
	// another player, a message type a client may not send, a message
	// that fails Validate) the server takes from a client before it
	// removes it, as the original server does (MISBEHAVIOR_LIMIT).
	MisbehaviorLimit = 10
	// maxFullReplies bounds the Full answers waiting to be sent; more
	// Connects from unknown addresses in one tick go unanswered (they are
	// resent, and answered later).
	maxFullReplies = 16
)

// ServerConfig configures a Server. The zero value is the default.
type ServerConfig struct {
	// Channel configures each client's channel. Its ResendInterval, if
	// 0, is ServerSendInterval for a Server: the original server builds a
	// packet per client every 30 ms (docs/errata/lwar.md, C17).
	Channel ChannelConfig
	// MaxClients bounds the connected clients; 0 means MaxPlayerCount,
	// or MaxPlayerCount-1 if ServerPlayer is set. A Connect beyond it is
	// answered with Full.
	MaxClients int
	// ServerPlayer, if not nil, is the name of the server's own player
	// (identity 0), which the original server announces to every new
	// client with a Join during synchronization.
	ServerPlayer []byte
	// LeaveLinger is how long after the last packet from a client that
	// sent Disconnect the server keeps answering it with Leave
	// (DefaultLeaveLinger if 0).
	LeaveLinger time.Duration
	// Lax lets Send and Broadcast send what breaks the spec's rules and
	// the messages the session sends itself (Join, Leave, Synced, Full):
	// for a fuzzer.
	Lax bool
}

// LeaveCause says why a player left.
type LeaveCause uint8

// The causes of EventLeft and EventClosed.
const (
	LeaveDisconnect  LeaveCause = iota + 1 // the client sent Disconnect
	LeaveTimeout                           // nothing from the peer for DisconnectTimeout
	LeaveMisbehavior                       // more than MisbehaviorLimit violations
	LeaveOverflow                          // its reliable queue is full: it does not acknowledge
	LeaveRemoved                           // client: the server removed the player unasked (misbehaviour, overflow, a kick)
)

// leaveCauseNames names the causes; 0, no cause, prints as its number.
var leaveCauseNames = []string{"0", "disconnect", "timeout", "misbehavior", "overflow", "removed"}

// String returns the cause's name, such as "timeout".
func (c LeaveCause) String() string { return session.Name(leaveCauseNames, c) }

// ErrUnknownPlayer is returned by Server.Send for a player that is not
// connected.
var ErrUnknownPlayer = errors.New("lwar: no such player")

type serverPeer struct {
	active  bool // the slot holds a client
	leaving bool // Disconnect arrived (or the server removes it): only Leave is sent
	answer  bool // leaving: a packet arrived, answer with the Leave
	addr    netip.AddrPort
	id      ID
	name    []byte
	ch      *Channel
	input   InputTracker
	faults  int
	leave   []byte // leaving: the encoded Leave for its own player
}

type fullReply struct {
	addr netip.AddrPort
	ack  uint32
}

// Server is the server side of an lwar game: a session.Session of many
// clients, each on a Channel of its own, which a session.Packet driver
// runs over a UDP socket (or a test by hand, with injected time). It does
// no I/O and reads no clock.
//
// It admits clients (Connect; Full when no slot is free; the Join with
// sequence number 1, the Joins of the players already there, an Add for
// every entity AddEntity put in the world, and Synced: EventJoined),
// forwards Chat, Name and Selection to every client (EventChat,
// EventName, EventSelection), reports Input (EventInput), and sees
// clients off (Disconnect answered by Leave, the disconnect timeout,
// misbehaviour: EventLeft). Send and Broadcast queue the game's own
// messages (Update, Collision, Stats, ...). Addresses are netip.AddrPort
// values, whatever the transport.
//
// The zero Server is ready, as NewServer(ServerConfig{}) is.
type Server struct {
	cfg      ServerConfig
	peers    []serverPeer // slot i holds identity i+1
	gens     []uint16
	byAddr   map[netip.AddrPort]int
	it       Iterator
	fulls    []fullReply
	ev       events
	e        Event
	entities []Entity // the world's entities, announced to new clients

	join   Join
	synced Synced
	full   Full
	add    Add
	rm     Remove
}

var _ session.Session = (*Server)(nil)

// NewServer returns a server with no clients.
func NewServer(cfg ServerConfig) *Server {
	s := &Server{cfg: cfg}
	s.ready()
	return s
}

// ready applies the configuration's defaults and allocates the slots,
// once: a zero Server calls it on first use.
func (s *Server) ready() {
	if s.peers != nil {
		return
	}
	cfg := &s.cfg
	if cfg.MaxClients <= 0 {
		cfg.MaxClients = MaxPlayerCount
		if cfg.ServerPlayer != nil {
			cfg.MaxClients--
		}
	}
	session.Default(&cfg.LeaveLinger, DefaultLeaveLinger)
	session.Default(&cfg.Channel.ResendInterval, ServerSendInterval)
	s.peers = make([]serverPeer, cfg.MaxClients)
	s.gens = make([]uint16, cfg.MaxClients)
	s.byAddr = make(map[netip.AddrPort]int, cfg.MaxClients)
	s.fulls = make([]fullReply, 0, maxFullReplies)
}

// ServerPlayerID is the id of the server's own player (ServerConfig.ServerPlayer).
var ServerPlayerID = ID{}

// Players appends the ids of the connected clients (not those leaving) to
// dst and returns it.
func (s *Server) Players(dst []ID) []ID {
	for i := range s.peers {
		if p := &s.peers[i]; p.active && !p.leaving {
			dst = append(dst, p.id)
		}
	}
	return dst
}

// Channel returns the channel of a connected player, or nil.
func (s *Server) Channel(player ID) *Channel {
	if p := s.peer(player); p != nil {
		return p.ch
	}
	return nil
}

func (s *Server) peer(player ID) *serverPeer {
	i := int(player.Identity) - 1
	if i < 0 || i >= len(s.peers) {
		return nil
	}
	p := &s.peers[i]
	if !p.active || p.leaving || p.id != player {
		return nil
	}
	return p
}

// Event removes and returns the oldest event; ok is false when there is
// none.
func (s *Server) Event() (e Event, ok bool) { return s.ev.pop() }

func (s *Server) emit(kind EventKind, p *serverPeer) {
	s.e.Kind, s.e.Player, s.e.Addr = kind, p.id, p.addr
	s.ev.push(&s.e)
	s.e = Event{}
}

// Send queues m, reliable or not, for one connected player, after the
// checks every send passes (wire.CheckSend: not nil, an lwar message the
// server sends, valid with the sequence number it gets; Join, Leave,
// Synced and Full are the session's own, a *session.SequenceError). A
// reliable message's Seqno is set to the player's next. A player whose
// reliable queue is full is removed (LeaveOverflow) and Send returns
// ErrQueueFull.
func (s *Server) Send(player ID, m Message) error {
	s.ready()
	if err := s.check(m); err != nil {
		return err
	}
	p := s.peer(player)
	if p == nil {
		return ErrUnknownPlayer
	}
	return s.send(p, m, s.cfg.Lax)
}

// Broadcast queues m for every connected player, as Send does. It returns
// the first error (players that overflow are removed; the others still
// get m).
func (s *Server) Broadcast(m Message) error {
	s.ready()
	if err := s.check(m); err != nil {
		return err
	}
	return s.broadcast(m, s.cfg.Lax)
}

// check refuses the messages the session sends itself, unless Lax.
func (s *Server) check(m Message) error {
	if err := wire.CheckSend(table, m, FromServer, true); err != nil {
		return err // nil, another protocol's, a client's
	}
	if s.cfg.Lax {
		return nil
	}
	switch TypeOf(m) {
	case TypeJoin, TypeLeave, TypeSynced, TypeFull:
		return sequenceError(TypeOf(m).String(), "running (the session sends it)")
	}
	return nil
}

func (s *Server) broadcast(m Message, lax bool) error {
	var first error
	for i := range s.peers {
		if p := &s.peers[i]; p.active && !p.leaving {
			if err := s.send(p, m, lax); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// send queues m for p through queueChecked; a client that overflows is
// removed.
func (s *Server) send(p *serverPeer, m Message, lax bool) error {
	err := queueChecked(p.ch, m, FromServer, lax)
	if errors.Is(err, ErrQueueFull) && TypeOf(m).Reliable() {
		s.remove(p, LeaveOverflow)
	}
	return err
}

// AddEntity puts an entity into the world: every client gets an Add for
// it now, and every client that joins later gets one while it is
// synchronized, as the original server does (queue.c:150-174). It
// replaces an entity with the same ID.
func (s *Server) AddEntity(e Entity) error {
	s.ready()
	found := false
	for i := range s.entities {
		if s.entities[i].ID == e.ID {
			s.entities[i], found = e, true
		}
	}
	if !found {
		s.entities = append(s.entities, e)
	}
	s.add = Add{EntityID: e.ID, PlayerID: e.Player, TypeID: e.Type}
	return s.broadcast(&s.add, true)
}

// RemoveEntity takes an entity out of the world: every client gets a
// Remove for it. It returns ErrUnknownEntity for an entity AddEntity did
// not add.
func (s *Server) RemoveEntity(id ID) error {
	for i := range s.entities {
		if s.entities[i].ID == id {
			s.entities = append(s.entities[:i], s.entities[i+1:]...)
			s.rm = Remove{EntityID: id}
			return s.broadcast(&s.rm, true)
		}
	}
	return ErrUnknownEntity
}

// ErrUnknownEntity is returned by Server.RemoveEntity for an entity the
// world does not hold.
var ErrUnknownEntity = errors.New("lwar: no such entity")

// Handle takes one datagram from a client at from. It returns the error
// of a packet that is not an lwar packet, of a message that cannot be
// decoded (the messages before it were taken; a message only the server
// sends is one), or of the first message it refused: a message in
// another player's name (ErrWrongPlayer), one that breaks a rule of the
// spec (Validate's error), one out of sequence (a second Connect, a
// message from an address that has not connected: a
// *session.SequenceError). Every refused message counts as a violation
// (see MisbehaviorLimit); the server takes the rest of the packet and
// stays up. A packet over MaxPacketSize that the policy takes is taken
// without an error.
//
// From an unknown address only a packet with a valid Connect matters: it
// is answered with Full if no slot is free, and otherwise starts the new
// client's synchronization.
func (s *Server) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	s.ready()
	i, known := s.byAddr[from]
	if !known {
		return s.handleNew(from, unit, now)
	}
	p := &s.peers[i]
	msgs, err := p.ch.Receive(unit, now)
	if msgs == nil {
		return err
	}
	if p.leaving {
		p.answer = true
		return nil
	}
	if err := s.reset(unit); err != nil {
		return err
	}
	return s.takeAll(p)
}

// takeAll admits and handles the rest of the iterator's messages, and
// returns the first refusal or the iterator's error.
func (s *Server) takeAll(p *serverPeer) error {
	var refused error
	for s.it.Next() {
		if p.ch.Admit(s.it.Bytes()) {
			if err := s.take(p, s.it.Message()); err != nil {
				if refused == nil {
					refused = err
				}
				s.fault(p)
			}
			if p.leaving || !p.active {
				return refused
			}
		}
	}
	if err := s.it.Err(); err != nil && !isOversizeFlag(err) {
		return err
	}
	return refused
}

// reset starts the iterator's walk over pkt, a packet from a client,
// with the channels' policy.
func (s *Server) reset(pkt []byte) error {
	s.it.From, s.it.Policy = FromClient, s.cfg.Channel.Policy
	return s.it.Reset(pkt)
}

func (s *Server) handleNew(addr netip.AddrPort, pkt []byte, now time.Time) error {
	if err := s.reset(pkt); err != nil {
		return err
	}
	var refused error
	for s.it.Next() {
		c, ok := s.it.Message().(*Connect)
		if !ok {
			if refused == nil {
				refused = sequenceError(s.it.Message().Form().Name, "not connected")
			}
			continue // nothing but a valid Connect counts from a stranger
		}
		if err := c.Validate(); err != nil {
			if refused == nil {
				refused = err
			}
			continue
		}
		slot := -1
		for i := range s.peers {
			if !s.peers[i].active {
				slot = i
				break
			}
		}
		if slot < 0 {
			if len(s.fulls) < cap(s.fulls) {
				s.fulls = append(s.fulls, fullReply{addr: addr, ack: c.Seqno})
			}
			return nil
		}
		p := &s.peers[slot]
		if p.ch == nil {
			p.ch = NewChannel(s.cfg.Channel, now)
		} else {
			p.ch.reset(now)
		}
		if msgs, err := p.ch.Receive(pkt, now); msgs == nil {
			return err
		}
		// The Connect is processed whatever its sequence number, as
		// the original server does; the Join will acknowledge it.
		p.ch.processed, p.ch.ackOwed = c.Seqno, true
		p.ch.stats.Delivered++
		*p = serverPeer{active: true, addr: addr, ch: p.ch, name: append(p.name[:0], c.Name...), leave: p.leave[:0],
			id: ID{Generation: s.gens[slot], Identity: uint16(slot + 1)}}
		s.byAddr[addr] = slot
		if err := s.admit(p); err != nil {
			return err
		}
		if err := s.takeAll(p); err != nil && refused == nil {
			refused = err
		}
		return refused
	}
	if err := s.it.Err(); err != nil && !isOversizeFlag(err) {
		return err
	}
	return refused
}

// admit synchronizes a new client: the Join for it goes to everyone (for
// the new client it is the first message, sequence number 1, and its
// packet acknowledges the Connect), then Joins for the players already
// there, an Add for every entity, and Synced.
//
// The new client gets its Join before anyone else: a client that
// overflows on it is removed, and the Leave for that one, broadcast
// meanwhile, must not take sequence number 1 from the new client, nor
// stop its admission.
func (s *Server) admit(p *serverPeer) error {
	s.join = Join{PlayerID: p.id, Name: append(s.join.Name[:0], p.name...)}
	if err := s.send(p, &s.join, true); err != nil {
		return err
	}
	for i := range s.peers {
		if q := &s.peers[i]; q != p && q.active && !q.leaving {
			_ = s.send(q, &s.join, true) // on overflow q is removed (LeaveOverflow)
		}
	}
	if s.cfg.ServerPlayer != nil {
		s.join = Join{PlayerID: ServerPlayerID, Name: append(s.join.Name[:0], s.cfg.ServerPlayer...)}
		if err := s.send(p, &s.join, true); err != nil {
			return err
		}
	}
	for i := range s.peers {
		q := &s.peers[i]
		if q == p || !q.active || q.leaving {
			continue
		}
		s.join = Join{PlayerID: q.id, Name: append(s.join.Name[:0], q.name...)}
		if err := s.send(p, &s.join, true); err != nil {
			return err
		}
	}
	for _, e := range s.entities {
		s.add = Add{EntityID: e.ID, PlayerID: e.Player, TypeID: e.Type}
		if err := s.send(p, &s.add, true); err != nil {
			return err
		}
	}
	if err := s.send(p, &s.synced, true); err != nil {
		return err
	}
	s.e.Name = p.name
	s.emit(EventJoined, p)
	return nil
}

// take handles one admitted message from a connected client and returns
// the error of one it refuses. A message that breaks a rule of the spec
// (Validate: a name longer than MaxPlayerNameLength, text that is not
// UTF-8) is refused.
func (s *Server) take(p *serverPeer, m Message) error {
	if err := m.Validate(); err != nil {
		return err
	}
	switch m := m.(type) {
	case *Disconnect:
		s.remove(p, LeaveDisconnect)
	case *Chat:
		if m.PlayerID != p.id {
			return wrongPlayer(m)
		}
		s.e.Text = m.Msg
		s.emit(EventChat, p)
		_ = s.broadcast(m, true)
	case *Name:
		if m.PlayerID != p.id {
			return wrongPlayer(m)
		}
		p.name = append(p.name[:0], m.Name...)
		s.e.Name = m.Name
		s.emit(EventName, p)
		_ = s.broadcast(m, true)
	case *Selection:
		if m.PlayerID != p.id {
			return wrongPlayer(m)
		}
		s.e.Ship, s.e.Weapons = m.ShipType, m.WeaponType
		s.emit(EventSelection, p)
		_ = s.broadcast(m, true)
	case *Input:
		if m.PlayerID != p.id {
			return wrongPlayer(m)
		}
		if mask, ok := p.input.Take(m.FrameNo); ok {
			s.e.Input, s.e.Mask = *m, mask
			s.emit(EventInput, p)
		}
	default:
		// Connect again (a reconnect).
		return sequenceError(m.Form().Name, "connected")
	}
	return nil
}

func (s *Server) fault(p *serverPeer) {
	p.faults++
	if p.faults > MisbehaviorLimit {
		s.remove(p, LeaveMisbehavior)
	}
}

// remove takes a client out of the game: the other clients get a Leave
// for it; the client itself gets nothing more but a Leave for its own
// player, sent in answer to every packet it still sends, until it has
// been silent for LeaveLinger.
func (s *Server) remove(p *serverPeer, cause LeaveCause) {
	if !p.active || p.leaving {
		return
	}
	p.leaving, p.answer = true, true
	p.ch.dropQueued()
	p.ch.lastSeq++
	leave := Leave{PlayerID: p.id, Seqno: p.ch.lastSeq}
	p.leave, _ = leave.AppendBinary(p.leave[:0])
	s.e.Cause = cause
	s.emit(EventLeft, p)
	// A local value: the broadcast may overflow another client, whose
	// removal broadcasts its own Leave meanwhile.
	_ = s.broadcast(&leave, true)
}

// free empties a slot.
func (s *Server) free(p *serverPeer) {
	delete(s.byAddr, p.addr)
	i := int(p.id.Identity) - 1
	s.gens[i]++
	p.active, p.leaving, p.answer = false, false, false
}

// Tick runs the timers: a client silent for more than DisconnectTimeout
// is removed (EventLeft with LeaveTimeout; the others get a Leave for
// it), and a leaving client silent for LeaveLinger is forgotten.
func (s *Server) Tick(now time.Time) {
	for i := range s.peers {
		p := &s.peers[i]
		switch {
		case !p.active:
		case p.leaving:
			if now.Sub(p.ch.LastReceived()) > s.cfg.LeaveLinger {
				s.free(p)
			}
		case p.ch.TimedOut(now):
			s.remove(p, LeaveTimeout)
			s.free(p) // it is gone: nobody to answer
		}
	}
}

// Deadline returns when the server next needs Tick and Transmit: the
// earliest resend, keep-alive or timeout of its clients' channels (see
// Channel.Deadline) and the end of a leaving client's linger; the zero
// Time when it has no client.
func (s *Server) Deadline() time.Time {
	var at time.Time
	for i := range s.peers {
		p := &s.peers[i]
		var t time.Time
		switch {
		case !p.active:
			continue
		case p.leaving:
			t = p.ch.LastReceived().Add(s.cfg.LeaveLinger + 1)
		default:
			t = p.ch.Deadline()
		}
		if at.IsZero() || t.Before(at) {
			at = t
		}
	}
	return at
}

// Done reports false: a server runs until its driver is closed.
func (s *Server) Done() bool { return false }

// Transmit appends the next datagram to send to buf and returns it with
// its destination; ok is false when nothing is left to send now. It
// answers Connects with Full (header ack = the Connect's sequence number,
// timestamp 0, as the original server sends it), answers packets of
// leaving clients with their Leave, and sends each client's channel while
// it needs sending (Channel.NeedsSend).
func (s *Server) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	if n := len(s.fulls); n > 0 {
		f := s.fulls[n-1]
		s.fulls = s.fulls[:n-1]
		h := Header{Ack: f.ack}
		buf, _ = h.AppendBinary(buf)
		buf, _ = s.full.AppendBinary(buf)
		return f.addr, buf, true
	}
	for i := range s.peers {
		p := &s.peers[i]
		if !p.active {
			continue
		}
		if p.leaving {
			if !p.answer {
				continue
			}
			p.answer = false
			h := Header{Ack: p.ch.Ack(), Timestamp: p.ch.Timestamp(now)}
			buf, _ = h.AppendBinary(buf)
			return p.addr, append(buf, p.leave...), true
		}
		if p.ch.NeedsSend(now) {
			return p.addr, p.ch.AppendPacket(buf, now), true
		}
	}
	return netip.AddrPort{}, buf, false
}
