// Package fuzz aims gamewire's protocols at a live server: it plays each
// protocol's session with the library's own state machines, sends the
// server generated and mutated messages, notices when it crashes or
// hangs, minimises each finding to the shortest run of messages that
// still triggers it, and saves a reproducer that `gamewire fuzz -replay`
// sends again and `gamewire decode` reads. `gamewire fuzz` is built on it.
//
// Aim it only at servers you run yourself: New refuses a target outside
// the loopback range unless Config.AllowRemote is set, and a run's rate
// and duration are bounded (gently by default: DefaultRate,
// DefaultDuration).
//
// # A run
//
// A Fuzzer (New, with a Config) works in cases. Each case opens a new
// connection, plays the protocol's Session to one of its states (say
// TFighters' connected, handshake, joined, playing: before the handshake,
// after it, joined, in game), then sends a burst of units, each made in
// one of these ways (Kind). A protocol whose server speaks first with
// bytes that are not frames and names another port to go on at (BZFlag's
// hello) has a Greeter session: the fuzzer reads the hello (Protocol.Hello
// bytes) and follows the port, on the target's host only. A datagram
// protocol whose packets carry state of the session's (lwar's header:
// the reliable channel's ack and timestamp) is Whole: its session sees
// every datagram whole and wraps every unit itself (Packer), numbering
// reliable messages with its live channel, or as a sequence trick says
// (KindSequence: a duplicate, a gap, the counter's wrap).
//
//   - generated messages: valid ones, any values that encode, and values
//     that break one rule of the spec, sent with validation off (the
//     generators of fuzz/*gen);
//   - structure-aware mutations made from the message's form in its
//     protocol's spec.Table: a field set to an edge value of its type, a
//     string of an edge length, a frame whose length is wrong for its form
//     (cut or padded, the length field fixed to match, or lying), a list
//     count off by one, an unknown code, a code of the other direction, a
//     truncation, flipped bits and inserted bytes (Mutate);
//   - out-of-order session steps (a login again, a handshake message in
//     game), floods of one message, and sequence tricks on a reliable
//     channel.
//
// Every few units, and before a unit that breaks the framing, the case
// sends the protocol's probe, a message the server must answer (the
// state machine also answers what the server asks on the way, such as
// pings). All randomness comes from Config.Seed: each case draws from a
// generator seeded by the seed and the case's number.
//
// # Detection
//
// A connection the server closed or reset, a stream the fuzzer broke, or
// a probe unanswered within Config.Timeout is checked against a new
// connection (the session played to Protocol.LiveState and its probe
// answered) and against the Monitor, if there is one:
//
//   - Crash: the server's process exited (ExecMonitor records the exit
//     status or signal, and its last output: a panic or a sanitizer
//     report), or nothing accepts connections at the target any more;
//   - Hang: a new connection gets no answer (for a datagram protocol: the
//     server stopped answering);
//   - Stall: the fuzzed connection gets no answer while new ones are
//     served.
//
// A server that only closes a connection that sent it nonsense is fine:
// that is counted (Summary.Drops), not reported. After a crash or a hang
// the Monitor restarts the server; without one the run waits
// (Config.RecoverWait) for someone else to.
//
// # Minimising and replaying
//
// Each finding is replayed on new connections to minimise it: the last
// unit alone, the shortest prefix, chunks removed (delta debugging), then
// the lowest session state in which it still happens. A last replay
// confirms it (Finding.Reproduced), and the Reproducer is written to
// Config.OutDir: the byte stream (or hex datagram lines) as sent, and a
// JSON sidecar with the state and the units. Fuzzer.Replay sends one
// again.
//
// # Protocols
//
// The engine knows no protocol: a Protocol gives it the spec.Table
// (framing, forms, fields), the Session that plays the state machine, the
// generators and the probe. fuzz/sessions has them for gamewire's
// protocols (ByName). fuzz/planted runs servers of this repository's
// packages with planted faults, to show the fuzzer working.
//
// # Generators
//
// Each protocol has a sub-package of gopter generators, one per message
// type, plus generators of any message, of valid ones and (but for Retro
// Tank, whose session keeps the drawn messages that fail Validate) of
// deliberately invalid ones:
//
//	fuzz/bzflaggen     BZFlag 1.7 messages and world database blocks
//	fuzz/lwargen       lwar messages and whole packets
//	fuzz/tfightersgen  TFighters v2 messages
//	fuzz/paintballgen  Paintball packets
//	fuzz/retrotankgen  Retro Tank messages and datagrams
//
// Sender draws values from such a generator, encodes them and writes them
// to an io.Writer, optionally mutating the bytes (Mutate), for a target
// that needs no session. Struct builds a generator of a message type from
// one generator per field, refusing to build when a field has none; Fill
// takes the generators of the fields with rules by name and the others by
// Go type (Types), so that a generator package writes each of its field
// types' generators once; Forms gives a table's forms of one direction
// their generators.
//
// For fuzzing the codecs themselves, the Go fuzz targets of every package
// build for OSS-Fuzz and ClusterFuzzLite (.clusterfuzzlite/ lists them).
package fuzz
