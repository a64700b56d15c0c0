// Package lwar implements the network protocol of lwar, revision 14 of
// "lwar Network Protocol Specification" (2013-06-04), as the original
// server (C) and client (C#) of that date put it on the wire.
//
// lwar is a datagram protocol over UDP. Every packet starts with a
// 12-byte packet Header (appId 0xf27087c5, ack, timestamp) followed by
// any mix of reliable and unreliable messages, up to MaxPacketSize (512)
// bytes in all. Each message starts with its type id (Type); reliable
// messages (ids 1 to 99) follow it with a sequence number, unreliable ones
// (101 to 199) do not. Messages carry no length: a packet is read message
// by message, and the type id says how long each is.
//
// Byte order: big-endian, for every multi-byte field. The spec does not
// say so; the original server packs integers most significant byte first
// and the original client reads packets with a big-endian reader (see
// docs/errata/lwar.md). The generational identifier ID is two uint16:
// generation, then identity.
//
// # The table
//
// forms.go holds lwar's message table, a spec.Table (Table returns it):
// every message type of the spec with its name, type id, direction
// ("Sender"), fields, offsets and sizes. The protocol's header there is
// the unreliable message header (the type id); every reliable form
// overrides it with the reliable one (type id, seqno). Everything else
// reads the table: dispatch by type id (Decode, New, the Iterator), the
// field names and offsets in errors, `gamewire spec`, the coverage checks
// of fuzz/lwargen and the tests. The structs and their codecs (Size,
// AppendBinary, MarshalBinary, Decode, UnmarshalBinary, Form) are
// generated from it into forms_gen.go by internal/formgen (go generate);
// a message's own file (connect.go, chat.go, ...) holds only its
// Validate, the spec's rules the wire cannot express. The packet header
// (header.go) is a small hand-written codec of its own.
//
// # Two levels
//
// The hot path allocates nothing: an Iterator walks a received packet,
// decoding each message into the value a wire.Decoder keeps for its form,
// and a Builder fills one reused 512-byte buffer by the spec's packing
// rule (reliable messages first, unreliable ones while they fit). The
// convenient level is Packet, a header with a slice of messages, and
// Decode(b, from) / New(type, from), which allocate.
//
// Every message type (Connect, Chat, UpdateCircle, ...) is named as in the
// spec and implements wire.Message (Message is an alias): AppendBinary
// writes the message header too; Decode fully resets its receiver and
// copies strings and lists into the receiver's own storage (reusing its
// capacity), so decoded values never alias the input. The codec keeps
// strings byte-exact and enforces only what the wire format can express
// (a uint8 length or count); the spec's rules (name and chat length
// limits, UTF-8, seqno not 0) are checked by Validate, so a fuzzer can
// still build a message that breaks them.
//
// Input read from the network is untrusted: no input makes a decoder
// panic, and no allocation is sized from a count or length read off the
// wire before the bytes it announces are known to be present.
//
// Errors are *wire.Error values wrapping wire.ErrShort, wire.ErrTrailing,
// wire.ErrTooLong, wire.ErrUnknownCode or wire.ErrInvalid, naming the
// message, the field (the table's name) and the byte offset. They are
// built once, with the table: no error path allocates or takes a lock.
//
// # Over-size packets
//
// The spec limits a packet to 512 bytes, but the original server sends up
// to 777 (HardMaxPacketSize) when many messages are queued
// (docs/errata/lwar.md, E5). Receivers follow wire.Policy (Iterator.Policy,
// ChannelConfig.Policy): wire.Checked, the default, takes such a packet
// and reports wire.ErrTooLong with its messages; wire.Lax takes it without
// a word; wire.Strict rejects it. Senders never exceed 512 bytes
// (Builder, Channel, Packet.AppendBinary).
//
// # Sessions
//
// Client and Server are sessions of the one session contract (package
// session): state machines that do no I/O and read no clock. A
// session.Packet driver runs either over a UDP socket; a test or a
// fuzzer drives them by hand with injected time. Each is handed what
// arrived (Handle: a datagram, its sender, now), says what to send
// (Transmit, until ok is false), when it next needs a call (Deadline,
// then Tick: resends, keep-alive, the 15-second timeout) and whether it
// has ended (Done), and reports what happened as events (Event: an Event
// of an EventKind). A datagram Handle refuses returns an error and
// changes nothing else; the session goes on.
//
// The client goes through ClientIdle, ClientConnecting (Join queued the
// Connect, resent until the server answers), ClientSyncing (the server's
// Join with sequence number 1: EventAccepted, the client's player id;
// then the game state: EventJoined for the players there, EventAdd for
// the entities), ClientConnected (Synced: EventSynced) and
// ClientDisconnecting (Leave sent Disconnect), and ends ClientClosed (the
// server's Leave for its player: EventClosed), ClientFull (EventFull),
// ClientDropped (the timeout: EventClosed) or ClientAborted (Leave while
// connecting). Its actions, each with the client's own player id, are
// Move (an Input with the frame counter and the 8-frame histories, every
// InputInterval), Chat, Rename, Select (ship and weapons) and Leave. Its
// roster (Players, Entities, Entity) follows Join, Leave, Name,
// Selection, Stats, Add, Remove and the update messages.
//
// The server admits clients (EventJoined; Full when no slot is free),
// synchronizes them (the Joins, an Add for every entity AddEntity put in
// the world, Synced), forwards Chat, Name and Selection to everyone
// (EventChat, EventName, EventSelection), reports Input (EventInput, with
// the new bits of its histories) and sees clients off (EventLeft: a
// Disconnect answered by Leave, the timeout, misbehaviour). Send and
// Broadcast queue the game's own messages (Update, Collision, Stats). It
// refuses what a client may not send, with Handle's error: a message in
// another player's name (ErrWrongPlayer), one that breaks the spec's
// rules (Validate), one out of sequence (a *session.SequenceError
// wrapping ErrSequence); past MisbehaviorLimit it removes the client.
//
// Every message a session sends is checked first (wire.CheckSend: not
// nil, an lwar message of its direction, valid with the sequence number
// the channel gives it) and against the state; ClientConfig.Lax and
// ServerConfig.Lax let a fuzzer send what breaks the rules.
//
// Below both, Channel is the ordered-reliable channel of one peer:
// sequence numbers from 1 per reliable message, resends until a
// cumulative ack covers them, in-order processing of the direct successor
// only, and the timestamp filter for unreliable messages. Input's 8-frame
// bit history has helpers of its own (PushInput, InputMask, InputActive).
//
// # Adding a message type
//
//  1. Add its form to forms in forms.go: the spec's name, type id,
//     direction, Header: reliable for a reliable type, and its fields
//     with the spec's names (strings str8, counted lists a "num" and a
//     list of an entry type declared in protocol.Types), then run
//     go generate ./lwar. Dispatch, New, errors, the Type's name and
//     `gamewire spec`, decode and encode follow from the table.
//  2. If the spec sets it rules (a reliable type's seqno, string limits),
//     write its file, named after it, with its Validate; otherwise the
//     generated Validate returns nil.
//  3. Add its generator to generators in fuzz/lwargen (its coverage test
//     reads the table and fails until you do).
//  4. Add a golden vector from the spec's table to golden in
//     golden_test.go (TestGoldenCoversEveryType fails until you do); it
//     also runs the contract harness on the type and seeds FuzzPacket.
//
// A TypeX constant in type.go is a convenience, not a requirement, and
// every question the spec leaves open belongs in docs/errata/lwar.md.
package lwar
