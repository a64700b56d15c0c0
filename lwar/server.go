package lwar

import (
	"errors"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
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

// ServerConfig configures a Server. Only Handler is needed.
type ServerConfig struct {
	// Channel configures each client's channel.
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
	// Sync, if not nil, is called while a new client is synchronized,
	// after the Join messages and before Synced: it queues the game state
	// (Add, Name and Selection messages) on the client's channel.
	Sync func(player ID, ch *Channel) error
	// Handler, if not nil, receives the server's events. The event and
	// its message are valid only during the call.
	Handler func(*ServerEvent)
}

// ServerEventKind says what a ServerEvent reports.
type ServerEventKind uint8

// The server events.
const (
	// ServerJoin: a client was accepted; Message is its *Connect.
	ServerJoin ServerEventKind = iota + 1
	// ServerMessage: a message from a client was admitted: *Chat, *Name
	// and *Selection (which the server also forwards to every client) or
	// *Input (with InputMask).
	ServerMessage
	// ServerLeave: a client is gone; Cause says why.
	ServerLeave
)

// LeaveCause says why a client left.
type LeaveCause uint8

// The causes of ServerLeave.
const (
	LeaveDisconnect  LeaveCause = iota + 1 // the client sent Disconnect
	LeaveTimeout                           // nothing from it for DisconnectTimeout
	LeaveMisbehavior                       // more than MisbehaviorLimit violations
	LeaveOverflow                          // its reliable queue is full: it does not acknowledge
)

// leaveCauseNames names the causes; 0, no cause, prints as its number.
var leaveCauseNames = []string{"0", "disconnect", "timeout", "misbehavior", "overflow"}

// String returns the cause's name, such as "timeout".
func (c LeaveCause) String() string { return session.Name(leaveCauseNames, c) }

// ServerEvent is what a Server reports to its handler.
type ServerEvent struct {
	Kind    ServerEventKind // what happened
	Player  ID              // the client's player
	Addr    netip.AddrPort  // the client's address
	Message Message         // ServerJoin: *Connect; ServerMessage: the message
	// InputMask is, for an *Input, the bits of its state histories that
	// are new since the player's previous Input (see InputMask).
	InputMask uint8
	Cause     LeaveCause // ServerLeave
}

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

// Server is the server side of the connection life cycle: the clients'
// channels, their admission (Connect, Full, Join with sequence number 1,
// synchronization ending with Synced), the forwarding of Chat, Name and
// Selection, and their departure (Disconnect answered by Leave, the
// disconnect timeout). It is a state machine the caller drives with the
// datagrams it receives (Receive), the datagrams it asks for
// (AppendPacket) and the current time; it owns no socket, goroutine or
// timer. Addresses are netip.AddrPort values, whatever the transport.
type Server struct {
	cfg    ServerConfig
	peers  []serverPeer // slot i holds identity i+1
	gens   []uint16
	byAddr map[netip.AddrPort]int
	it     Iterator
	fulls  []fullReply
	ev     ServerEvent

	join   Join
	synced Synced
	full   Full
}

// NewServer returns a server with no clients.
func NewServer(cfg ServerConfig) *Server {
	if cfg.MaxClients <= 0 {
		cfg.MaxClients = MaxPlayerCount
		if cfg.ServerPlayer != nil {
			cfg.MaxClients--
		}
	}
	session.Default(&cfg.LeaveLinger, DefaultLeaveLinger)
	return &Server{
		cfg:    cfg,
		peers:  make([]serverPeer, cfg.MaxClients),
		gens:   make([]uint16, cfg.MaxClients),
		byAddr: make(map[netip.AddrPort]int, cfg.MaxClients),
		fulls:  make([]fullReply, 0, maxFullReplies),
	}
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

func (s *Server) emit(kind ServerEventKind, p *serverPeer, m Message, cause LeaveCause) {
	if s.cfg.Handler == nil {
		return
	}
	s.ev = ServerEvent{Kind: kind, Player: p.id, Addr: p.addr, Message: m, Cause: cause}
	s.cfg.Handler(&s.ev)
}

// Send queues m, reliable or not, for one connected player. A player
// whose reliable queue is full is removed (LeaveOverflow) and Send
// returns ErrQueueFull.
func (s *Server) Send(player ID, m Message) error {
	p := s.peer(player)
	if p == nil {
		return ErrUnknownPlayer
	}
	return s.queue(p, m)
}

// Broadcast queues m for every connected player. It returns the first
// error (players that overflow are removed; the others still get m).
func (s *Server) Broadcast(m Message) error {
	var first error
	for i := range s.peers {
		if p := &s.peers[i]; p.active && !p.leaving {
			if err := s.queue(p, m); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

func (s *Server) queue(p *serverPeer, m Message) error {
	var err error
	if TypeOf(m).Reliable() {
		_, err = p.ch.QueueReliable(m)
	} else {
		err = p.ch.QueueUnreliable(m)
	}
	if errors.Is(err, ErrQueueFull) && TypeOf(m).Reliable() {
		s.remove(p, LeaveOverflow)
	}
	return err
}

// Receive takes one datagram from addr. It returns the error of a packet
// that is not an lwar packet, or of a message that cannot be decoded (the
// messages before it were taken). From an unknown address only a packet
// with a valid Connect matters: it is answered with Full if no slot is
// free, and otherwise starts the new client's synchronization. Messages
// from clients are validated: one that breaks a rule of the spec counts
// as a violation (see MisbehaviorLimit) and is dropped.
func (s *Server) Receive(addr netip.AddrPort, pkt []byte, now time.Time) error {
	i, known := s.byAddr[addr]
	if !known {
		return s.receiveNew(addr, pkt, now)
	}
	p := &s.peers[i]
	msgs, err := p.ch.Receive(pkt, now)
	if msgs == nil {
		return err
	}
	if p.leaving {
		p.answer = true
		return err
	}
	if err := s.reset(pkt); err != nil {
		return err
	}
	s.takeAll(p)
	return s.it.Err()
}

// takeAll admits and handles the rest of the iterator's messages.
func (s *Server) takeAll(p *serverPeer) {
	for s.it.Next() {
		if p.ch.Admit(s.it.Bytes()) {
			s.take(p, s.it.Message())
			if p.leaving || !p.active {
				return
			}
		}
	}
}

// reset starts the iterator's walk over pkt, a packet from a client,
// with the channels' policy.
func (s *Server) reset(pkt []byte) error {
	s.it.From, s.it.Policy = FromClient, s.cfg.Channel.Policy
	return s.it.Reset(pkt)
}

func (s *Server) receiveNew(addr netip.AddrPort, pkt []byte, now time.Time) error {
	if err := s.reset(pkt); err != nil {
		return err
	}
	for s.it.Next() {
		c, ok := s.it.Message().(*Connect)
		if !ok || c.Validate() != nil {
			continue // nothing but a valid Connect counts from a stranger
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
		if err := s.admit(p, c); err != nil {
			return err
		}
		s.takeAll(p)
		return s.it.Err()
	}
	return s.it.Err()
}

// admit synchronizes a new client: the Join for it goes to everyone (for
// the new client it is the first message, sequence number 1, and its
// packet acknowledges the Connect), then Joins for the players already
// there, the game state from ServerConfig.Sync, and Synced.
//
// The new client gets its Join before anyone else: a client that
// overflows on it is removed, and the Leave for that one, broadcast
// meanwhile, must not take sequence number 1 from the new client, nor
// stop its admission.
func (s *Server) admit(p *serverPeer, c *Connect) error {
	s.join = Join{PlayerID: p.id, Name: append(s.join.Name[:0], p.name...)}
	if err := s.queue(p, &s.join); err != nil {
		return err
	}
	for i := range s.peers {
		if q := &s.peers[i]; q != p && q.active && !q.leaving {
			_ = s.queue(q, &s.join) // on overflow q is removed (LeaveOverflow)
		}
	}
	if s.cfg.ServerPlayer != nil {
		s.join = Join{PlayerID: ServerPlayerID, Name: append(s.join.Name[:0], s.cfg.ServerPlayer...)}
		if err := s.queue(p, &s.join); err != nil {
			return err
		}
	}
	for i := range s.peers {
		q := &s.peers[i]
		if q == p || !q.active || q.leaving {
			continue
		}
		s.join = Join{PlayerID: q.id, Name: append(s.join.Name[:0], q.name...)}
		if err := s.queue(p, &s.join); err != nil {
			return err
		}
	}
	if s.cfg.Sync != nil {
		if err := s.cfg.Sync(p.id, p.ch); err != nil {
			return err
		}
	}
	if err := s.queue(p, &s.synced); err != nil {
		return err
	}
	s.emit(ServerJoin, p, c, 0)
	return nil
}

// take handles one admitted message from a connected client. A message
// that breaks a rule of the spec (Validate: a name longer than
// MaxPlayerNameLength, text that is not UTF-8) is a violation and is
// dropped.
func (s *Server) take(p *serverPeer, m Message) {
	if m.Validate() != nil {
		s.fault(p)
		return
	}
	switch m := m.(type) {
	case *Disconnect:
		s.remove(p, LeaveDisconnect)
	case *Chat:
		s.forward(p, m, m.PlayerID)
	case *Name:
		if m.PlayerID == p.id {
			p.name = append(p.name[:0], m.Name...)
		}
		s.forward(p, m, m.PlayerID)
	case *Selection:
		s.forward(p, m, m.PlayerID)
	case *Input:
		if s.check(p, m.PlayerID) {
			mask, ok := p.input.Take(m.FrameNo)
			if ok && s.cfg.Handler != nil {
				s.ev = ServerEvent{Kind: ServerMessage, Player: p.id, Addr: p.addr, Message: m, InputMask: mask}
				s.cfg.Handler(&s.ev)
			}
		}
	default:
		// Connect again (a reconnect) or a server's message.
		s.fault(p)
	}
}

// forward reports a message that clients broadcast through the server
// (Chat, Name, Selection) and sends it to every client, the sender
// included, as the original server does; one naming another player than
// its sender is dropped as a violation.
func (s *Server) forward(p *serverPeer, m Message, player ID) {
	if s.check(p, player) {
		s.emit(ServerMessage, p, m, 0)
		_ = s.Broadcast(m)
	}
}

// check counts a message naming another player as a violation.
func (s *Server) check(p *serverPeer, player ID) bool {
	if player == p.id {
		return true
	}
	s.fault(p)
	return false
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
	s.emit(ServerLeave, p, nil, cause)
	// A local value: the broadcast may overflow another client, whose
	// removal broadcasts its own Leave meanwhile.
	_ = s.Broadcast(&leave)
}

// free empties a slot.
func (s *Server) free(p *serverPeer) {
	delete(s.byAddr, p.addr)
	i := int(p.id.Identity) - 1
	s.gens[i]++
	p.active, p.leaving, p.answer = false, false, false
}

// Update runs the timers: a client silent for more than
// DisconnectTimeout is removed (the others get a Leave for it), and a
// leaving client silent for LeaveLinger is forgotten. AppendPacket calls
// it too.
func (s *Server) Update(now time.Time) {
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

// AppendPacket appends the next datagram to send to b and returns it with
// its destination; ok is false when nothing is left to send now. Call it
// until ok is false on every tick:
//
//	for {
//		to, pkt, ok := srv.AppendPacket(buf[:0], now)
//		if !ok {
//			break
//		}
//		conn.WriteToUDPAddrPort(pkt, to)
//	}
//
// It answers Connects with Full (header ack = the Connect's sequence
// number, timestamp 0, as the original server sends it), answers packets
// of leaving clients with their Leave, and sends each client's channel
// while it needs sending (Channel.NeedsSend).
func (s *Server) AppendPacket(b []byte, now time.Time) (to netip.AddrPort, pkt []byte, ok bool) {
	s.Update(now)
	if n := len(s.fulls); n > 0 {
		f := s.fulls[n-1]
		s.fulls = s.fulls[:n-1]
		h := Header{Ack: f.ack}
		b, _ = h.AppendBinary(b)
		b, _ = s.full.AppendBinary(b)
		return f.addr, b, true
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
			b, _ = h.AppendBinary(b)
			return p.addr, append(b, p.leave...), true
		}
		if p.ch.NeedsSend(now) {
			return p.addr, p.ch.AppendPacket(b, now), true
		}
	}
	return netip.AddrPort{}, b, false
}
