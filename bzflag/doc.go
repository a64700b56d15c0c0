// Package bzflag implements the network protocol of BZFlag 1.7, as its
// protocol.txt describes it and as the original 1.7 server and client
// (BZFlag-Dev/bzflag, tags v1.7e6 to v1.7g2) really speak it. Where they
// differ, the package follows the original programs; docs/errata/bzflag.md
// lists every difference.
//
// # Framing
//
// Every message travels as a frame: the body length (uint16, the body
// only, not the four header bytes), the message code (uint16, two ASCII
// letters such as "en" for MsgEnter), then the body. All numbers are big
// endian ("network byte order"); floats are IEEE 754 single precision.
// A frame is at most MaxPacketLen (1024) bytes.
//
// # The table
//
// forms.go holds the package's one description of the wire: the header,
// the composite types (the spec's `player id' and `flag status') and
// every message form, with the spec's names, in wire's Form type. Table
// returns it. Everything else reads it: the dispatch of Decode, New and
// the decoders (a direct lookup by code and direction), the field names
// and offsets in errors, `gamewire spec|decode|encode -proto bzflag`, the
// coverage checks of the tests and of fuzz/bzflaggen. The codecs of the
// forms are generated from it into forms_gen.go (go generate); a
// message's own file holds only what the table cannot say: its Validate,
// or a whole codec for the three odd forms (MsgAddPlayer with its
// optional assigned id, MsgReject with its bare form, MsgWantWHash's
// reply whose NUL is the body's last byte).
//
// # Messages
//
// There is one type per message form, named after the spec's name without
// "Msg": Enter is MsgEnter. Where a code has one layout from the client
// and another from the server, there are two types: GetWorldRequest and
// GetWorldReply, or AliveFromClient and AliveFromServer. Every type's
// pointer implements Message (wire.Message): AppendBinary writes the whole
// frame, header included, Decode reads one back, Form returns the type's
// entry in the table.
//
// Decoding is lossless (what decodes re-encodes to the same bytes), never
// panics, and allocates nothing when the value is reused, on failure
// too: every error is built once, in the table. Structure is checked by
// Decode; the spec's rules (enumeration ranges, NUL-terminated strings) by
// Validate, so that a fuzzer can still build a message that breaks them.
//
// There are two levels of API over the one codec. The convenient one:
// MarshalBinary and UnmarshalBinary on each type, and Decode, which picks
// the type for a frame's code and direction and returns a new value. The
// zero-allocation one, for hot loops: AppendBinary into a buffer the
// caller reuses, Decode methods into values the caller reuses, and
// NewDecoder's wire.Decoder, which picks the type like Decode but reuses
// one value per type. A code the table has no form for comes back as a
// *wire.Raw that re-encodes byte for byte (wire.Strict makes it an error).
//
// # Connections and sessions
//
// ReadHandshake and WriteHandshake speak the 8-byte version string and reconnect
// port that open every connection; Version parses the string and states the
// compatibility rule. Dial connects, checks the handshake and reconnects to
// the port the server names, and returns that game connection (a Dialer's Wrap
// wraps it, to record it); ServeHandshake is the server's side. NewConn (a
// wire.Conn) reads and writes frames over a net.Conn with one bounded, reused
// buffer; NewStream (a wire.Stream) reads them from any reader. Both decode by
// direction, validate by default (wire.Checked) and keep unknown codes as
// *wire.Raw.
//
// The sessions meet the one contract of package session: they do no I/O
// and read no clock; each is handed the frames that arrive with the time
// (Handle), says what to send (Transmit), when it next needs a call
// (Deadline, then Tick) and when it has ended (Done), and reports what
// happened as events (Event: an Event of an EventKind). A session.Conn
// drives a client's session over the connection Dial returns, a
// session.Listener drives a Server, a session.Packet drives a Game's
// UDPLink. A frame that does not decode, or that the state rules out, is
// refused by Handle (the driver's Poll returns a *session.Refused) and
// changes nothing: read on. Only broken framing or the socket ending ends
// a connection (Poll's other errors), and session.ErrDone once the session
// is Done.
//
//   - Client is the join alone: the world download (package bzflag/world
//     holds the database codec, the download Assembler and the server's
//     Chunker), MsgEnter, then MsgAccept, MsgReject (EventRejected, Retry)
//     or MsgSuperKill (EventKicked), then the updates before the player's
//     own MsgAddPlayer (EventJoined). States: ClientIdle, ClientDownloading,
//     ClientEntering, ClientUpdating, ClientJoined (or ClientRejected,
//     ClientKilled, ClientFailed).
//   - Game is a client's whole session: the join, then the game as the 1.7
//     client plays it (below).
//   - Server is a small game server of many peers: the join of each
//     (WorldServer answers the download), then the game relayed among the
//     players, over TCP (EventJoined, EventPlayerLeft, EventChat); Send
//     and Kick act on a peer.
//
// Every message a session sends is checked first (wire.CheckSend: not nil,
// a bzflag message of the session's direction, valid) and against the
// state (a *session.SequenceError wrapping ErrSequence); Lax lets a fuzzer
// send what breaks the spec's rules.
//
// # Playing
//
// A Game goes through GameIdle, GameJoining (the join: EventJoined),
// GameRelaying (MsgNetworkRelay), GamePlaying (EventPlaying) and GameLeft
// (EventLeft or EventKicked). Its events report the other players coming
// and going (EventPlayerJoined, EventPlayerLeft, EventPlayerAlive), shots
// (EventShot, EventShotEnded), kills (EventKilled), chat (EventChat) and the
// game's end (EventGameOver); its tables are Players, Flags, Teams and Shots.
// Its actions: Start (the join), Move (the tank's motion; Tick sends
// MsgPlayerUpdate at the 1.7 client's rate), Alive, Shoot (the 1.7 shot:
// id, muzzle, speed, lifetime), Hit and HitBy (MsgShotEnd, then the kill),
// Killed, GrabFlag, DropFlag, CaptureFlag, Teleport, Chat, Leave (MsgExit),
// and Send for any other message. With UDPPort set it asks for the UDP
// link, and once it is up its UDPLink, driven by a session.Packet on that
// socket, carries MsgPlayerUpdate, MsgShotBegin and MsgShotEnd. One loop
// polls both drivers:
//
//	for !g.Done() {
//		err := tcp.Poll(ctx, 5*time.Millisecond) // udp.Poll too, with a link
//		var refused *session.Refused
//		if err != nil && !errors.As(err, &refused) {
//			return err // the connection ended
//		}
//		for e, ok := g.Event(); ok; e, ok = g.Event() {
//			// see e.Kind
//		}
//		g.Move(status, pos, vel, azimuth, angVel) // the player's motion
//	}
//
// Example_game plays a whole game with two Games and a Server over loopback
// TCP. docs/errata/bzflag.md (part 3) gives the 1.7 client's and bzfs's
// behaviour that Game, UDPLink and Server follow.
//
// # Adding a message type
//
//  1. The table entry: add the form to forms (forms.go), with the spec's
//     name, code (a Code constant in the block above the table),
//     direction, Go type, Doc and fields (Name in
//     lowerCamelCase as in the spec: it is the JSON key and the name in
//     errors), then run go generate. Decode, New, the decoders, Table and
//     `gamewire spec|decode|encode -proto bzflag` pick it up from there.
//  2. The type's file, named after the message, when it needs hand-written
//     parts: Validate, if the spec sets rules beyond the layout (formgen
//     writes a Validate returning nil otherwise); a whole codec, struct
//     included, only for a form the field types cannot say (Hand: true).
//  3. Its generator in fuzz/bzflaggen: an exported function and its line
//     in entries. TestMessages runs the shared harness on every form of
//     the table with it, and fails for a form without one.
//  4. A golden vector in goldenVectors (golden_test.go), in hex written
//     from the spec's diagram or the original source, not from the
//     encoder's output. TestGolden fails for a form without one.
//
// A code's name comes from the table (String, Known). Fields that several
// forms share are declared once above forms and listed by name. Where the
// spec is silent, wrong or self-contradictory about the message, add an
// entry to docs/errata/bzflag.md.
package bzflag
