package bzflag

import (
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/session"
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
// its Data aliases the database, until the next call.
func (s *WorldServer) Reply(req *GetWorldRequest) *GetWorldReply {
	s.reply.Remaining, s.reply.Data = s.chunker.Chunk(req.Offset)
	return &s.reply
}

// ServerState is where a client's connection is on the server's side of
// the join sequence (Server).
type ServerState uint8

// The states of Server.
const (
	// ServerWaiting: connected, possibly downloading the world; no
	// MsgEnter yet (or the last one was rejected).
	ServerWaiting ServerState = iota
	// ServerDeciding: MsgEnter arrived; the server must Accept or Reject.
	ServerDeciding
	// ServerUpdating: MsgAccept is out; the server sends the flags, teams
	// and players, then Welcome.
	ServerUpdating
	// ServerJoined: the player's own MsgAddPlayer is out; the game is on.
	ServerJoined
)

var serverStateNames = []string{"waiting", "deciding", "updating", "joined"}

// String returns the state's name.
func (s ServerState) String() string { return session.NameOr(serverStateNames, s, "invalid") }

// Server is the server side of the join sequence for one client
// connection, as a state machine the caller drives. Hand every message
// from the client to Handle, and send what it returns:
//
//   - MsgGetWorld requests are answered from Worlds, in any state;
//   - MsgEnter moves to ServerDeciding: look at Request, then call Reject
//     (back to ServerWaiting: the client may try again) or Accept;
//   - after Accept, send the flag, team and player updates (the spec allows
//     them in any order; bzfs sends teams, flags, then players), then
//     Welcome: the player's own MsgAddPlayer, which ends the sequence.
//
// Before ServerJoined, messages that only a player in the game sends
// (MsgAlive, MsgPlayerUpdate, MsgShotBegin, ...) fail with an
// *UnexpectedError (its State is the client's ClientState the message
// implies, ClientEntering) and change nothing; connection-level requests
// (MsgNetworkRelay, MsgWantWHash, MsgQueryGame, MsgQueryPlayers, MsgSetTTL,
// MsgUDPLinkRequest, MsgClientVersion, MsgIdAck, MsgExit) pass. Messages
// returned belong to Server until the next call.
type Server struct {
	// Worlds serves the world download; nil refuses MsgGetWorld.
	Worlds *WorldServer

	state  ServerState
	enter  Enter
	id     PlayerID
	accept Accept
	reject Reject
	add    AddPlayer
}

// State returns the current state.
func (a *Server) State() ServerState { return a.state }

// Request returns the client's MsgEnter (valid from ServerDeciding on).
func (a *Server) Request() *Enter { return &a.enter }

// Handle takes one message from the client and returns the reply to send,
// if any.
func (a *Server) Handle(m Message) (Message, error) {
	switch m := m.(type) {
	case *GetWorldRequest:
		if a.Worlds != nil {
			return a.Worlds.Reply(m), nil
		}
	case *Enter:
		if a.state == ServerWaiting {
			a.enter = *m
			a.state = ServerDeciding
			return nil, nil
		}
	case *NetworkRelay, *WantWHashRequest, *QueryGameRequest, *QueryPlayersRequest, *SetTTL,
		*UDPLinkRequest, *ClientVersion, *IDAck, *Exit:
		return nil, nil
	default:
		if a.state == ServerJoined {
			return nil, nil
		}
	}
	return nil, &UnexpectedError{State: a.clientState(), Code: CodeOf(m)}
}

// clientState is the client's ClientState that a's state implies.
func (a *Server) clientState() ClientState {
	switch a.state {
	case ServerDeciding:
		return ClientEntering
	case ServerUpdating:
		return ClientUpdating
	case ServerJoined:
		return ClientJoined
	}
	return ClientDownloading
}

// Reject refuses the MsgEnter with reason and returns the MsgReject to
// send; nil outside ServerDeciding.
func (a *Server) Reject(reason RejectCode) Message {
	if a.state != ServerDeciding {
		return nil
	}
	a.state = ServerWaiting
	a.reject = Reject{Reason: reason}
	return &a.reject
}

// Accept admits the player under id (bzfs 1.7 uses the client's address,
// TCP port and slot number) and returns the MsgAccept to send; nil
// outside ServerDeciding.
func (a *Server) Accept(id PlayerID) Message {
	if a.state != ServerDeciding {
		return nil
	}
	a.state = ServerUpdating
	a.id = id
	return &a.accept
}

// Welcome returns the player's own MsgAddPlayer, which ends the join
// sequence: under the id the client gave in MsgEnter, with the id the
// server assigned appended, as bzfs 1.7 sends it; nil outside
// ServerUpdating.
func (a *Server) Welcome() Message {
	if a.state != ServerUpdating {
		return nil
	}
	a.state = ServerJoined
	e := &a.enter
	a.add = AddPlayer{ID: e.ID, Type: e.Type, Team: e.Team, CallSign: e.CallSign, Email: e.Email,
		HasAssignedID: true, AssignedID: a.id}
	return &a.add
}
