package paintball

import (
	"net/netip"
	"strconv"

	"github.com/gamewire/gamewire/session"
)

// EventKind is what an Event reports.
type EventKind uint8

// The kinds of events. The spec has no game start or end (the game "is
// always running"; errata, 18) and no chat, so no event says them.
const (
	// EventNone is the zero Kind: no event.
	EventNone EventKind = iota
	// EventJoined (Client): the first Update after the Login came, the
	// evidence that the server has the client in the game: the spec has
	// no reply to a Login (docs/errata/paintball.md, 14).
	EventJoined
	// EventSelf (Client): the client found its own object id, ID (see
	// Client.Self).
	EventSelf
	// EventPlayerJoined: another player logged in. A Client learns Name
	// only (the server's Login); a Server says Peer, Name, ID and Team.
	EventPlayerJoined
	// EventPlayerLeft: a player left. A Client sees a live player object
	// die, ID (the spec has no packet for leaving, and this package's
	// Server kills a player's object only when it leaves; errata, 15); a
	// Server says Peer, Name and ID of a logged-in player whose
	// connection closed.
	EventPlayerLeft
	// EventLeft (Client): Leave was called: the session is over once what
	// was queued is sent.
	EventLeft
)

var eventNames = []string{"none", "joined", "self", "player-joined", "player-left", "left"}

// String returns the kind's name: "joined", "player-left"...
func (k EventKind) String() string { return session.Name(eventNames, k) }

// Event is what happened in a session, read with Client.Event or
// Server.Event. Each kind fills the fields it names; the others are zero.
type Event struct {
	Kind EventKind
	Peer netip.AddrPort // the player's connection (Server)
	ID   int32          // the player's object id (0: unknown)
	Name string         // the player's username ("" when unknown)
	Team int            // the player's team (Server's EventPlayerJoined)
}

// String describes the event in a line: "bob joined as 2 in team 1",
// "player 2 left", "self is 2".
func (e Event) String() string {
	who := e.Name
	if who == "" {
		who = "player " + strconv.Itoa(int(e.ID))
	}
	switch e.Kind {
	case EventSelf:
		return "self is " + strconv.Itoa(int(e.ID))
	case EventPlayerJoined:
		if e.ID != 0 {
			return who + " joined as " + strconv.Itoa(int(e.ID)) + " in team " + strconv.Itoa(e.Team)
		}
		return who + " joined"
	case EventPlayerLeft:
		return who + " left"
	}
	return e.Kind.String()
}

// events is a session's queue of events, read oldest first.
type events struct{ q session.Queue[Event] }

func (es *events) push(e Event) { es.q.Push(e) }

// pop returns the oldest event, false when there is none.
func (es *events) pop() (Event, bool) {
	if es.q.Len() == 0 {
		return Event{}, false
	}
	return es.q.Next(), true
}
