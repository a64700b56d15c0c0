// Package retrotank implements the network protocol of Retro Tank Super
// Attack, as its 2007 doxygen page "Network Message Formats" describes it
// (specs/retrotank-protocol.txt), with the game design page's facts: UDP
// over IPv4, no datagram over 512 bytes (MaxDatagram), the server's game
// port 26000 (ServerPort), time synchronisation on 26001 (TimeSyncPort),
// clients listening on 26002 (ClientPort). No source of the game is public:
// every place where the spec is wrong, silent or self-contradictory, and
// what this package does there, is in docs/errata/retrotank.md.
//
// Byte order: big-endian, for every multi-byte field.
//
// # Messages
//
// One message travels per datagram. Every datagram on the game port starts
// with the type byte (MSG_TYPE_*, type MsgType); the acknowledged messages,
// MSG_TYPE_CONN_ACCEPT and the ones after it, follow it with a 16-bit
// message id (MessageID). The spec never gives the MSG_TYPE_* values: this
// package numbers them 0 to 13 in the spec's order, as a C enum would, in
// one const block of forms.go; the same holds for team ids (Team) and the
// PLAYER_UPDATE flags (UpdateFlags).
//
// Each message type is named after the spec's message: Ack, ConnReq,
// ConnDeny, ConnAccept, ConnDisconn, Option, Obstacle, Spawn, Goal,
// GameStart, GameOver, Score, PlayerUpdate, PlayerSpawn; the two time-sync
// datagrams, which have no type byte and travel on their own port, are
// TimeRequest and TimeReply (DecodeTime, TimeTable). Every type
// implements wire.Message: Size, AppendBinary (header included),
// MarshalBinary, Decode, UnmarshalBinary, Form and Validate. The codec
// enforces what the wire can carry; Validate checks the spec's rules
// (MSG_MAX_ACK, 62 obstacles a page, team ids, flag bits, the datagram
// limit), so a fuzzer can still send a message that breaks them.
//
// The message table in forms.go is the one description of the wire: the
// codecs in forms_gen.go are generated from it (go generate), and the
// dispatch (Decode, NewDecoder, New), the field names and offsets in
// errors, `gamewire spec -proto retrotank` and the generators in
// fuzz/retrotankgen read it. SPAWN and GOAL hold sets of areas, each with
// its team and count packed in one byte, to the end of the datagram, which
// the field types cannot say: their codecs are written by hand, in
// spawn.go and goal.go.
//
// Two levels: NewDecoder returns a wire.Decoder that decodes each datagram
// into a value it reuses per type, allocating nothing (nor on the error
// path); Decode allocates a new message that does not alias its input.
// Input read from the network is untrusted: no input makes a decoder
// panic, and no allocation is sized from a count read off the wire.
//
// # Sessions
//
// Client, Server and TimeServer are session.Sessions: state machines with
// no socket, clock, timer or goroutine of their own, handed each datagram
// that arrived with the time (Handle), asked what to send (Transmit,
// until ok is false), called again at their Deadline (Tick), and Done
// when they have ended. A session.Packet driver runs each over a UDP
// socket: a client's, whose remote is the server's game port; the
// server's game port; and the server's time-sync port, which is a second
// socket and so a second session, the TimeServer (Server.TimeServer). A
// client has one socket: its time-sync requests are units of its own
// session addressed to the ClientConfig's TimeServer, and a datagram from
// there is a reply (docs/errata/retrotank.md, S7).
//
// A Client goes idle, connecting (Join: CONN_REQ with a random id, resent
// until CONN_ACCEPT or CONN_DENY), setup (accepted: the setup pages
// arrive), ready (every page in), then leaving (Leave: CONN_DISCONN waits
// for the acknowledgement of everything the client sent), disconnecting
// (CONN_DISCONN sent), and closed, or denied, or dropped (the server
// stopped answering). A Server accepts each client with the lowest free
// id, sends it the Battlefield's pages, and keeps a connection per client
// until its CONN_DISCONN, a Kick, or its silence.
//
// What happened is read with Event, which pops the oldest Event (its Kind
// an EventKind): on a Client EventJoined, EventDenied,
// EventSetupComplete, EventSynced, EventPlayerJoined (a player first
// heard of: the protocol has no roster), EventUpdate (another player's
// PLAYER_UPDATE), EventGameStart, EventScore, EventGameOver, EventLeft
// (the server disconnected it), EventClosed (its Leave is complete) and
// EventTimeout; on a Server EventJoined, EventSetupComplete (a client
// acknowledged every page), EventUpdate, EventSpawn, EventLeft and
// EventTimeout. A datagram a session refuses is Handle's error, not an
// event: the session goes on.
//
// The actions: a Client's Join, Move (PLAYER_UPDATE_TANK), Shoot
// (PLAYER_UPDATE_SHELL), Spawn (PLAYER_SPAWN) and Leave, and Send for any
// other message; a Server's Send, Broadcast, StartGame and Kick, and its
// Relay of every client's PLAYER_UPDATE to the others. The spec has no
// chat. Every message is checked before it is queued: wire.CheckSend (not
// nil, of this protocol and direction, Validate), the session's state (a
// *session.SequenceError wrapping ErrSequence), and a client's own player
// id; the Lax option of ClientConfig and ServerConfig skips Validate and
// the session's own rules (a client's id, CONN_ACCEPT and CONN_DISCONN
// outside the accept, Leave and Kick), for a fuzzer. A Server refuses what a client may not
// send (ErrServerOnly, ErrPlayerID, ErrClientDFS, ErrSequence) and stays
// up. The common game time is the server's milliseconds since its Epoch;
// a Client estimates it (GameTime), and Started compares it with the
// GAME_START time as the 32-bit clock wraps.
//
// Beneath them: the acknowledgement system, Acker, numbers the messages
// one side sends, resends each until acknowledged (SCORE with a longer
// interval), batches acknowledgements up to MaxAcks per ACK, delivers
// each message once, and gives a peer up with ErrPeerTimeout; BuildPages
// splits a Battlefield into setup pages and Assembler rebuilds it from
// pages in any order; StartTracker keeps GAME_START's
// newer-id-and-later-time rule; TimeSync is the client's estimate of the
// game time. No function of the package panics on nil (ErrNil), and the
// zero value of every session type works.
//
// # Adding a message type
//
// A maintainer adding a message type (say the game's real MSG_TYPE_CHAT)
// touches these places:
//
//  1. forms.go: a const for its type value and an entry in forms, with the
//     spec's name, direction, header (idHeader for an acknowledged
//     message) and fields; run go generate ./retrotank.
//  2. its own file (chat.go), for what the table cannot say: the
//     MessageID/SetMessageID pair of an acknowledged message (Acked), a
//     rule (Validate), a layout the field types cannot express (Hand:
//     true, and the codec there). A message with none of these needs no
//     file.
//  3. fuzz/retrotankgen: its generator, and its line in ByName (the
//     coverage test fails until it is there).
//  4. golden_test.go: a vector typed from the spec's table, and
//     codec_test.go's line that runs the harness on it.
//  5. client.go and server.go: what the sessions do with it (an EventKind
//     and the Event's fields, a check in Handle), an action if users send
//     it, and a line in TestGame.
package retrotank
