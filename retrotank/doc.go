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
// The acknowledgement system, Acker, numbers the messages one side sends,
// resends each until acknowledged (SCORE with a longer interval), batches
// acknowledgements up to MaxAcks per ACK, delivers each message once, and
// gives a peer up with ErrPeerTimeout. Client and Server build the
// connection on it: CONN_REQ with a random id retried until accepted or
// denied, the acceptance acknowledged through the Acker, the setup pages
// (BuildPages splits a Battlefield, Assembler rebuilds it from pages in
// any order), GAME_START's newer-id-and-later-time rule (StartTracker),
// CONN_DISCONN either way. TimeSync is the client's side of the time
// synchronisation. All of them are state machines the caller drives with
// the datagrams and the time: no sockets, timers or goroutines of their
// own.
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
package retrotank
