package dissector

import (
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/capture"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// toyFrames returns client and server streams of the toy protocol.
func toyFrames() (client, server []byte) {
	be := codec.BigEndian
	frame := func(code uint16, body []byte) []byte {
		b := be.AppendU16(nil, uint16(len(body)))
		b = be.AppendU16(b, code)
		return append(b, body...)
	}
	hello := be.AppendU32(nil, 17)
	hello = append(hello, "Axel\x00\x00\x00\x00"...)
	hello = append(hello, "a@b.c\x00"...)
	pos := []byte{192, 0, 2, 1}
	pos = be.AppendU16(pos, 15156)
	pos = be.AppendI16(pos, -2)
	pos = be.AppendF32(pos, 1.5)
	pos = be.AppendF32(pos, -2)
	pos = be.AppendF32(pos, 1e-3)
	pos = be.AppendU16(pos, 1)
	pos = be.AppendI32(pos, -9025)
	pos = append(pos, 7, 8, 9)
	client = append(frame(0x6865, hello), frame(0x706f, pos)...)
	list := []byte{2}
	for _, v := range []float32{1, 2, 3, 4, 5, 6} {
		list = be.AppendF32(list, v)
	}
	list = append(list, 3, 'h', 'i', '!')
	list = append(list, 0xde, 0xad)
	server = append(frame(0x6c69, list), frame(0x706f, pos)...)
	big := frame(0x7070, append(append(be.AppendU16(nil, 2), "ok"...), make([]byte, 16)...))
	server = append(server, big...)
	return client, server
}

// writeLua writes a generated dissector into dir as name.lua, with the
// runtime it loads from its folder, and returns its path.
func writeLua(t *testing.T, dir, name string, lua []byte) string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, RuntimeFile), Runtime(), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".lua")
	if err := os.WriteFile(path, lua, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// generated writes the dissector Generate makes of tab into dir, with the
// runtime beside it, and returns its path.
func generated(t *testing.T, dir string, tab *spec.Table, o Options) string {
	t.Helper()
	lua, err := Generate(tab, o)
	if err != nil {
		t.Fatal(err)
	}
	return writeLua(t, dir, tab.Name, lua)
}

// newCapture creates the capture file path and returns a writer of it;
// close the file when written.
func newCapture(t *testing.T, path string) (*capture.Writer, *os.File) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := capture.NewWriter(f, time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		f.Close()
		t.Fatal(err)
	}
	return w, f
}

func writeToyCapture(t *testing.T, dir string, client, server []byte) string {
	path := filepath.Join(dir, "toy.pcap")
	w, f := newCapture(t, path)
	defer f.Close()
	c, err := w.TCP(netip.MustParseAddrPort("192.0.2.10:40000"), netip.MustParseAddrPort("198.51.100.7:5155"), 1000, 2000)
	if err != nil {
		t.Fatal(err)
	}
	// The client's stream in two segments that split a frame.
	if len(client) > 0 {
		if err := c.Send(false, client[:5]); err != nil {
			t.Fatal(err)
		}
		if err := c.Send(false, client[5:]); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Send(true, server); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTsharkToy runs the toy dissector in tshark over a toy capture and
// checks what it shows, field by field.
func TestTsharkToy(t *testing.T) {
	NeedTshark(t)
	dir := t.TempDir()
	luaPath := generated(t, dir, toyTable(), toyOptions())
	client, server := toyFrames()
	pkts, err := RunTshark(luaPath, writeToyCapture(t, dir, client, server))
	if err != nil {
		t.Fatal(err)
	}
	got := fieldsShown(t, pkts, "toy")
	// The same MsgPos goes each way.
	pos := func(from string) []string {
		return []string{"toy.msg=MsgPos", "toy.from=" + from, "toy.length=29", "toy.code=0x706f(MsgPos)", "toy.MsgPos.playerId=",
			"toy.MsgPos.playerId.serverHostAddr=192.0.2.1", "toy.MsgPos.playerId.port=15156", "toy.MsgPos.playerId.number=-2",
			"toy.MsgPos.pos=", "toy.MsgPos.pos.x=1.5", "toy.MsgPos.pos.y=-2", "toy.MsgPos.pos.z=0.001",
			"toy.MsgPos.team=1(RedTeam)", "toy.MsgPos.speed=-90.25",
			"toy.MsgPos.shots=7", "toy.MsgPos.shots=8", "toy.MsgPos.shots=9"}
	}
	want := []string{
		"toy.msg=MsgHello", "toy.from=client", "toy.length=18", "toy.code=0x6865(MsgHello)", "toy.MsgHello.version=17",
		"toy.MsgHello.callSign=Axel", "toy.MsgHello.email=a@b.c",
	}
	want = append(want, pos("client")...)
	want = append(want,
		"toy.msg=MsgList", "toy.from=server", "toy.length=31", "toy.code=0x6c69(MsgList)", "toy.MsgList.count=2",
		"toy.MsgList.points=", "toy.MsgList.points.x=1", "toy.MsgList.points.y=2", "toy.MsgList.points.z=3",
		"toy.MsgList.points=", "toy.MsgList.points.x=4", "toy.MsgList.points.y=5", "toy.MsgList.points.z=6",
		"toy.MsgList.motd=hi!", "toy.MsgList.tail=de:ad")
	want = append(want, pos("server")...)
	want = append(want,
		"toy.msg=MsgPos", "toy.from=server", "toy.length=20", "toy.code=0x7070(MsgPos)", "toy.MsgPos.utf=ok", "toy.MsgPos.big=0", "toy.MsgPos.f=0")
	if len(got) != len(want) {
		t.Errorf("tshark shows %d fields, want %d:\n%q", len(got), len(want), got)
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("field %d: tshark shows %s, want %s", i, got[i], want[i])
		}
	}
}

// TestTsharkToyMalformed checks the expert info of frames that do not
// decode: a list count over its maximum, trailing bytes, an unknown code,
// and a length over the limit, after which the framing is lost.
func TestTsharkToyMalformed(t *testing.T) {
	NeedTshark(t)
	dir := t.TempDir()
	luaPath := generated(t, dir, toyTable(), toyOptions())
	server := []byte{
		0, 1, 0x6c, 0x69, 9, // MsgList with count 9 (max 4)
		0, 4, 0x70, 0x70, 0, 0, 0, 0, // a MsgPos (server) of 4 bytes: short
		0, 2, 0x12, 0x34, 1, 2, // an unknown code
		0xff, 0xff, 0x6c, 0x69, // a length over the maximum: framing lost
	}
	pkts, err := RunTshark(luaPath, writeToyCapture(t, dir, nil, server))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range pkts {
		got = append(got, p.Problems("toy")...)
	}
	want := []string{
		"Expert Info (Error/Malformed): MsgList: field points at byte 5: too long", "malformed: Malformed Packet",
		"Expert Info (Error/Malformed): MsgPos: field big at byte 6: short input", "malformed: Malformed Packet",
		"Expert Info (Warning/Undecoded): Unknown code 0x1234",
		"Expert Info (Error/Malformed): frame length 65539 over 1024", "malformed: Malformed Packet",
	}
	if len(got) != len(want) {
		t.Fatalf("tshark marks %q, want %q", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("mark %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// fieldsShown returns name=show(enum name) of every field of protocol
// proto that tshark shows, in order, and fails on any problem mark.
func fieldsShown(t *testing.T, pkts []Packet, proto string) []string {
	t.Helper()
	var got []string
	for _, p := range pkts {
		if pr := p.Problems(proto); len(pr) > 0 {
			t.Errorf("frame %d: %v", p.Number(), pr)
		}
		for _, pr := range p.Protos {
			if pr.Name != proto {
				continue
			}
			pr.Walk(func(n *Node) {
				if n.Name != "" && n.Name != proto && n.Name != "_ws.lua.text" {
					s := n.Name + "=" + n.Show
					if nm := n.ShownName(); nm != "" {
						s += "(" + nm + ")"
					}
					got = append(got, s)
				}
			})
		}
	}
	return got
}

// TestTsharkToyHeuristic runs the toy dissector without a default port:
// its heuristic must recognise the conversation by its first message and
// show the same fields as on the port.
func TestTsharkToyHeuristic(t *testing.T) {
	NeedTshark(t)
	dir := t.TempDir()
	client, server := toyFrames()
	capture := writeToyCapture(t, dir, client, server)
	run := func(port int) []string {
		o := toyOptions()
		o.Port = port
		path := generated(t, dir, toyTable(), o)
		pkts, err := RunTshark(path, capture)
		if err != nil {
			t.Fatal(err)
		}
		return fieldsShown(t, pkts, "toy")
	}
	byPort, byHeuristic := run(5155), run(0)
	if len(byPort) == 0 || strings.Join(byPort, " ") != strings.Join(byHeuristic, " ") {
		t.Errorf("by heuristic tshark shows\n%q\non the port\n%q", byHeuristic, byPort)
	}
}

// datagramTable returns the table of a big-endian datagram protocol with a
// one-byte code header, at most 64 bytes a datagram.
func datagramTable(name string, types []spec.Form, forms ...spec.Form) *spec.Table {
	return spec.NewTable(spec.Protocol{
		Name: name, Order: codec.BigEndian, Datagram: true, MaxFrame: 64,
		Header: []spec.Field{{Name: "type", Type: "u8", Go: "-", Role: spec.CodeRole}},
		Types:  types,
	}, forms, func(int) wire.Message { return nil })
}

// TestTsharkDatagram runs a datagram protocol's dissector: a packet
// header with a marker, then messages back to back; a wrong marker is
// malformed.
func TestTsharkDatagram(t *testing.T) {
	NeedTshark(t)
	tab := datagramTable("dgram", nil,
		spec.Form{Name: "Ping", Code: 101, From: wire.FromClient, Type: "Ping", Fields: []spec.Field{{Name: "n", Type: "u16"}}},
		spec.Form{Name: "Join", Code: 3, From: wire.FromServer, Type: "Join",
			Header: []spec.Field{{Name: "type", Type: "u8", Go: "-", Role: spec.CodeRole}, {Name: "seqno", Type: "u32"}},
			Fields: []spec.Field{{Name: "name", Type: "str8", Max: 32}}})
	dir := t.TempDir()
	luaPath := generated(t, dir, tab, Options{Port: 32000, PacketName: "Packet", Packet: []spec.Field{
		{Name: "appId", Type: "u32", Role: spec.MarkerRole, Value: 0xf27087c5},
		{Name: "ack", Type: "u32"},
	}})
	path := filepath.Join(dir, "dgram.pcap")
	w, f := newCapture(t, path)
	c, s := netip.MustParseAddrPort("192.0.2.21:47810"), netip.MustParseAddrPort("198.51.100.8:32000")
	hdr := []byte{0xf2, 0x70, 0x87, 0xc5, 0, 0, 0, 7}
	w.UDP(c, s, append(append([]byte(nil), hdr...), 101, 0, 1, 101, 0, 2))
	w.UDP(s, c, append(append([]byte(nil), hdr...), 3, 0, 0, 0, 9, 3, 'b', 'o', 'b'))
	f.Close()
	pkts, err := RunTshark(luaPath, path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(fieldsShown(t, pkts, "dgram"), " ")
	want := "dgram.packet= dgram.packet.appId=4067461061 dgram.packet.ack=7 " +
		"dgram.msg=Ping dgram.from=client dgram.type=0x65(Ping) dgram.Ping.n=1 dgram.msg=Ping dgram.from=client dgram.type=0x65(Ping) dgram.Ping.n=2 " +
		"dgram.packet= dgram.packet.appId=4067461061 dgram.packet.ack=7 " +
		"dgram.msg=Join dgram.from=server dgram.type=0x03(Join) dgram.seqno=9 dgram.Join.name=bob"
	if got != want {
		t.Errorf("tshark shows\n%s\nwant\n%s", got, want)
	}

	// A wrong appId.
	w, f = newCapture(t, path)
	w.UDP(c, s, []byte{0xf2, 0x70, 0x87, 0xc6, 0, 0, 0, 7, 101, 0, 1})
	f.Close()
	pkts, err = RunTshark(luaPath, path)
	if err != nil {
		t.Fatal(err)
	}
	if pr := pkts[0].Problems("dgram"); len(pr) == 0 || !strings.Contains(pr[0], "Packet: field appId at byte 0: invalid value") {
		t.Errorf("a wrong appId: marks %q", pr)
	}
}

// TestTsharkHello checks a server's greeting and the reconnection it
// asks for: the greeting on the default port is shown, and the
// connection to the port it names is dissected as the protocol.
func TestTsharkHello(t *testing.T) {
	NeedTshark(t)
	o := toyOptions()
	o.Hello = &Hello{Name: "Handshake", Magic: "TOYS", Port: "port", Fields: []spec.Field{
		{Name: "version", Type: "bytes[8]", Doc: "the server's version"},
		{Name: "port", Type: "u16", Doc: "the port to reconnect to"},
	}}
	dir := t.TempDir()
	luaPath := generated(t, dir, toyTable(), o)
	path := filepath.Join(dir, "hello.pcap")
	w, f := newCapture(t, path)
	client := netip.MustParseAddrPort("192.0.2.10:40000")
	c, _ := w.TCP(client, netip.MustParseAddrPort("198.51.100.7:5155"), 1, 2)
	c.Send(true, []byte("TOYS1.0a\x9c\x41")) // reconnect to 40001
	c.Close()
	c, _ = w.TCP(netip.MustParseAddrPort("192.0.2.10:40002"), netip.MustParseAddrPort("198.51.100.7:40001"), 3, 4)
	frames, _ := toyFrames()
	c.Send(false, frames)
	c.Close()
	f.Close()
	pkts, err := RunTshark(luaPath, path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(fieldsShown(t, pkts, "toy"), " ")
	for _, want := range []string{
		"toy.msg=Handshake toy.from=server toy.Handshake.version=TOYS1.0a toy.Handshake.port=40001 ",
		"toy.msg=MsgHello toy.from=client toy.length=18",
		"toy.msg=MsgPos toy.from=client toy.length=29",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("tshark shows\n%s\nwithout\n%s", got, want)
		}
	}
}

// TestTsharkListsAndFlags checks a list without a count (entries to the
// end of the datagram) of one-number entries, shown as the numbers, and
// a bit set shown with the names of its bits.
func TestTsharkListsAndFlags(t *testing.T) {
	NeedTshark(t)
	tab := datagramTable("rt", []spec.Form{{Name: "MessageId", Type: "MessageID", Fields: []spec.Field{{Name: "id", Type: "u16"}}}},
		spec.Form{Name: "MSG_TYPE_ACK", Code: 0, From: wire.Both, Type: "Ack", Fields: []spec.Field{
			{Name: "flags", Type: "u16", Go: "Flags UpdateFlags"},
			{Name: "ids", Type: "list", Entry: "MessageId", Go: "IDs []MessageID"},
		}})
	dir := t.TempDir()
	luaPath := generated(t, dir, tab, Options{Port: 26000, Flags: map[string][]Value{"UpdateFlags": {{1, "IDENT"}, {2, "TANK"}, {8, "DFS"}}}})
	path := filepath.Join(dir, "rt.pcap")
	w, f := newCapture(t, path)
	c, s := netip.MustParseAddrPort("192.0.2.31:26002"), netip.MustParseAddrPort("198.51.100.11:26000")
	w.UDP(c, s, []byte{0, 0, 0x13, 0, 1, 0, 2, 0, 3})
	w.UDP(c, s, []byte{0, 0, 0, 0, 1, 0}) // half an id: malformed
	f.Close()
	pkts, err := RunTshark(luaPath, path)
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, pr := range pkts[0].Protos {
		pr.Walk(func(n *Node) {
			if strings.HasPrefix(n.Name, "rt.MSG_TYPE_ACK.") {
				shown = append(shown, n.ShowName)
			}
		})
	}
	want := "flags: 0x0013 (IDENT|TANK|0x10) ids: 1 ids: 2 ids: 3"
	if got := strings.Join(shown, " "); got != want {
		t.Errorf("tshark shows %q, want %q", got, want)
	}
	if pr := pkts[1].Problems("rt"); len(pr) == 0 || !strings.Contains(pr[0], "field ids at byte 5: short input") {
		t.Errorf("half an entry: marks %q", pr)
	}
}

// TestTsharkLoading loads the toy dissector every way a user can: its
// file alone with the runtime beside it (by an absolute or a relative
// path), with the runtime loaded before or after it, both files from the
// personal plugins folder, and the runtime from the plugins folder with
// the protocol's file from elsewhere. Each must show what the first shows,
// and a missing runtime or one of another format must fail by name.
func TestTsharkLoading(t *testing.T) {
	NeedTshark(t)
	lua, err := Generate(toyTable(), toyOptions())
	if err != nil {
		t.Fatal(err)
	}
	client, server := toyFrames()
	capture := writeToyCapture(t, t.TempDir(), client, server)
	both := t.TempDir()
	luaPath := writeLua(t, both, "toy", lua)
	rt := filepath.Join(both, RuntimeFile)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, luaPath)
	if err != nil {
		t.Fatal(err)
	}
	lone := filepath.Join(t.TempDir(), "toy.lua") // no runtime beside it
	if err := os.WriteFile(lone, lua, 0o644); err != nil {
		t.Fatal(err)
	}
	// plugins returns a home whose personal Lua plugins folder holds files.
	home := t.TempDir()
	dir, err := PluginDir(home)
	if err != nil {
		t.Fatal(err)
	}
	under, err := filepath.Rel(home, dir) // the same under every home
	if err != nil {
		t.Fatal(err)
	}
	plugins := func(files map[string][]byte) string {
		home := t.TempDir()
		dir := filepath.Join(home, under)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return home
	}
	installed := plugins(map[string][]byte{"toy.lua": lua, RuntimeFile: Runtime()})
	runtimeOnly := plugins(map[string][]byte{RuntimeFile: Runtime()})

	pkts, err := RunTshark(luaPath, capture)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(fieldsShown(t, pkts, "toy"), " ")
	if !strings.Contains(want, "toy.MsgList.motd=hi!") {
		t.Fatalf("the toy dissector alone shows %s", want)
	}
	for _, tc := range []struct {
		name string
		load Load
	}{
		{"by a relative path", Load{Scripts: []string{rel}}},
		{"the runtime first", Load{Scripts: []string{rt, luaPath}}},
		{"the runtime after", Load{Scripts: []string{luaPath, rt}}},
		{"both from the plugins folder", Load{Home: installed}},
		{"both from the plugins folder, the runtime again", Load{Home: installed, Scripts: []string{rt}}},
		{"the runtime from the plugins folder", Load{Home: runtimeOnly, Scripts: []string{lone}}},
	} {
		pkts, err := tc.load.Run(capture)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := strings.Join(fieldsShown(t, pkts, "toy"), " "); got != want {
			t.Errorf("%s: tshark shows\n%s\nwant\n%s", tc.name, got, want)
		}
	}

	// The error names the protocol's file and the line that loads the
	// runtime.
	if _, err := RunTshark(lone, capture); err == nil || !strings.Contains(err.Error(), "toy.lua:13: bad argument #1 to 'dofile' (dofile: file does not exist)") {
		t.Errorf("no runtime beside the protocol's file: %v", err)
	}
	other := t.TempDir()
	otherPath := writeLua(t, other, "toy", lua)
	newer := strings.Replace(string(Runtime()), fmt.Sprintf("\tformat = %d,", Format), fmt.Sprintf("\tformat = %d,", Format+1), 1)
	if err := os.WriteFile(filepath.Join(other, RuntimeFile), []byte(newer), 0o644); err != nil {
		t.Fatal(err)
	}
	msg := fmt.Sprintf("toy.lua is of table format %d, but the gamewire.lua loaded is of format %d", Format, Format+1)
	if _, err := RunTshark(otherPath, capture); err == nil || !strings.Contains(err.Error(), msg) {
		t.Errorf("a runtime of another format: %v", err)
	}
}
