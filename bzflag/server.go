package bzflag

import (
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// WorldServer is the server side of the world download: it answers each
// MsgGetWorld request with the next chunk of one database, through a
// world.Chunker (bzfs 1.7's rule for `remaining', see world.Assembler).
type WorldServer struct {
	chunker world.Chunker
	reply   GetWorldReply
}

// NewWorldServer returns a WorldServer for db, in chunks of at most chunk
// bytes (0 means MaxWorldChunk; bzfs 1.7 used 256). It aliases db.
func NewWorldServer(db []byte, chunk int) (*WorldServer, error) {
	c, err := world.NewChunker(db, chunk)
	if err != nil {
		return nil, err
	}
	return &WorldServer{chunker: c}, nil
}

// Reply returns the answer to req. The reply belongs to the WorldServer and
// its Data aliases the database, until the next call. A nil req fails
// with ErrNilMessage.
func (s *WorldServer) Reply(req *GetWorldRequest) (*GetWorldReply, error) {
	if req == nil {
		return nil, ErrNilMessage
	}
	s.reply.Remaining, s.reply.Data = s.chunker.Chunk(req.Offset)
	return &s.reply, nil
}

// ServerState is where a peer is on the server's side of the join
// sequence (Server.State).
type ServerState uint8

// The states of a Server's peer.
const (
	// ServerNone: no such peer.
	ServerNone ServerState = iota
	// ServerWaiting: connected, possibly downloading the world; no
	// MsgEnter yet (or the last one was rejected).
	ServerWaiting
	// ServerJoined: accepted, its own MsgAddPlayer sent: in the game.
	ServerJoined
	// ServerLeft: MsgExit arrived, or the peer was kicked: the server
	// hangs up.
	ServerLeft
)

var serverStateNames = []string{"none", "waiting", "joined", "left"}

// String returns the state's name.
func (s ServerState) String() string { return session.NameOr(serverStateNames, s, "invalid") }

// DefaultMaxPlayers is a Server's number of player slots when its
// MaxPlayers is 0.
const DefaultMaxPlayers = 8

// Server is a small BZFlag 1.7 game server, as a session of many peers
// (session.Server; a session.Listener drives it on the reconnect port,
// after the handshake, see ServeHandshake): the join of every peer, then
// a relay of the game among the joined players, as bzfs 1.7 relays it,
// over TCP only (it ignores MsgUDPLinkRequest, as bzfs -noudp does, so
// the clients' Games keep to TCP).
//
// The join: MsgGetWorld is answered from Worlds in any state; MsgEnter
// is accepted, unless the call sign is in play (RejectBadTeam, as bzfs
// answers a clash, errata J6) or every slot is taken (RejectServerFull).
// Accepted, the peer gets MsgAccept, a MsgAddPlayer for each player in
// the game, then its own MsgAddPlayer with the id the server assigned
// (its address, port and slot, as bzfs 1.7 does), and the others get its
// MsgAddPlayer (EventJoined). MsgNetworkRelay is answered with MsgAccept
// (errata M18).
//
// The game: MsgAlive, MsgKilled, MsgMessage and MsgTeleport go to every
// player in the server's form, with the sender's id; MsgPlayerUpdate,
// MsgShotBegin, MsgShotEnd and MsgGMUpdate go to the other players as
// they came. MsgExit (or the peer's connection ending) removes the
// player (MsgRemovePlayer to the others, EventPlayerLeft). Flags, scores
// and lag pings are left to the caller (Send).
//
// Handle refuses, with an error, and stays up: a frame that does not
// decode or breaks a rule (unless Lax), a message only a server sends
// (ErrNotClients), a game message before the join (*UnexpectedError), a
// second MsgEnter, and a MsgPlayerUpdate or MsgShotBegin in another
// player's name (ErrNotYours). Its zero value is ready: no world
// (MsgGetWorld refused), DefaultMaxPlayers slots.
type Server struct {
	// Worlds serves the world download; nil refuses MsgGetWorld.
	Worlds *WorldServer
	// MaxPlayers is the number of player slots; 0 means
	// DefaultMaxPlayers, and more than MaxPlayers is MaxPlayers.
	MaxPlayers int
	// Lax sends messages that break the spec's rules (Validate) and takes
	// such messages from the clients: for a fuzzer.
	Lax bool

	peers map[netip.AddrPort]*serverPeer
	slots []*serverPeer // by slot number; nil when free
	dec   session.UnitDecoder
	out   outbox
	hang  []netip.AddrPort
	ev    events

	// messages the Server sends, reused
	accept Accept
	reject Reject
	add    AddPlayer
	remove RemovePlayer
	alive  AliveFromServer
	killed KilledFromServer
	chat   MessageFromServer
	tele   TeleportFromServer
	kill   SuperKill
}

// serverPeer is one connection of a Server.
type serverPeer struct {
	addr  netip.AddrPort
	state ServerState
	enter Enter
	id    PlayerID
	slot  int
}

// Framing returns the table and FromClient, the direction of what the
// Server receives.
func (s *Server) Framing() (*spec.Table, wire.Direction) { return table, FromClient }

// State returns where peer is in the join (ServerNone for no such peer).
func (s *Server) State(peer netip.AddrPort) ServerState {
	if p := s.peers[peer]; p != nil {
		return p.state
	}
	return ServerNone
}

// Request returns peer's last MsgEnter, or nil.
func (s *Server) Request(peer netip.AddrPort) *Enter {
	if p := s.peers[peer]; p != nil && p.state != ServerWaiting {
		return &p.enter
	}
	return nil
}

// ID returns the id the server assigned to peer's player, once joined.
func (s *Server) ID(peer netip.AddrPort) (PlayerID, bool) {
	if p := s.peers[peer]; p != nil && p.state == ServerJoined {
		return p.id, true
	}
	return PlayerID{}, false
}

// Players returns how many players are in the game.
func (s *Server) Players() int {
	n := 0
	for _, p := range s.slots {
		if p != nil {
			n++
		}
	}
	return n
}

// Connected takes a new peer.
func (s *Server) Connected(now time.Time, peer netip.AddrPort) error {
	if s.peers == nil {
		s.peers = map[netip.AddrPort]*serverPeer{}
	}
	if s.peers[peer] != nil {
		return seqError("Connected", "connected")
	}
	s.peers[peer] = &serverPeer{addr: peer, state: ServerWaiting, slot: -1}
	return nil
}

// Disconnected forgets peer, removing its player from the game.
func (s *Server) Disconnected(now time.Time, peer netip.AddrPort) {
	if p := s.peers[peer]; p != nil {
		s.part(p)
		delete(s.peers, peer)
	}
}

// Hangup returns a peer to hang up on: one that sent MsgExit, or was
// kicked.
func (s *Server) Hangup() (netip.AddrPort, bool) {
	if len(s.hang) == 0 {
		return netip.AddrPort{}, false
	}
	p := s.hang[0]
	s.hang = append(s.hang[:0], s.hang[1:]...)
	return p, true
}

// Transmit appends the next frame to buf, with the peer it goes to.
func (s *Server) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return s.out.transmit(buf)
}

// Deadline returns the zero Time: the Server acts only on what arrives.
func (s *Server) Deadline() time.Time { return time.Time{} }

// Tick does nothing.
func (s *Server) Tick(now time.Time) {}

// Done reports false: a Server runs until its driver is closed.
func (s *Server) Done() bool { return false }

// Event pops the oldest event: EventJoined, EventPlayerLeft, EventChat,
// each with the peer; false when there is none.
func (s *Server) Event() (Event, bool) { return s.ev.pop() }

// Send queues m to peer: m must be a server's bzflag message
// (wire.CheckSend), valid unless Lax, and peer connected.
func (s *Server) Send(peer netip.AddrPort, m Message) error {
	p := s.peers[peer]
	if p == nil {
		return seqError("Send", ServerNone.String())
	}
	return s.send(p, m)
}

// Kick sends peer MsgSuperKill, removes its player and hangs up.
func (s *Server) Kick(peer netip.AddrPort) error {
	p := s.peers[peer]
	if p == nil || p.state == ServerLeft {
		return seqError("Kick", s.State(peer).String())
	}
	if err := s.send(p, &s.kill); err != nil {
		return err
	}
	s.leave(p)
	return nil
}

// send checks m and queues it to p.
func (s *Server) send(p *serverPeer, m Message) error {
	if err := wire.CheckSend(table, m, FromServer, s.Lax); err != nil {
		return err
	}
	return s.out.push(p.addr, m)
}

// broadcast queues m to every player in the game but except.
func (s *Server) broadcast(m Message, except *serverPeer) error {
	if err := wire.CheckSend(table, m, FromServer, s.Lax); err != nil {
		return err
	}
	for _, p := range s.slots {
		if p != nil && p != except {
			if err := s.out.push(p.addr, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// Handle takes one frame from peer.
func (s *Server) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	p := s.peers[from]
	if p == nil || p.state == ServerLeft {
		return seqError("a frame", s.State(from).String())
	}
	m, err := s.dec.Decode(table, unit, FromClient, s.Lax)
	if err != nil {
		return err
	}
	if _, raw := m.(*wire.Raw); raw {
		return ErrNotClients
	}
	switch m := m.(type) {
	case *GetWorldRequest:
		if s.Worlds == nil {
			return &UnexpectedError{State: p.clientState(), Code: CodeGetWorld}
		}
		r, _ := s.Worlds.Reply(m)
		return s.send(p, r)
	case *Enter:
		if p.state != ServerWaiting {
			return &UnexpectedError{State: p.clientState(), Code: CodeEnter}
		}
		return s.enter(p, m)
	case *Exit:
		s.leave(p)
		return nil
	case *NetworkRelay:
		return s.send(p, &s.accept)
	}
	if anyState(CodeOf(m)) {
		return nil
	}
	if p.state != ServerJoined {
		return &UnexpectedError{State: p.clientState(), Code: CodeOf(m)}
	}
	return s.play(p, m)
}

// clientState is the client's ClientState that p's state implies.
func (p *serverPeer) clientState() ClientState {
	if p.state == ServerJoined {
		return ClientJoined
	}
	return ClientDownloading
}

// enter answers p's MsgEnter.
func (s *Server) enter(p *serverPeer, m *Enter) error {
	limit := s.MaxPlayers
	if limit <= 0 {
		limit = DefaultMaxPlayers
	}
	limit = min(limit, MaxPlayers)
	slot := -1
	for i := 0; i < limit; i++ {
		if i == len(s.slots) || s.slots[i] == nil {
			slot = i
			break
		}
	}
	s.reject.Reason = RejectServerFull
	for _, o := range s.slots {
		if o != nil && sameCallSign(&o.enter.CallSign, &m.CallSign) {
			s.reject.Reason, slot = RejectBadTeam, -1
		}
	}
	if slot < 0 {
		return s.send(p, &s.reject)
	}
	if err := s.send(p, &s.accept); err != nil {
		return err
	}
	p.enter, p.slot, p.state = *m, slot, ServerJoined
	p.id = PlayerID{Port: p.addr.Port(), Number: uint16(slot)}
	if a := p.addr.Addr().Unmap(); a.Is4() {
		p.id.Host = a.As4()
	}
	for _, o := range s.slots {
		if o != nil {
			s.add = o.addPlayer()
			s.send(p, &s.add)
		}
	}
	s.add = p.addPlayer()
	s.add.ID, s.add.HasAssignedID, s.add.AssignedID = m.ID, true, p.id
	if err := s.send(p, &s.add); err != nil {
		return err
	}
	if slot == len(s.slots) {
		s.slots = append(s.slots, p)
	}
	s.slots[slot] = p
	s.add = p.addPlayer()
	s.ev.push(Event{Kind: EventJoined, Player: p.id, CallSign: m.CallSign, Peer: p.addr})
	return s.broadcast(&s.add, p)
}

// addPlayer returns the MsgAddPlayer that announces p.
func (p *serverPeer) addPlayer() AddPlayer {
	e := &p.enter
	return AddPlayer{ID: p.id, Type: e.Type, Team: e.Team, CallSign: e.CallSign, Email: e.Email}
}

// play relays a joined player's message of the game.
func (s *Server) play(p *serverPeer, m Message) error {
	switch m := m.(type) {
	case *AliveFromClient:
		s.alive = AliveFromServer{ID: p.id, Position: m.Position, Forward: m.Forward}
		return s.broadcast(&s.alive, nil)
	case *PlayerUpdate:
		if m.ID != p.id {
			return ErrNotYours
		}
		return s.broadcast(m, p)
	case *ShotBegin:
		if m.Shooter != p.id {
			return ErrNotYours
		}
		return s.broadcast(m, p)
	case *ShotEnd, *GMUpdate:
		return s.broadcast(m, p)
	case *KilledFromClient:
		s.killed = KilledFromServer{Victim: p.id, Killer: m.Killer, ShotID: m.ShotID}
		return s.broadcast(&s.killed, nil)
	case *MessageFromClient:
		s.chat = MessageFromServer{From: p.id, To: m.To, Team: m.Team, Text: m.Text}
		s.ev.push(Event{Kind: EventChat, Player: p.id, To: m.To, Team: m.Team, Text: m.Text, Peer: p.addr})
		return s.broadcast(&s.chat, nil)
	case *TeleportFromClient:
		s.tele = TeleportFromServer{ID: p.id, From: m.From, To: m.To}
		return s.broadcast(&s.tele, nil)
	}
	return nil
}

// leave ends p's game and hangs up on it.
func (s *Server) leave(p *serverPeer) {
	s.part(p)
	p.state = ServerLeft
	s.hang = append(s.hang, p.addr)
}

// part removes p's player from the game, if it joined.
func (s *Server) part(p *serverPeer) {
	if p.state != ServerJoined {
		return
	}
	s.slots[p.slot] = nil
	p.state = ServerWaiting
	s.remove.ID = p.id
	s.ev.push(Event{Kind: EventPlayerLeft, Player: p.id, Peer: p.addr})
	s.broadcast(&s.remove, nil)
}

// sameCallSign compares two call signs as bzfs 1.7 does: up to their
// NUL, ignoring the case of ASCII letters (errata J6).
func sameCallSign(a, b *CallSign) bool {
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
		if x == 0 {
			return true
		}
	}
	return true
}
