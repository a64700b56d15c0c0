package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// ping is a message of the test protocol "toy": header [len u8][code u8],
// then a u16 Seq and a NUL-padded [4]byte Name.
type ping struct {
	Seq  uint16    `json:"seq"`
	Name toyName   `json:"name"`
	Note wire.Text `json:"note"`
}

type toyName [4]byte

func (n toyName) MarshalText() ([]byte, error)  { return wire.MarshalFixed(n[:]) }
func (n *toyName) UnmarshalText(t []byte) error { return wire.UnmarshalFixed(n[:], t) }
func (m *ping) Size() int                       { return 2 + 2 + 4 + 1 + len(m.Note) }
func (m *ping) UnmarshalBinary(b []byte) error  { return m.decode(b) }
func (m *ping) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, byte(m.Size()), 7)
	b = codec.BigEndian.AppendU16(b, m.Seq)
	b = append(b, m.Name[:]...)
	if len(m.Note) > 255 {
		return b, wire.ErrTooLong
	}
	b = append(b, byte(len(m.Note)))
	return append(b, m.Note...), nil
}

func (m *ping) decode(b []byte) error {
	fail := func(field string, off int, kind error) error {
		return &wire.Error{Protocol: "toy", Message: "Ping", Field: field, Offset: off, Err: kind}
	}
	switch {
	case len(b) < 2:
		return fail("header", 0, wire.ErrShort)
	case len(b) < 4:
		return fail("seq", 2, wire.ErrShort)
	case len(b) < 8:
		return fail("name", 4, wire.ErrShort)
	case len(b) < 9 || len(b) < 9+int(b[8]):
		return fail("note", 8, wire.ErrShort)
	case len(b) > 9+int(b[8]):
		return fail("", 9+int(b[8]), wire.ErrTrailing)
	}
	m.Seq = codec.BigEndian.U16(b[2:])
	copy(m.Name[:], b[4:8])
	m.Note = append(m.Note[:0], b[9:]...)
	return nil
}

func init() {
	p := &protocol{name: "toy", summary: "test protocol", headerLen: 2, needsFrom: true}
	p.messages = []messageInfo{{Name: "Ping", Code: 7, From: "client", New: func() Message { return new(ping) }}}
	p.split = streamSplitter("toy", 2, 255, func(h []byte) (int, error) { return int(h[0]), nil })
	p.decode = func(unit []byte, from string) ([]byte, error) {
		if unit[1] != 7 || from == "server" { // only the client sends Ping
			return nil, &wire.Error{Protocol: "toy", Field: "code", Offset: 1, Err: wire.ErrUnknownCode}
		}
		m := new(ping)
		if err := m.UnmarshalBinary(unit); err != nil {
			return nil, err
		}
		return messageJSON("Ping", 7, m)
	}
	p.encode = encodeTable(p)
	register(p)
}

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func pingBytes(t *testing.T, m ping) []byte {
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecodeEncodeIdentity(t *testing.T) {
	stream := append(pingBytes(t, ping{Seq: 1, Name: toyName{'a', 'b'}, Note: wire.Text("hi\\\x00\xff")}),
		pingBytes(t, ping{Seq: 2, Name: toyName{'x', 0, 'y', 0}})...)
	code, out, errs := runCLI(t, hex.EncodeToString(stream), "decode", "-proto", "toy", "-from", "client", "-hex", "-json")
	if code != exitOK {
		t.Fatalf("decode: exit %d, %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("decode printed %d lines, want 2:\n%s", len(lines), out)
	}
	var first map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first["msg"] != "Ping" || first["code"] != 7.0 || first["name"] != "ab" || first["note"] != `hi\\\x00\xff` {
		t.Errorf("first line = %s", lines[0])
	}
	code, hexOut, errs := runCLI(t, out, "encode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitOK {
		t.Fatalf("encode: exit %d, %s", code, errs)
	}
	if got := strings.ReplaceAll(hexOut, "\n", ""); got != hex.EncodeToString(stream) {
		t.Errorf("decode | encode = %s, want %x", got, stream)
	}
	code, raw, _ := runCLI(t, out, "encode", "-proto", "toy", "-from", "client")
	if code != exitOK || raw != string(stream) {
		t.Errorf("binary encode = %x (exit %d), want %x", raw, code, stream)
	}
	code, text, _ := runCLI(t, hex.EncodeToString(stream), "decode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitOK || !strings.HasPrefix(text, "Ping code=7(0x0007) ") {
		t.Errorf("text decode (exit %d) = %q", code, text)
	}
}

func TestExitCodes(t *testing.T) {
	good := hex.EncodeToString(pingBytes(t, ping{Seq: 1}))
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string // in stderr
	}{
		{"no command", "", nil, exitUsage, "usage"},
		{"unknown command", "", []string{"frobnicate"}, exitUsage, "unknown command"},
		{"no proto", "", []string{"decode"}, exitUsage, "-proto is required"},
		{"unknown proto", "", []string{"decode", "-proto", "nope"}, exitUsage, `unknown protocol "nope"`},
		{"missing from", good, []string{"decode", "-proto", "toy", "-hex"}, exitUsage, "needs -from"},
		{"bad from", good, []string{"decode", "-proto", "toy", "-from", "up", "-hex"}, exitUsage, "-from must be"},
		{"bad flag", "", []string{"decode", "-bogus"}, exitUsage, "flag provided but not defined"},
		{"two files", "", []string{"decode", "-proto", "toy", "-from", "client", "a", "b"}, exitUsage, "at most one"},
		{"missing file", "", []string{"decode", "-proto", "toy", "-from", "client", "/nonexistent/x"}, exitMalformed, "gamewire: open /nonexistent/x: no such file or directory\n"},
		{"json for encode", "", []string{"encode", "-proto", "toy", "-json"}, exitUsage, "flag provided but not defined: -json"},
		{"from for spec", "", []string{"spec", "-from", "client"}, exitUsage, "flag provided but not defined: -from"},
		{"spec arguments", "", []string{"spec", "-proto", "toy", "extra"}, exitUsage, "spec takes no arguments"},
		{"directory", "", []string{"decode", "-proto", "toy", "-from", "client", "."}, exitUsage, ". is a directory"},
		{"truncated", good[:len(good)-2], []string{"decode", "-proto", "toy", "-from", "client", "-hex"}, exitMalformed, "message 1 at stream offset 0: toy: frame: at byte 8: stream ends inside a frame"},
		{"bad field", "0907000161626364ff", []string{"decode", "-proto", "toy", "-from", "client", "-hex"}, exitMalformed, "toy: Ping: field note at byte 8: short input"},
		{"unknown code", "0209", []string{"decode", "-proto", "toy", "-from", "client", "-hex"}, exitMalformed, "unknown code"},
		{"bad hex", "zz", []string{"decode", "-proto", "toy", "-from", "client", "-hex"}, exitMalformed, "hex input"},
		{"bad json", "{", []string{"encode", "-proto", "toy", "-from", "client"}, exitMalformed, "line 1: not a JSON object"},
		{"unknown msg", `{"msg":"Pong"}`, []string{"encode", "-proto", "toy", "-from", "client"}, exitMalformed, `no message "Pong" sent by the client`},
		{"wrong code", `{"msg":"Ping","code":8}`, []string{"encode", "-proto", "toy", "-from", "client"}, exitMalformed, "has code 7, not 8"},
		{"name too long", `{"msg":"Ping","name":"abcdef"}`, []string{"encode", "-proto", "toy", "-from", "client"}, exitMalformed, "field name: 6 bytes, at most 4"},
		{"misspelt field", `{"msg":"Ping","code":7,"sequence":1}`, []string{"encode", "-proto", "toy", "-from", "client"}, exitMalformed, `toy: Ping: unknown field "sequence" (fields: seq, name, note)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errs, tt.code, tt.want)
			}
		})
	}
}

// checkDecodeFails runs decode -proto proto -hex with the further
// arguments args (separated by spaces) on the hex input in: it must exit
// with code and name want on stderr. It returns what decode printed.
func checkDecodeFails(t *testing.T, proto, args, in string, code int, want string) string {
	t.Helper()
	argv := append([]string{"decode", "-proto", proto, "-hex"}, strings.Fields(args)...)
	got, out, errs := runCLI(t, in, argv...)
	if got != code || !strings.Contains(errs, want) {
		t.Errorf("decode -proto %s %s of %.40s: exit %d, stderr %q; want exit %d naming %q", proto, args, in, got, errs, code, want)
	}
	return out
}

// decodeCase is an input that decode must refuse, exiting with
// exitMalformed: args are further arguments (such as "-from server"), in
// the hex input, want a word of the error.
type decodeCase struct{ name, args, in, want string }

// checkDecodeCases runs checkDecodeFails on every case of proto.
func checkDecodeCases(t *testing.T, proto string, cases []decodeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkDecodeFails(t, proto, c.args, c.in, exitMalformed, c.want) })
	}
}

// checkSpec runs spec -proto proto, which must succeed and print every
// line of want (or, for a want without a newline, contain it), and
// returns what it printed.
func checkSpec(t *testing.T, proto string, want ...string) string {
	t.Helper()
	code, out, errs := runCLI(t, "", "spec", "-proto", proto)
	if code != exitOK {
		t.Fatalf("spec -proto %s: exit %d: %s", proto, code, errs)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("spec -proto %s lacks %q:\n%s", proto, w, out)
		}
	}
	return out
}

func TestSpecMeasuresTheCodec(t *testing.T) {
	checkSpec(t, "toy",
		"Ping", "code     7 (0x0007)", "size 9+var",
		"  2        2      seq", // offset 2, size 2
		"  4        4      name",
		"  8        var    note", // its length byte
	)
	code, out, _ := runCLI(t, "", "spec")
	if code != exitOK || !strings.Contains(out, "toy") {
		t.Errorf("spec without -proto (exit %d) = %q", code, out)
	}
}

func TestTextLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"msg":"Ping","code":7,"seq":1,"name":"ab","note":"hi"}`, `Ping code=7(0x0007) seq=1 name=ab note=hi`},
		{`{"msg":"Ping","code":7}`, `Ping code=7(0x0007)`},
		// Fields stay in the order they come, not sorted.
		{`{"msg":"M","code":1,"z":1,"a":2}`, `M code=1(0x0001) z=1 a=2`},
		// Strings with spaces or punctuation are quoted; wire.Text escapes stay.
		{`{"msg":"M","s":"a b","t":"x=y","u":"","v":"say \"hi\"","w":"caf\\xe9\\\\"}`,
			`M s="a b" t="x=y" u="" v="say \"hi\"" w=caf\xe9\\`},
		// Control and invisible characters cannot break the line.
		{`{"msg":"M","s":"a\nb\u007f\u200b"}`, `M s="a\x0ab\x7f\xe2\x80\x8b"`},
		// Nested objects, nested messages, lists, literals.
		{`{"msg":"Packet","ack":1,"messages":[{"msg":"Join","code":3,"id":{"g":0,"i":1}},{"msg":"Synced","code":10}],"ok":true,"n":null,"f":-1.5e+20}`,
			`Packet ack=1 messages=[{Join code=3(0x0003) id={g=0 i=1}} {Synced code=10(0x000a)}] ok=true n=null f=-1.5e+20`},
		{`{"msg":"M","code":-1}`, `M code=-1`},
		{`{"msg":"M","code":"x"}`, `M code=x`},
		// Not an object: as it is.
		{`[1,2]`, `[1,2]`},
		{`{"msg":`, `{"msg":`},
	}
	for _, tt := range tests {
		if got := string(textLine([]byte(tt.in))); got != tt.want {
			t.Errorf("textLine(%s)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestFlagsAfterFile(t *testing.T) {
	good := hex.EncodeToString(pingBytes(t, ping{Seq: 1}))
	f := t.TempDir() + "/in.hex"
	if err := os.WriteFile(f, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "decode", f, "-proto", "toy", "-from", "client", "-hex")
	if code != exitOK || !strings.HasPrefix(out, "Ping code=7(0x0007) seq=1") {
		t.Errorf("flags after the file: exit %d, %q, %s", code, out, errs)
	}
	// After "--" a name that starts with '-' is a file.
	code, _, errs = runCLI(t, "", "decode", "-proto", "toy", "-from", "client", "--", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "open -hex") {
		t.Errorf(`"--" -hex: exit %d, %s; want the file "-hex" not found`, code, errs)
	}
}

func TestDirectionHint(t *testing.T) {
	two := hex.EncodeToString(append(pingBytes(t, ping{Seq: 1}), pingBytes(t, ping{Seq: 2})...))
	code, _, errs := runCLI(t, two, "decode", "-proto", "toy", "-from", "server", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "message 1 at stream offset 0: toy: field code at byte 1: unknown code (it decodes as sent by the client: is -from server right?)") {
		t.Errorf("wrong -from: exit %d, %s", code, errs)
	}
	// Only the first message gets the hint; a bad one later is just bad.
	bad := two + "0209"
	code, _, errs = runCLI(t, bad, "decode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitMalformed || strings.Contains(errs, "-from") {
		t.Errorf("bad third message: exit %d, %s; want no -from hint", code, errs)
	}
}

func TestHexHint(t *testing.T) {
	good := hex.EncodeToString(pingBytes(t, ping{Seq: 1}))
	code, _, errs := runCLI(t, good, "decode", "-proto", "toy", "-from", "client")
	if code != exitMalformed || !strings.Contains(errs, "looks like hex text: decode it with -hex") {
		t.Errorf("hex without -hex: exit %d, %s", code, errs)
	}
	code, _, errs = runCLI(t, "\x05\x07\x00", "decode", "-proto", "toy", "-from", "client")
	if code != exitMalformed || strings.Contains(errs, "looks like hex") {
		t.Errorf("binary input: exit %d, %s; want no hex hint", code, errs)
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrors(t *testing.T) {
	good := hex.EncodeToString(pingBytes(t, ping{Seq: 1}))
	var errb bytes.Buffer
	if code := run([]string{"decode", "-proto", "toy", "-from", "client", "-hex"}, strings.NewReader(good), failWriter{}, &errb); code != exitMalformed || !strings.Contains(errb.String(), "disk full") {
		t.Errorf("decode to a failing writer: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	line := `{"msg":"Ping","seq":1}`
	if code := run([]string{"encode", "-proto", "toy", "-from", "client"}, strings.NewReader(line), failWriter{}, &errb); code != exitMalformed || !strings.Contains(errb.String(), "disk full") {
		t.Errorf("encode to a failing writer: exit %d, %s", code, errb.String())
	}
}

// TestEncodeOneDatagram: binary output of a datagram protocol holds one
// datagram, as binary input does; more need -hex.
func TestEncodeOneDatagram(t *testing.T) {
	saved := registry["toy"].datagram
	registry["toy"].datagram = true
	defer func() { registry["toy"].datagram = saved }()
	one := `{"msg":"Ping","seq":1}` + "\n"
	code, raw, errs := runCLI(t, one, "encode", "-proto", "toy", "-from", "client")
	if code != exitOK || raw != string(pingBytes(t, ping{Seq: 1})) {
		t.Errorf("one datagram: exit %d, % x, %s", code, raw, errs)
	}
	code, _, errs = runCLI(t, one+one, "encode", "-proto", "toy", "-from", "client")
	if code != exitMalformed || !strings.Contains(errs, "line 2: a second datagram") {
		t.Errorf("two datagrams without -hex: exit %d, %s", code, errs)
	}
	code, out, errs := runCLI(t, one+one, "encode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitOK || strings.Count(out, "\n") != 2 {
		t.Errorf("two datagrams with -hex: exit %d, %q, %s", code, out, errs)
	}

	// Decoding: binary input is one datagram, hex input one per line.
	code, out, errs = runCLI(t, raw, "decode", "-proto", "toy", "-from", "client", "-json")
	if code != exitOK || out != `{"msg":"Ping","code":7,"seq":1,"name":"","note":""}`+"\n" {
		t.Errorf("binary datagram: exit %d, %q, %s", code, out, errs)
	}
	code, _, errs = runCLI(t, hex.EncodeToString([]byte(raw)), "decode", "-proto", "toy", "-from", "client")
	if code != exitMalformed || !strings.Contains(errs, "datagram 1: ") || !strings.Contains(errs, hexHint) {
		t.Errorf("hex datagram without -hex: exit %d, %s; want the hex hint", code, errs)
	}
	code, _, errs = runCLI(t, "zz\n", "decode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "hex input: line 1, column 1: 'z' is not a hex digit") {
		t.Errorf("bad hex datagram: exit %d, %s", code, errs)
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := runCLI(t, "", "help")
	if code != exitOK || !strings.Contains(out, "usage:") || !strings.Contains(out, "protocols: ") || !strings.Contains(out, "toy") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	for _, cmd := range []string{"decode", "encode", "spec"} {
		code, _, errs := runCLI(t, "", cmd, "-h")
		if code != exitOK || !strings.Contains(errs, "usage:\n  gamewire "+cmd) || !strings.Contains(errs, "Exit status: 0 ok") || !strings.Contains(errs, "-proto") {
			t.Errorf("%s -h: exit %d, %q; want 0, its usage, flags and exit codes", cmd, code, errs)
		}
	}
	if _, _, errs := runCLI(t, "", "decode", "-h"); !strings.Contains(errs, "one datagram per line of hex") || !strings.Contains(errs, "-json") {
		t.Errorf("decode -h does not list its input forms and flags: %q", errs)
	}
}

// TestDecodeGoesOn checks that a unit that does not decode is reported
// and the units after it are still printed, where the framing allows.
func TestDecodeGoesOn(t *testing.T) {
	good := hex.EncodeToString(pingBytes(t, ping{Seq: 1}))
	later := hex.EncodeToString(pingBytes(t, ping{Seq: 2}))
	tests := []struct {
		name   string
		stdin  string
		lines  int    // lines printed
		stderr string // in stderr
	}{
		{"bad frame between good ones", good + "0907000161626364ff" + later, 2,
			"message 2 at stream offset 9: toy: Ping: field note at byte 8: short input"},
		{"unknown code, then more", good + "0209" + later, 2, "message 2 at stream offset 9: toy: field code at byte 1: unknown code"},
		{"broken framing ends the stream", good + "ff07" + later, 1, "message 2 at stream offset 9: toy: frame: at byte 11: stream ends inside a frame"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.stdin, "decode", "-proto", "toy", "-from", "client", "-hex")
			if code != exitMalformed || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, errs, tt.stderr)
			}
			if n := strings.Count(out, "\n"); n != tt.lines {
				t.Errorf("%d lines printed, want %d:\n%s", n, tt.lines, out)
			}
		})
	}
}

// TestStreamingInput checks that input is decoded as it arrives: every
// message before a bad hex character is printed, and the character is
// named by line and column.
func TestStreamingInput(t *testing.T) {
	good := hex.EncodeToString(pingBytes(t, ping{Seq: 1}))
	code, out, errs := runCLI(t, good+"\n"+good[:4]+" g"+good[4:], "decode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitMalformed || strings.Count(out, "\n") != 1 || !strings.Contains(errs, `line 2, column 6: 'g' is not a hex digit`) {
		t.Errorf("exit %d, %d lines, stderr %q", code, strings.Count(out, "\n"), errs)
	}
	code, _, errs = runCLI(t, good+"\xff", "decode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "0xff is not a hex digit") {
		t.Errorf("a non-ASCII byte: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, good+"0", "decode", "-proto", "toy", "-from", "client", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "odd number of hex digits") {
		t.Errorf("odd digits: exit %d, %q", code, errs)
	}
	// A line too long to be any message is refused, not read without end.
	code, _, errs = runCLI(t, strings.Repeat("a", maxLine+10), "encode", "-proto", "toy", "-from", "client")
	if code != exitMalformed || !strings.Contains(errs, "longer than") {
		t.Errorf("endless line: exit %d, %q", code, errs)
	}
}

// lineSignal is a writer that signals each time a line is written.
type lineSignal struct{ lines chan string }

func (l lineSignal) Write(p []byte) (int, error) { l.lines <- string(p); return len(p), nil }

// TestLiveOutput checks that from a pipe each message is printed as soon
// as it is complete, before the input ends.
func TestLiveOutput(t *testing.T) {
	pr, pw := io.Pipe()
	out := lineSignal{make(chan string, 10)}
	done := make(chan int)
	go func() {
		done <- run([]string{"decode", "-proto", "toy", "-from", "client", "-hex"}, pr, out, io.Discard)
	}()
	pw.Write([]byte(hex.EncodeToString(pingBytes(t, ping{Seq: 1})) + "\n"))
	select {
	case line := <-out.lines:
		if !strings.HasPrefix(line, "Ping ") {
			t.Errorf("first output %q", line)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing printed while the input stays open")
	}
	pw.Close()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
}

func TestFromMeansNothing(t *testing.T) {
	p := &protocol{name: "nofrom", summary: "no direction", noFrom: true, noFromWhy: "every type id has one layout"}
	register(p)
	defer delete(registry, "nofrom")
	code, _, errs := runCLI(t, "", "decode", "-proto", "nofrom", "-from", "client")
	if code != exitUsage || !strings.Contains(errs, "-from means nothing for -proto nofrom: every type id has one layout") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

func TestUnhex(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := -1
		if v, err := strconv.ParseUint(string(rune(c)), 16, 8); err == nil {
			want = int(v)
		}
		if got := unhex(byte(c)); got != want {
			t.Errorf("unhex(%q) = %d, want %d", c, got, want)
		}
	}
}

// streamSplitter returns a split function for a protocol whose frames
// start with a headerLen-byte header from which frameLen computes the
// whole frame's length: the toy protocol's, which has no table. A stream
// that ends inside a frame fails as a wire.Stream's does.
func streamSplitter(protocolName string, headerLen, maxFrame int, frameLen func(header []byte) (int, error)) func(io.Reader) func() ([]byte, error) {
	return func(r io.Reader) func() ([]byte, error) {
		br := bufio.NewReaderSize(r, maxFrame)
		return func() ([]byte, error) {
			h, err := br.Peek(headerLen)
			n := 0
			if err == nil {
				if n, err = frameLen(h); err != nil {
					return nil, err
				}
				if n > maxFrame {
					return nil, &wire.Error{Protocol: protocolName, Message: "frame", Field: "length", Err: wire.ErrTooLong, Length: n, Limit: maxFrame}
				}
				h, err = br.Peek(n)
			}
			switch {
			case err == io.EOF && len(h) == 0:
				return nil, io.EOF
			case err == io.EOF:
				return nil, &wire.Error{Protocol: protocolName, Message: "frame", Offset: len(h), Err: wire.ErrUnexpectedEnd}
			case err != nil:
				return nil, err
			}
			frame := append([]byte(nil), h...)
			_, err = br.Discard(n)
			return frame, err
		}
	}
}
