// Command gamewire decodes, encodes and describes the messages of the
// protocols gamewire speaks.
//
// Usage:
//
//	gamewire decode -proto P [-from client|server] [-hex] [-json|-v] [FILE|-]
//	gamewire encode -proto P [-from client|server] [-hex] [FILE|-]
//	gamewire decode -pcap FILE [-proto P] [-json]
//	gamewire spec   [-proto P]
//	gamewire dissector (-proto P|all | -runtime) [FILE|DIR]
//
// decode prints one line per message (stream protocols: bzflag, tfighters)
// or per datagram (lwar). Stream input is the raw byte stream, or with
// -hex the same bytes as hex digits (white space ignored); datagram input
// with -hex is one datagram per line, and without it one datagram per
// file. With -json each line is a JSON object: "msg" is the spec's own name
// of the message, "code" its code, and the fields follow under the spec's
// names in lowerCamelCase. A float JSON numbers cannot hold (a NaN of any
// payload, signalling or quiet, an infinity) is the string of its bits,
// "float32:0x7f800001" or "float64:0x7ff8000000000001"; every other value
// is a plain JSON number that reads back to the same bits (-0 as -0).
// Without -json the same message reads
//
//	MsgTeamUpdate code=tu(0x7475) team=RedTeam size=1 active=1 wins=0 losses=0
//
// with the fields in the spec's order, nested values in {} and lists in
// [], codes as the spec writes them (BZFlag's two letters), strings cut at
// their terminator, empty fields left out, and blobs (world-database
// chunks, raw frames) as their length and first bytes: data=256B:73740018...
// When a whole BZFlag world download is in the input, the assembled world
// follows as its objects, one line each. -v prints every field whole.
// Flags may come before or after the file name.
//
// encode reads those JSON lines and writes the exact bytes back (with
// -hex, one hex line per message or datagram; without it a datagram
// protocol writes one datagram), so decode -json | encode is the identity.
// Both sides hold the same limit, the protocol table's: decode refuses a
// frame its table refuses, and encode will not write one ("frame length
// 9002 exceeds 8194"). Errors name the field, the value and the limit:
// "MsgEnter: field type: invalid value "Bogus"".
//
// decode -pcap reads a pcap or pcapng capture (see pcap.go): every TCP
// connection reassembled per direction, every UDP datagram, each
// conversation decoded with -proto or the protocol of its default port,
// each message printed with its frame number, time, endpoints and
// direction (the same keys first in its JSON object).
//
// dissector writes a protocol's Wireshark dissector in Lua, generated from
// its message table (see dissector.go and dissectors/); every protocol's
// file needs gamewire.lua, the runtime they share, in its folder: -runtime
// writes it, and a directory as the output gets both.
//
// spec prints the message table of a protocol: name, code, direction,
// size, and each field with its offset and type, measured on the codec
// itself. Without -proto it lists the protocols.
//
// Exit status: 0 ok, 1 malformed input (the message says which message,
// field and byte offset), 2 usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit codes.
const (
	exitOK        = 0
	exitMalformed = 1
	exitUsage     = 2
)

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usageText = `usage:
  gamewire decode -proto P [-from client|server] [-hex] [-json|-v] [FILE|-]
  gamewire encode -proto P [-from client|server] [-hex] [FILE|-]
  gamewire decode -pcap FILE [-proto P] [-json]
  gamewire spec   [-proto P]
  gamewire dissector (-proto P|all | -runtime) [FILE|DIR]
  gamewire fuzz   -proto P -target HOST:PORT [-seed N] [-rate R] [-duration D] [-exec "CMD ARGS"] [-replay FILE] [-allow-remote] [-out DIR]
`

// commandHelp is what -h prints for each command, after its usage line
// and before its flags.
var commandHelp = map[string]string{
	"decode": `Prints one line per message (stream protocols) or datagram (datagram protocols).
Input, from FILE or standard input:
  stream protocols    the raw byte stream one side sent; with -hex, the same as hex digits
                      (white space ignored)
  datagram protocols  one datagram per file; with -hex, one datagram per line of hex
Input is decoded as it arrives: from a pipe each line is printed at once.
A unit that does not decode is reported on standard error and decoding goes on.
Output: text lines for a person (codes as the spec writes them, strings cut at their
terminator, empty fields left out, blobs as length and first bytes, a whole BZFlag
world download as its objects; -v: everything, whole), or with -json one JSON object
per line, which encode turns back into the same bytes. A NaN or an infinity is the
string of its bits: "float32:0x7f800001", "float64:0x7ff8000000000001".
With -pcap FILE the input is a capture (pcap or pcapng): TCP reassembled per connection
and direction, UDP by datagram, each conversation decoded as -proto or by its default
port; each message prints with its frame, time, endpoints and direction, and what
cannot be framed prints as an error line, decoding resuming where framing is found again.
`,
	"encode": `Reads the JSON lines decode -json prints and writes the exact bytes back
(with -hex, one hex line per message or datagram): decode -json | encode is the identity.
A key that is not a field, a key given twice, an array of the wrong length, a value out
of its field's range and a frame over the protocol's limit are refused, by name.
`,
	"dissector": `Writes the Wireshark Lua dissector of a protocol, generated from its message
table, to FILE or standard output (the generated files are in dissectors/). Each
protocol's file holds its table as data and needs gamewire.lua, the runtime all the
dissectors share, in the same folder: -runtime writes it, and a directory DIR as the
output gets both (-proto all: every protocol's file and the runtime). Copy them
together into Wireshark's personal Lua plugins folder, or load one with
tshark -X lua_script:DIR/P.lua.
`,
	"spec": `Prints the message table of a protocol (every form with its code, direction,
size and fields with offsets and types), or without -proto the list of protocols.
`,
}

const exitHelp = `Exit status: 0 ok, 1 malformed input or unreadable file (the message says which
message, field and byte offset), 2 usage error.
`

// options are the parsed flags of a command.
type options struct {
	proto, from  string
	runtime      bool
	hexIn, json  bool
	verbose      bool
	pcap         string
	timesync     bool
	files        []string
	fromGiven    bool
	commandFlags *flag.FlagSet
}

// parseFlags parses the flags of cmd: each command has only the flags
// that mean something for it, so "encode -json" is a usage error.
func parseFlags(cmd string, args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("gamewire "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.proto, "proto", "", "protocol: "+protocolList())
	if cmd == "decode" || cmd == "encode" {
		fs.StringVar(&o.from, "from", "", "direction of the messages: client or server (what it does for each protocol: below)")
		fs.BoolVar(&o.hexIn, "hex", false, "bytes as hex text (datagram protocols: one datagram per line)")
		fs.BoolVar(&o.timesync, "timesync", false, "retrotank: the input is time-sync datagrams (port 26001, no type byte)")
	}
	if cmd == "dissector" {
		fs.BoolVar(&o.runtime, "runtime", false, "write gamewire.lua, the runtime every protocol's dissector loads from its folder")
	}
	if cmd == "decode" {
		fs.BoolVar(&o.json, "json", false, "print one JSON object per line")
		fs.BoolVar(&o.verbose, "v", false, "text lines: every field (empty ones too), the bytes after a string's terminator, whole blobs")
		fs.StringVar(&o.pcap, "pcap", "", "read a pcap or pcapng capture: every conversation of -proto, or of each protocol on its default port")
	}
	fs.Usage = func() {
		for _, line := range strings.Split(usageText, "\n") {
			if strings.Contains(line, "gamewire "+cmd+" ") {
				fmt.Fprintf(stderr, "usage:\n%s\n\n", line)
			}
		}
		fmt.Fprint(stderr, commandHelp[cmd])
		fmt.Fprintln(stderr, "Flags (before or after FILE):")
		fs.PrintDefaults()
		if cmd == "decode" || cmd == "encode" {
			fmt.Fprint(stderr, fromHelp())
		}
		fmt.Fprint(stderr, exitHelp)
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return nil, err
	}
	fs.Visit(func(f *flag.Flag) { o.fromGiven = o.fromGiven || f.Name == "from" })
	o.files = files
	o.commandFlags = fs
	return o, nil
}

// fromHelp says, for each protocol, what -from does: pick the layout
// (some code has one form from the client and another from the server:
// -from is needed) or only filter (every code has one form: -from refuses
// the other side's messages, and is optional).
func fromHelp() string {
	var b strings.Builder
	b.WriteString("-from, by protocol:\n")
	for _, n := range strings.Split(protocolList(), ", ") {
		p := registry[n]
		forms := map[int]int{}
		two := 0
		for _, m := range p.messages {
			if forms[m.Code]++; forms[m.Code] == 2 {
				two++
			}
		}
		switch {
		case p.noFrom:
			fmt.Fprintf(&b, "  %-20s means nothing: %s\n", n, p.noFromWhy)
		case p.needsFrom:
			fmt.Fprintf(&b, "  %-20s required: %d codes have one layout from the client and another from the server\n", n, two)
		case two > 0:
			fmt.Fprintf(&b, "  %-20s optional: picks the layout where a code is sent both ways (%d code(s); else told apart by length)\n", n, two)
		default:
			fmt.Fprintf(&b, "  %-20s optional: every code has one form, so -from only filters (the other side's messages are errors)\n", n)
		}
	}
	b.WriteString("When a message fails to decode but decodes as sent by the other side, the error says so.\n")
	return b.String()
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText)
		fmt.Fprintf(stderr, "protocols: %s\n", protocolList())
		return exitUsage
	}
	cmd, args := args[0], args[1:]
	var err error
	switch cmd {
	case "fuzz":
		return runFuzz(args, stdout, stderr)
	case "decode", "encode", "spec", "dissector":
		var o *options
		o, err = parseFlags(cmd, args, stderr)
		if errors.Is(err, flag.ErrHelp) {
			return exitOK // the flag package printed the help
		}
		if err != nil {
			return exitUsage // the flag package said why
		}
		err = runCommand(cmd, o, stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usageText)
		fmt.Fprintf(stdout, "protocols: %s\n", protocolList())
		fmt.Fprint(stdout, exitHelp)
		return exitOK
	default:
		err = usageError{fmt.Sprintf("unknown command %q", cmd)}
	}
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "gamewire: %v\n%s", err, usageText)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "gamewire: %v\n", err)
		return exitMalformed
	}
}

// runCommand runs decode, encode or spec with parsed flags.
func runCommand(cmd string, o *options, stdin io.Reader, stdout, stderr io.Writer) error {
	if cmd == "spec" {
		if len(o.files) > 0 {
			return usageError{"spec takes no arguments"}
		}
		if o.proto == "" {
			return listProtocols(stdout)
		}
		p, err := lookupProtocol(o.proto)
		if err != nil {
			return err
		}
		return printSpec(p, stdout)
	}
	if cmd == "dissector" {
		return dissectorCommand(o.proto, o.runtime, o.files, stdout)
	}
	if o.pcap != "" {
		if o.fromGiven || o.hexIn {
			return usageError{"-pcap takes neither -from nor -hex: the capture says who sent what"}
		}
		return pcapCommand(cmd, o.proto, o.pcap, o.json, o.files, stdout, stderr)
	}
	p, err := lookupProtocol(o.proto)
	if err != nil {
		return err
	}
	if o.timesync {
		if p.timesync == "" {
			return usageError{"-timesync means nothing for -proto " + p.name}
		}
		p = registry[p.timesync]
	}
	if err := checkFrom(p, o.from, o.fromGiven); err != nil {
		return err
	}
	in, err := openInput(o.files, stdin)
	if err != nil {
		return err
	}
	defer in.Close()
	if cmd == "decode" {
		return decode(p, decodeOptions{from: o.from, hexIn: o.hexIn, asJSON: o.json, verbose: o.verbose, live: !isRegularFile(in)}, in, stdout, stderr)
	}
	return encode(p, o.from, in, o.hexIn, stdout)
}

// parseInterspersed parses flags that may come before or after the file
// name ("decode capture.bin -proto bzflag" as well as "decode -proto
// bzflag capture.bin"), and returns the other arguments. After "--"
// everything is an argument.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		consumed := len(args) - fs.NArg()
		if fs.NArg() == 0 || consumed > 0 && args[consumed-1] == "--" {
			return append(rest, fs.Args()...), nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func lookupProtocol(name string) (*protocol, error) {
	if name == "" {
		return nil, usageError{"-proto is required (registered: " + protocolList() + ")"}
	}
	p, ok := registry[name]
	if !ok {
		return nil, usageError{fmt.Sprintf("unknown protocol %q (registered: %s)", name, protocolList())}
	}
	return p, nil
}

func checkFrom(p *protocol, from string, given bool) error {
	if given && p.noFrom {
		return usageError{"-from means nothing for -proto " + p.name + ": " + p.noFromWhy}
	}
	switch from {
	case "client", "server":
		return nil
	case "":
		if p.needsFrom {
			return usageError{"-proto " + p.name + " needs -from client or -from server"}
		}
		return nil
	}
	return usageError{fmt.Sprintf("-from must be client or server, not %q", from)}
}

func openInput(args []string, stdin io.Reader) (io.ReadCloser, error) {
	switch {
	case len(args) > 1:
		return nil, usageError{"at most one input file"}
	case len(args) == 0 || args[0] == "-":
		return io.NopCloser(stdin), nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, err // a file that cannot be read is not a usage error
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, usageError{args[0] + " is a directory, not an input file"}
	}
	return f, nil
}

// isRegularFile reports whether r is a file on disk (not a pipe, a
// terminal or a socket), whose output may be buffered whole.
func isRegularFile(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}

func protocolList() string {
	if len(registry) == 0 {
		return "(none registered yet)"
	}
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func listProtocols(w io.Writer) error {
	if len(registry) == 0 {
		fmt.Fprintln(w, "no protocol is registered yet")
		return nil
	}
	names := strings.Split(protocolList(), ", ")
	for _, n := range names {
		p := registry[n]
		kind := "stream"
		if p.datagram {
			kind = "datagram"
		}
		fmt.Fprintf(w, "%-10s %-8s %3d messages  %s\n", n, kind, len(p.messages), p.summary)
	}
	return nil
}
