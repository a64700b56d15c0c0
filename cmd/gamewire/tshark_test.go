package main

import (
	"bytes"
	"net/netip"
	"time"

	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"github.com/gamewire/gamewire/internal/capture"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/wire"
)

// dissectorCaptures are the captures each protocol's dissector is run on.
var dissectorCaptures = map[string][]string{
	"bzflag":    {"../../testdata/bzflag/bzfs-1.7g2.pcap", "../../testdata/bzflag/session.pcap"},
	"tfighters": {"../../testdata/tfighters/session.pcap"},
	"lwar":      {"../../testdata/lwar/original-server.pcap", "../../testdata/lwar/session.pcap"},
	"retrotank": {"../../testdata/retrotank/session.pcap"},
	"paintball": {"../../testdata/paintball/session.pcap"},
}

// TestDissectorsCurrent checks that the dissectors in dissectors/ are what
// `gamewire dissector` generates from the tables today (regenerate with
// go generate ./cmd/gamewire).
func TestDissectorsCurrent(t *testing.T) {
	if len(dissectorTables) == 0 {
		t.Skip("no protocol has a message table yet")
	}
	for name := range dissectorTables {
		want, err := dissectorFor(name)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", "dissectors", name+".lua")
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (go generate ./cmd/gamewire writes it)", err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what gamewire dissector -proto %s writes: run go generate ./cmd/gamewire", path, name)
		}
	}
}

// TestTsharkMatchesDecode runs each generated dissector in tshark over
// the protocol's captures and compares every message and every field
// tshark shows with what gamewire decode -pcap -json prints for the same
// frame: names, values, enum names, counts. It fails on any difference,
// on a field one shows and the other does not, and on any malformed or
// expert mark of the dissector on these valid captures.
func TestTsharkMatchesDecode(t *testing.T) {
	dissector.NeedTshark(t)
	names := make([]string, 0, len(dissectorTables))
	for name := range dissectorTables {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Skip("no protocol has a message table yet")
	}
	for _, name := range names {
		lua := filepath.Join("..", "..", "dissectors", name+".lua")
		for _, pcap := range dissectorCaptures[name] {
			t.Run(name+"/"+filepath.Base(pcap), func(t *testing.T) { compareCapture(t, name, lua, pcap) })
		}
	}
}

// compareCapture runs the dissector lua over a capture in tshark and
// compares what it shows with decode -pcap -json, as
// TestTsharkMatchesDecode says.
func compareCapture(t *testing.T, name, lua, pcap string) {
	t.Helper()
	pkts, err := dissector.RunTshark(lua, pcap)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "decode", "-pcap", pcap, "-proto", name, "-json")
	if code != 0 {
		t.Fatalf("decode -pcap: exit %d: %s", code, errs)
	}
	c := &comparer{t: t, p: name, table: dissectorTables[name](), order: dissectorTables[name]().Order}
	c.run(pkts, out)
	if c.fields == 0 {
		t.Error("no field compared")
	}
	t.Logf("%d messages, %d fields compared (%d opaque)", c.msgs, c.fields, c.opaque)
}

// TestTsharkTimeSync runs Retro Tank's time-sync dissector, whose forms
// are told apart by direction alone, over a request and its reply.
func TestTsharkTimeSync(t *testing.T) {
	dissector.NeedTshark(t)
	if dissectorTables["retrotank-timesync"] == nil {
		t.Skip("no retrotank-timesync table")
	}
	var buf bytes.Buffer
	w, err := capture.NewWriter(&buf, time.Date(2024, 5, 15, 2, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	c, s := netip.MustParseAddrPort("192.0.2.31:26002"), netip.MustParseAddrPort("198.51.100.11:26001")
	w.UDP(c, s, []byte{1, 0, 0x0f, 0x42, 0x40})
	w.Advance(3 * time.Millisecond)
	w.UDP(s, c, []byte{1, 0, 0x0f, 0x42, 0x40, 0, 0x0f, 0x42, 0xa4})
	path := filepath.Join(t.TempDir(), "timesync.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	compareCapture(t, "retrotank-timesync", filepath.Join("..", "..", "dissectors", "retrotank-timesync.lua"), path)
}

type comparer struct {
	t      *testing.T
	p      string
	table  *wire.Table
	order  wire.Order
	msgs   int
	fields int
	opaque int
}

func (c *comparer) run(pkts []dissector.Packet, out string) {
	t := c.t
	byFrame := map[int][]map[string]json.RawMessage{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var frame int
		json.Unmarshal(obj["frame"], &frame)
		byFrame[frame] = append(byFrame[frame], obj)
	}
	seen := 0
	for i := range pkts {
		pk := &pkts[i]
		n := pk.Number()
		for _, pr := range pk.Problems(c.p) {
			// A code the table does not know is no malformed frame: it
			// is marked, and gamewire keeps it as a raw message.
			if strings.Contains(pr, "Unknown code") && c.rawIn(byFrame[n]) {
				continue
			}
			t.Errorf("frame %d: tshark marks %q", n, pr)
		}
		var msgs []*dissector.Node
		var packets []*dissector.Node
		for j := range pk.Protos {
			if pk.Protos[j].Name != c.p {
				continue
			}
			pk.Protos[j].Walk(func(nd *dissector.Node) {
				switch nd.Name {
				case c.p + ".msg":
					msgs = append(msgs, nd)
				case c.p + ".packet":
					packets = append(packets, nd)
				}
			})
		}
		objs := byFrame[n]
		seen += len(objs)
		var want []map[string]json.RawMessage
		for k, obj := range objs {
			if raw, ok := obj["messages"]; ok { // a datagram of several messages
				if k >= len(packets) {
					t.Errorf("frame %d: tshark shows no packet %d", n, k+1)
					continue
				}
				c.object(n, packets[k], c.p+".packet", obj, map[string]bool{"frame": true, "time": true, "src": true, "dst": true, "from": true, "proto": true, "msg": true, "messages": true})
				var list []map[string]json.RawMessage
				json.Unmarshal(raw, &list)
				for _, m := range list {
					m["from"] = obj["from"]
				}
				want = append(want, list...)
				continue
			}
			want = append(want, obj)
		}
		if len(msgs) != len(want) {
			t.Errorf("frame %d: tshark shows %d messages, gamewire %d", n, len(msgs), len(want))
			continue
		}
		for k, obj := range want {
			var name string
			json.Unmarshal(obj["msg"], &name)
			if msgs[k].Show != name {
				t.Errorf("frame %d message %d: tshark shows %s, gamewire %s", n, k+1, msgs[k].Show, name)
				continue
			}
			c.msgs++
			if strings.HasPrefix(name, "0x") {
				// An unknown code: tshark shows its header and bytes.
				c.value(n, name, "code", obj["code"], c.codeNodes(msgs[k]))
				continue
			}
			c.message(n, msgs[k], name, obj)
		}
	}
	if seen != len(strings.Split(strings.TrimSpace(out), "\n")) {
		t.Errorf("gamewire prints %d lines, %d of them in frames tshark shows", len(strings.Split(strings.TrimSpace(out), "\n")), seen)
	}
}

// rawIn reports whether gamewire printed a message of an unknown code.
func (c *comparer) rawIn(objs []map[string]json.RawMessage) bool {
	for _, obj := range objs {
		var name string
		json.Unmarshal(obj["msg"], &name)
		if strings.HasPrefix(name, "0x") || strings.Contains(string(obj["messages"]), `"msg":"0x`) {
			return true
		}
	}
	return false
}

// codeNodes returns the header's code field under a message: the header
// field that shows a name for its value.
func (c *comparer) codeNodes(nd *dissector.Node) []*dissector.Node {
	for _, ch := range children(nd) {
		if strings.Count(ch.Name, ".") == 1 && ch.Name != c.p+".from" &&
			(ch.ShownName() != "" || strings.Contains(ch.ShowName, "Unknown")) {
			return []*dissector.Node{ch}
		}
	}
	return nil
}

// message compares one message: its code with the header's code field,
// the header's other fields that gamewire prints (lwar's seqno) by name,
// and its own fields with the fields under it.
func (c *comparer) message(frame int, nd *dissector.Node, name string, obj map[string]json.RawMessage) {
	skip := map[string]bool{"frame": true, "time": true, "src": true, "dst": true, "from": true, "proto": true, "msg": true, "code": true}
	body := map[string]bool{}
	for _, ch := range children(nd) {
		if k, ok := strings.CutPrefix(ch.Name, c.p+"."+name+"."); ok {
			body[k] = true
		}
	}
	if v, ok := obj["code"]; ok && !dissectorOptions[c.p].ByDirection { // else nominal
		c.value(frame, name, "code", v, c.codeNodes(nd))
	}
	if v, ok := obj["from"]; ok {
		// The direction: gamewire's by the SYN or the port, the
		// dissector's by the port.
		var from []*dissector.Node
		for _, ch := range children(nd) {
			if ch.Name == c.p+".from" {
				from = append(from, ch)
			}
		}
		c.value(frame, name, "from", v, from)
	}
	for _, ch := range children(nd) {
		if strings.Count(ch.Name, ".") != 1 || ch.Name == c.p+".data" {
			continue
		}
		key := strings.TrimPrefix(ch.Name, c.p+".")
		if v, ok := obj[key]; ok && !body[key] && !skip[key] {
			c.value(frame, name, key, v, []*dissector.Node{ch})
			skip[key] = true
		}
	}
	c.object(frame, nd, c.p+"."+name, obj, skip)
}

// opaque are the fields the tables can only call "rest" because a
// hand-written codec gives them a structure no field type says: tshark
// shows their bytes, gamewire their structure. They are compared by
// their bytes' presence only. A new entry here is a gap in a table.
var opaque = map[string]string{
	"retrotank.MSG_TYPE_SPAWN.sets": "sets of areas, each with its own header (the spec's offsets 9 and 10, repeated)",
	"retrotank.MSG_TYPE_GOAL.sets":  "as MSG_TYPE_SPAWN",
}

// optionalFlags are Go-only booleans of hand-written types that say
// whether an optional tail is on the wire (besides the "hasX" flags of
// an optional field x): tshark shows the field exactly when the flag is
// true, and gamewire's value of an absent one is its zero.
var optionalFlags = map[string]string{
	"tfighters.SMSG_PING.wide": "timeHigh", // erratum 4: a 64-bit server's 8-byte time
}

// optionalFlag returns the optional field a Go-only boolean key stands for.
func optionalFlag(prefix, key string, v json.RawMessage, obj map[string]json.RawMessage) (string, bool) {
	if string(v) != "true" && string(v) != "false" {
		return "", false
	}
	if f, ok := optionalFlags[prefix+"."+key]; ok {
		return f, true
	}
	return presence(key, v, obj)
}

// object compares the keys of a JSON object with the fields under nd
// named prefix.key, and reports fields tshark shows that the object
// lacks, except the wire-only fields of the table (a list's count).
func (c *comparer) object(frame int, nd *dissector.Node, prefix string, obj map[string]json.RawMessage, skip map[string]bool) {
	t := c.t
	kids := children(nd)
	shows := func(key string) bool {
		for _, ch := range kids {
			if ch.Name == prefix+"."+key {
				return true
			}
		}
		return false
	}
	absent := map[string]bool{} // optional fields whose flag is false
	for key, v := range obj {
		if f, ok := optionalFlag(prefix, key, v, obj); ok && !shows(key) {
			if shows(f) != (string(v) == "true") {
				t.Errorf("frame %d: %s.%s = %s, but tshark shows %s: %v", frame, prefix, key, v, f, shows(f))
			}
			skip[key] = true
			if string(v) == "false" {
				absent[f] = true
			}
		}
	}
	for key, v := range obj {
		if skip[key] {
			continue
		}
		var nodes []*dissector.Node
		for _, ch := range kids {
			if ch.Name == prefix+"."+key {
				nodes = append(nodes, ch)
			}
		}
		if len(nodes) == 0 {
			if isEmpty(v) || absent[key] {
				continue
			}
			t.Errorf("frame %d: %s.%s = %s: tshark shows no such field", frame, prefix, key, v)
			continue
		}
		if _, ok := opaque[prefix+"."+key]; ok {
			c.opaque++
			if isEmpty(v) != (len(nodes) == 0) {
				t.Errorf("frame %d: %s.%s = %s, tshark shows %d items", frame, prefix, key, v, len(nodes))
			}
			continue
		}
		c.value(frame, prefix, key, v, nodes)
	}
	for _, ch := range kids {
		key, ok := strings.CutPrefix(ch.Name, prefix+".")
		if !ok || strings.Contains(key, ".") {
			continue
		}
		if _, ok := obj[key]; ok {
			continue
		}
		if list, ok := c.wireOnly(prefix, key); ok {
			if list != "" {
				var arr []json.RawMessage
				json.Unmarshal(obj[list], &arr)
				c.fields++
				if ch.Show != strconv.Itoa(len(arr)) {
					t.Errorf("frame %d: %s: tshark shows %s = %s, gamewire %d entries", frame, prefix, ch.Name, ch.Show, len(arr))
				}
			}
			continue
		}
		t.Errorf("frame %d: tshark shows %s = %s, gamewire no %q", frame, ch.Name, ch.Show, key)
	}
}

// wireOnly reports whether the field key of the form named by prefix has
// no Go field (Go "-"), and returns the list it counts, if any.
func (c *comparer) wireOnly(prefix, key string) (list string, ok bool) {
	name := strings.TrimPrefix(prefix, c.p+".")
	for i := range c.table.Forms {
		f := &c.table.Forms[i]
		if f.Name != name {
			continue
		}
		for _, fl := range f.Layout() {
			if fl.Name != key || fl.Go != "-" {
				continue
			}
			for _, l := range f.Layout() {
				if l.Type == "list" && l.Count == key {
					return l.Name, true
				}
			}
			return "", true
		}
	}
	return "", false
}

// children returns the named items under nd, looking through text items.
func children(nd *dissector.Node) []*dissector.Node {
	var out []*dissector.Node
	for i := range nd.Children {
		ch := &nd.Children[i]
		if ch.Name == "" || ch.Name == "_ws.lua.text" {
			out = append(out, children(ch)...)
			continue
		}
		out = append(out, ch)
	}
	return out
}

// presence reports whether key is a Go-only boolean "hasX" for an
// optional field "x" of the same object, and returns "x".
func presence(key string, v json.RawMessage, obj map[string]json.RawMessage) (string, bool) {
	rest, ok := strings.CutPrefix(key, "has")
	if !ok || rest == "" || (string(v) != "true" && string(v) != "false") {
		return "", false
	}
	field := strings.ToLower(rest[:1]) + rest[1:]
	_, there := obj[field]
	return field, there
}

func isEmpty(v json.RawMessage) bool {
	s := string(v)
	return s == "null" || s == `""` || s == "[]" || s == "{}"
}

// value compares one JSON value with the tshark fields that show it (one,
// or one per element of an array or list).
func (c *comparer) value(frame int, where, key string, v json.RawMessage, nodes []*dissector.Node) {
	t := c.t
	var arr []json.RawMessage
	if len(v) > 0 && v[0] == '[' && json.Unmarshal(v, &arr) == nil {
		if len(arr) != len(nodes) {
			t.Errorf("frame %d: %s.%s: gamewire %d elements, tshark %d", frame, where, key, len(arr), len(nodes))
			return
		}
		for i := range arr {
			c.value(frame, where, key+"["+strconv.Itoa(i)+"]", arr[i], nodes[i:i+1])
		}
		return
	}
	if len(nodes) != 1 {
		t.Errorf("frame %d: %s.%s = %s: tshark shows it %d times", frame, where, key, v, len(nodes))
		return
	}
	nd := nodes[0]
	if len(v) > 0 && v[0] == '{' {
		var obj map[string]json.RawMessage
		json.Unmarshal(v, &obj)
		c.object(frame, nd, nd.Name, obj, nil)
		return
	}
	c.fields++
	if !c.same(v, nd) {
		t.Errorf("frame %d: %s.%s: gamewire %s, tshark %q (%s)", frame, where, key, v, nd.Show, nd.ShowName)
	}
}

// same reports whether a JSON scalar and a tshark field say the same
// value: the same text, the same number (integers exactly; floats by
// their bits in the capture), the enum's name, or the same bytes.
func (c *comparer) same(v json.RawMessage, nd *dissector.Node) bool {
	var s string
	if json.Unmarshal(v, &s) == nil {
		if s == nd.Show || s == nd.ShownName() || shown(s) == nd.Show || strings.HasSuffix(nd.ShowName, " ("+s+")") {
			return true // the text, an enum's name, or a bit set's names
		}
		if a, err := strconv.ParseFloat(s, 64); err == nil {
			if b, err := strconv.ParseFloat(nd.Show, 64); err == nil && a == b {
				return true
			}
		}
		if bits, ok := strings.CutPrefix(s, "float32:0x"); ok {
			return c.rawIs(nd, bits)
		}
		if b, err := base64.StdEncoding.DecodeString(s); err == nil && len(b) > 0 {
			return strings.EqualFold(hex.EncodeToString(b), nd.Value)
		}
		return false
	}
	var f float64
	if json.Unmarshal(v, &f) != nil {
		return false
	}
	if string(v) == nd.Show {
		return true
	}
	if g, err := strconv.ParseInt(nd.Show, 0, 64); err == nil && float64(g) == f {
		return true // an integer (a code shows in hex)
	}
	if g, err := strconv.ParseFloat(nd.Show, 64); err == nil && g == f && !strings.ContainsAny(nd.Show, ".e") {
		return true // a fixed-point value shown as its decimal
	}
	raw, err := hex.DecodeString(nd.Value)
	if err != nil {
		return false
	}
	switch len(raw) {
	case 4:
		if strings.ContainsAny(nd.Show, ".e") || nd.Show == "0" || strings.HasPrefix(nd.Show, "-") || true {
			if float64(math.Float32frombits(c.order.U32(raw))) == f && float64(float32(f)) == f {
				return true
			}
		}
		g, err := strconv.ParseFloat(nd.Show, 64)
		return err == nil && g == f
	case 8:
		return math.Float64frombits(c.order.U64(raw)) == f
	}
	g, err := strconv.ParseFloat(nd.Show, 64)
	return err == nil && g == f
}

// shown is a string as Wireshark shows it: control characters escaped
// (format_text: \n, \t and their kin, other controls and DEL as \xhh).
func shown(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\a':
			b.WriteString(`\a`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\v':
			b.WriteString(`\v`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`\x`)
			b.WriteString(hex.EncodeToString([]byte{c}))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (c *comparer) rawIs(nd *dissector.Node, bits string) bool {
	raw, err := hex.DecodeString(nd.Value)
	if err != nil || len(raw) != 4 {
		return false
	}
	return strconv.FormatUint(uint64(c.order.U32(raw)), 16) == strings.TrimLeft(strings.ToLower(bits), "0") ||
		c.order.U32(raw) == 0 && strings.Trim(bits, "0") == ""
}
