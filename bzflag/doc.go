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
// ReadHandshake and WriteHandshake speak the 8-byte version string and
// reconnect port that open every connection; Version parses the string and
// states the compatibility rule. Dial connects, checks the handshake and
// reconnects to the port the server names. NewConn (a wire.Conn) reads and
// writes frames over a net.Conn with one bounded, reused buffer (one Write
// per frame); NewStream (a wire.Stream) reads them from any reader. Both
// decode by direction, validate by default (wire.Checked) and keep unknown
// codes as *wire.Raw, so a session survives them; Reset reuses them for
// another connection or file with no allocation.
//
// Reading: a message that fails to decode or breaks a rule comes back
// with its error, and the stream is still in step: read on. A read
// deadline that passes (wire.IsTimeout reports it) is not final either:
// the read returns the timeout, keeps what part of a frame has arrived,
// and the next read goes on from there, so a game loop can poll its
// connection with short deadlines. Only broken framing (a length over
// MaxPacketLen), a stream that ends inside a frame, or another read error
// ends the stream. UDPLink reads the same way.
//
// Recording: a Dialer's Wrap wraps the game connection, and its Tap (a
// wire.Conn's Tap, and UDPLink's) sees every whole frame read and written,
// with its direction, to record or log a session.
//
// Client is the client side of joining a game as a state machine the
// caller drives: the world download (package bzflag/world holds the
// database codec, the download Assembler and the server's Chunker),
// MsgEnter, then MsgAccept, MsgReject or MsgSuperKill, then the updates
// that arrive before the player's own MsgAddPlayer. Server is the
// server's side, with a WorldServer answering the download. None of them
// starts a goroutine or reads a clock.
//
// # Playing
//
// Game is a client's whole session as the 1.7 client plays it: the join
// (a Client), then MsgNetworkRelay, the UDP link (UDPLink:
// MsgUDPLinkRequest both ways, MsgUDPLinkEstablished, then MsgPlayerUpdate,
// MsgShotBegin, MsgShotEnd and MsgGMUpdate in datagrams, or TCP when the
// server does not answer), the echo of MsgLagPing, MsgPlayerUpdate at the
// client's rate (dead reckoning, at least every MaxUpdateTime, at most
// every MinUpdateTime), the tables of players, flags and teams, kills,
// flags, teleports, and MsgExit. One loop drives it, with the time it
// says it is:
//
//	for g.State() != bzflag.GameLeft {
//		now := frameClock()
//		conn.SetReadDeadline(time.Now().Add(2 * time.Millisecond))
//		m, err := g.TCP.Next() // then g.UDP.Next, likewise
//		switch {
//		case wire.IsTimeout(err): // nothing came: not the end
//		case err != nil:
//			return err
//		default:
//			g.Handle(m, now) // after looking at m, if the game wants to
//		}
//		g.Move(status, pos, vel, azimuth, angVel) // the player's motion
//		g.Tick(now)                                // sends what is due
//	}
//
// Example_game plays a whole session against a server written with the
// package, over loopback TCP and UDP. docs/errata/bzflag.md (part 3) gives
// the 1.7 client's and bzfs's behaviour that Game and UDPLink follow.
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
