// Package paintball implements the Paintball protocol
// (specs/paintball-protocol.txt): a TCP byte stream of packets
//
//	['*' (u8)][type (Java char)][payload...]
//
// with no length field: the type ("also implicitly describes payload
// length") gives the payload's size, and a Login's from the count of its
// String. The spec's types are Java's DataOutputStream (docs/errata/paintball.md,
// 1-5): Byte = writeByte, Char = writeChar (a big-endian UTF-16 code unit;
// the types are the letters 'A' to 'F', 0x0041 to 0x0046), Int = writeInt
// (big-endian s32), Double = writeDouble (big-endian IEEE 754, kept bit
// for bit, NaN payloads and -0 included), String = writeUTF (a big-endian
// u16 byte count, then modified UTF-8). Every multi-byte value is
// big-endian. No source or traffic of the original game is public:
// every choice the spec leaves open is argued in the errata.
//
// # Packets
//
// One type per packet, named after the spec: Login (Type F, both
// directions), Update (Type A, server to client), PlayerUpdateRequest
// (Type C), ShootUpdateRequest (Type D) and GameDumpRequest (Type E),
// client to server. The table in forms.go is the single description of
// the wire: the codecs in forms_gen.go are generated from it (go
// generate), Login's by hand in login.go, since its String must be checked
// as writeUTF and readUTF check it. Each type has Size, AppendBinary (the
// whole packet, '*' and type included), MarshalBinary, Decode into a
// reused value, UnmarshalBinary, Form (its entry in the table) and Validate
// (the spec's rules, kept apart from the codec so that a fuzzer can break
// them). ObjectType and ShootingState are the enums; UTF holds a String as
// it travels and converts it (MakeUTF, UTF.String, a lossless text form
// for JSON).
//
// # Streams and framing
//
// NewStream and NewConn give a wire.Stream and wire.Conn of the table:
// one bounded buffer (MaxFrame), reused, Reset for a new connection,
// nothing allocated in steady state, one Write per packet. NewDecoder
// gives the wire.Decoder under them, for packets already split. A packet that
// decodes but breaks a rule comes with the error that says so (the
// default policy); a packet of the other direction is kept as a wire.Raw.
// But unlike the protocols with a length field, a byte that is not '*'
// where a packet must start, or a type the spec does not define (B is
// missing), ends the stream: nothing tells where such a packet ends, and
// the next '*' may lie inside a payload, so resynchronising would invent
// packets (errata, 6 and 7). Every packet before the break has been
// returned; Buffered holds the rest.
//
// A read deadline that passes is not the end of the stream: the read
// returns the timeout (wire.IsTimeout reports it), keeps what part of a
// frame has arrived, and the next read goes on from there, so a game loop
// may poll its connection with short deadlines. A Conn's Tap sees every
// whole frame read and written, to record or log a session.
//
// # Sessions
//
// Client and Server are the two sides as sessions of the one contract
// (package session): state machines that do no I/O, read no clock and
// start no goroutines. A session.Conn drives a Client over its TCP
// connection and a session.Listener drives the Server over the
// connections it accepts, both polled from the game's goroutine, which
// calls the actions and reads the events between Polls (Example_game).
// Handle takes a packet's bytes and decodes it with a reused Decoder;
// Transmit appends the next packet; Deadline and Tick bring the time;
// Done ends a session. A move's round trip allocates nothing.
//
// A Client goes from ClientNew through ClientJoining (Join queued the
// Login, and a Game Dump Request if DumpOnLogin: the spec has no reply)
// to ClientPlaying (the first Update came: EventJoined) and, after
// Leave, to ClientClosed, Done once its queue is sent (the spec has no
// packet for leaving: the driver closes the connection). Its actions are
// Join, Move (velocity and facing), Shoot (single, automatic, none),
// RequestDump and Leave; each goes through Send, which checks the packet
// (wire.CheckSend: not nil, Paintball's, the client's, valid) and the
// state (a *session.SequenceError wrapping ErrSequence); Lax lets a fuzzer
// send what breaks the rules. It keeps the game state in its Mirror (a
// new id creates an object, positions of -1 mark it dead) and the names
// of later players in Players, and reports EventPlayerJoined (a Login
// from the server), EventPlayerLeft (a live player object died: how a
// departure shows), EventSelf and EventLeft. The spec never tells a
// client its own id or team: Self guesses the id from evidence (errata,
// 14). The Client needs no deadline.
//
// The Server registers players, puts each in the smallest team, tells the
// others of each Login, applies requests and sends each change to
// everyone, answers a Game Dump Request with one Update per object, and,
// at its Deadline, moves objects, fires automatic paintballs and sends the
// periodic dump. It reports EventPlayerJoined and EventPlayerLeft (the
// connection closed, or Kick hung up on it: its object dies). It refuses
// from Handle, and stays up: a packet from a peer it does not know, one
// that does not decode, a request that breaks a rule, an Update (a
// server's packet), anything before Login and a second Login. Every
// packet it sends is checked too (Send, queue). Objects, Players and
// Player read its state. TCP is the transport; DefaultPort is this
// package's proposal, as the spec names none (errata, 17). The session
// choices the spec leaves open are errata 21.
//
// # Adding a packet type
//
//  1. Add its entry to forms in forms.go (and its Code constant), and run
//     go generate: the struct, codec, constructor and dispatch follow, and
//     the framing measures it from the table (a fixed size, or a String
//     at the end, as Login's; TestSplitMeasuresEveryForm says if not).
//  2. If the spec sets rules on it, write its file, named after the spec's
//     name (update.go), with Validate and nothing else the table can say;
//     a form marked Hand also has its codec there (login.go).
//  3. In fuzz/paintballgen, add its T and ValidT generators, list it in
//     ServerMessage/ClientMessage and their Valid forms, and give
//     InvalidMessage a way to break each of its rules.
//  4. Add its golden vector, typed from the spec's table, to golden_test.go,
//     and its row to contractTests.
//
// Data handed to this package is untrusted: it may come from any peer.
// Decoding never panics and never sizes an allocation from a count read
// off the wire (a Login's username is copied into reused capacity, at most
// MaxUsername bytes, after the bytes are known to be there).
package paintball
