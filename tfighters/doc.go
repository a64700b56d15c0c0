// Package tfighters implements the TFighters (Fighterz) network protocol,
// version 2 of 2003-08-30 ("tfighters_proto2.txt"): a TCP byte stream of
// frames
//
//	[len (u16)][type (u16)][data...]
//
// where len counts the type and the data (a frame is 2+len bytes). Every
// integer is little-endian: the original game copies its integers from x86
// memory. Types 0x0000-0x7FFF travel server->client (SMSG_*), 0x8000-0xFFFF
// client->server (CMSG_*). Where the spec and the original game disagree,
// this package follows the game (github.com/rayburgemeestre/fighterz,
// commit 8812983) and docs/errata/tfighters.md says why: SMSG_NEWUSER has
// an extra field, SMSG_NICK's nick is a string, SMSG_NICKREPLY's code is
// inverted, SMSG_PING's time is 8 bytes from 64-bit servers, and more.
//
// # The table
//
// forms.go holds the package's one description of the wire: a spec.Table
// (Table) with one spec.Form per message, under the spec's name (SMSG_HI,
// CMSG_NICK), its code, direction, Go type and fields with the spec's
// names. A "dbl" is an s32 of Go type Dbl: the integer that travels
// (value*100, truncated), with Float and DblOf to convert; a "str" is a
// cstring, a []byte without its NUL (the gamewire command prints it as a
// wire.Text). Dispatch (a direct lookup of
// direction and code), New, the errors (built once per field: a malformed
// frame costs no allocation), the gamewire command and the generators of
// fuzz/tfightersgen all read it.
//
// # Messages
//
// One type per message form, named after the spec without its prefix, with
// Client/Server where a name exists in both directions: Version
// (CMSG_VERSION), ClientAccel (CMSG_ACCEL) and ServerAccel (SMSG_ACCEL), and
// so on; the Code constants name every code, and Code.String gives the
// spec's name. Each type is a wire.Message: Size, AppendBinary (the whole
// frame), Decode into a reused value, UnmarshalBinary, MarshalBinary, Form
// and Validate (the rules of the spec and of the original peers, kept
// apart from the codec so that a fuzzer can break them).
//
// # Decoding: two levels
//
// The two levels share one implementation, each message's Decode. Decode
// (or a message's UnmarshalBinary) decodes one frame into a new value the
// caller owns: convenient, and it allocates. NewDecoder's wire.Decoder
// decodes without allocating, into one value per form that it reuses: for
// hot loops. No decoded value aliases its input, except a *wire.Raw's
// Frame.
//
// NewStream and NewConn give the wire.Stream and wire.Conn of the table:
// one bounded buffer (MaxFrame), reused across connections and files with
// Reset, and the one policy of every gamewire protocol (wire.Policy): under
// the default, wire.Checked, a code the spec does not define, or one of
// the other direction, comes back as a *wire.Raw that re-encodes byte for
// byte (so a session survives it), and a message that breaks a rule comes
// back with Validate's error; wire.Strict makes both errors, wire.Lax lets
// both through.
//
// A read deadline that passes is not the end of the stream: the read
// returns the timeout (wire.IsTimeout reports it), keeps what part of a
// frame has arrived, and the next read goes on from there, so a game loop
// may poll its connection with short deadlines. A Conn's Tap sees every
// whole frame read and written, to record or log a session.
//
// # Sessions
//
// Client and Server are the two sides of the session, each a state
// machine of the one contract of package session (docs/ARCHITECTURE.md):
// no I/O, no clock, no goroutines. Handle takes one frame (with the time
// it arrived: the sessions read no clock), Transmit gives the next frame
// to send, Deadline says when Tick is next due, Done says the session has
// ended; what happened is read with Event, an Event whose Kind says which
// fields it fills. A session.Conn drives a Client over its TCP
// connection, a session.Listener drives a Server over the connections it
// accepts; a test drives either by hand (Example_game shows a whole game).
//
// They follow the original server (errata 9, 12, 27-30): SMSG_HI;
// CMSG_VERSION (no reply); CMSG_NICK and SMSG_NICKREPLY (EventJoined, or
// EventNickRejected); for a new player, SMSG_NEWUSER to the others
// (EventPlayerJoined), a first SMSG_PING, the user list (SMSG_NEWUSER and
// SMSG_INVINCIBLE), four more SMSG_PING 100 ms apart (each CMSG_PONG
// earns an SMSG_LAG), then SMSG_SPAWNREADY (EventSpawnReady); CMSG_SPAWN
// brings SMSG_INVINCIBLE and SMSG_SPAWN (EventSpawned). The Client's
// states are ClientAwaitHi, ClientAwaitNick, ClientLagCheck,
// ClientSpawnReady, ClientSpawning, ClientPlaying (ClientDead after an
// SMSG_KILL, until the next SMSG_SPAWNREADY) and ClientClosed.
//
// In the game, the Client's actions are Accel, Turn, Shoot (at most
// MaxBullets-1 bullets alive: ErrBulletLimit, erratum 28), Say, TeamSay,
// Command, SetNick, and Leave, which sends nothing (the protocol has no
// message: the connection closes, and the others get EventPlayerLeft
// "Read error", erratum 29). Its roster is Object and Objects; the
// invincibility the server never ends is timed by Deadline and Tick
// (erratum 25). The others' moves update the roster; their shots, chat,
// nicks, spawns, kills and leaving are events; EventKicked ends the
// session.
//
// Every message leaves through one function, Client.Send (Server.Send
// and Broadcast on the other side), which calls wire.CheckSend (nil,
// another protocol, the wrong direction, Validate) and checks the state
// (a *session.SequenceError wrapping ErrSequence); Lax lets rule-breaking
// messages through, for a fuzzer. The Server answers what a client may
// not send as the original does (a kick, or nothing) and reports it by
// Handle's error (a *KickError, a *session.SequenceError, ErrUnknownPeer,
// Validate's error), staying up. Handle, Transmit and the actions
// allocate nothing in steady state.
//
// # Adding a message type
//
//  1. forms.go: its Code constant and its form in forms, with the spec's
//     names, and go generate ./tfighters (forms_gen.go then holds the
//     struct, the codec and the constructor; New, the Decoder, Codes, the
//     errors and the gamewire command take it from the table).
//  2. Its file, named after the spec's name (say.go for SMSG_SAY and
//     CMSG_SAY): Validate, and the codec only for a form marked Hand
//     (an encoding the table cannot say, as SMSG_PING's).
//  3. fuzz/tfightersgen: its T and ValidT generators and its entry in gens
//     (TestGeneratorsCoverTheTable fails until it has one; TestContract
//     then runs the shared harness on it), and in InvalidMessage a way to
//     break each of its rules.
//  4. A golden vector in golden_test.go, from traffic of the original
//     where possible.
//
// What the original does with it belongs to Client or Server, and whatever
// the spec leaves open to docs/errata/tfighters.md.
//
// Data handed to this package is untrusted: decoding never panics and never
// sizes an allocation from a length read off the wire.
package tfighters
