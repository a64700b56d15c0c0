// Package dissector writes Wireshark dissectors, in Lua, from a protocol's
// message table (*spec.Table): the table is their single source, so they
// cannot drift from the codecs.
//
// A protocol's file (Generate) holds only its table, as data: the forms,
// their fields as the table names and types them (Form.Name, Field.Name,
// Field.Type, with Field.Spec and Field.Doc as the field's label and
// description), the composite types, the names of enum values and bits
// (Options.Enums, Options.Flags) and the protocol's limits. The code that
// reads it is written once, in dissectors/gamewire.lua (Runtime), which
// every protocol's file loads from its own folder when it is not loaded
// yet. The runtime frames a stream by the header's
// LengthRole field (or by measuring the form, when the header has no
// length) and a datagram as a whole, registers the protocol on its
// default port (with a preference to change it, and Decode As), adds a
// heuristic where there is no default port, and gives frames that do not
// decode expert info: malformed (short, too long, trailing bytes), unknown
// code, over the spec's limit.
//
// The package knows no protocol: it reads only the table and the options.
package dissector

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gamewire/gamewire/dissectors"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// Value is one named value of an enum.
type Value struct {
	Value int64
	Name  string
}

// Display says how to show the fields of a Go type that are not plain
// numbers or strings.
type Display string

// The displays.
const (
	// Text shows a bytes[N] field as a string, up to its first NUL (the
	// default for bytes[N]).
	Text Display = "text"
	// Hex shows a bytes[N] field as bytes.
	Hex Display = "hex"
	// IPv4 shows a 4-byte field as a dotted address.
	IPv4 Display = "ipv4"
	// Fixed100 shows an integer field as the decimal it stands for, its
	// value divided by 100 (TFighters' dbl).
	Fixed100 Display = "fixed100"
)

// Options is what a dissector needs beyond the table.
type Options struct {
	// Title is the protocol's long name in Wireshark ("BZFlag 1.7");
	// empty for the table's name.
	Title string
	// Command is the command that generated the file, for its header
	// comment.
	Command string
	// Port is the protocol's default port (TCP for a stream protocol, UDP
	// for a datagram one); 0 when it has none: the dissector then adds a
	// heuristic.
	Port int
	// Enums are the names of enum values, by the Go type a field decodes
	// into (the second word of Field.Go).
	Enums map[string][]Value
	// Flags are the names of the bits of bit-set types, by Go type: the
	// dissector shows a value as the names of its set bits joined by "|"
	// ("IDENT|TANK"), unknown bits in hex, "0" for none.
	Flags map[string][]Value
	// Displays say how to show fields, by Go type.
	Displays map[string]Display
	// Packet is the header of a datagram before its messages (lwar's
	// appId, ack, timestamp): fixed fields only. A datagram protocol's
	// datagram holds messages back to back after it.
	Packet []spec.Field
	// PacketName is the name of the datagram as a whole ("Packet").
	PacketName string
	// Hello is what a stream protocol's server sends first on a new
	// connection, before any framed message, if anything.
	Hello *Hello
	// ByDirection says the forms are told apart by direction alone, one
	// form each way, and the header's code field is nominal (Retro Tank's
	// time-sync datagrams).
	ByDirection bool
}

// Hello is an unframed greeting a server sends first on a connection:
// fixed fields that start with a magic string (BZFlag's version string and
// reconnect port). The dissector shows it when a server's stream starts
// with the magic, and, when one of its fields is a port the client
// reconnects to, dissects the connection to that port too.
type Hello struct {
	// Name is the spec's name for it ("Handshake").
	Name string
	// Magic is the bytes it starts with ("BZFS").
	Magic string
	// Fields are its fixed fields, the magic included.
	Fields []spec.Field
	// Port names the field holding the port the client reconnects to
	// (0: none), or is empty.
	Port string
}

// Format is the version of the tables the generated files hand to the
// runtime (gamewire.dissector's first argument): a protocol file of
// another format is refused by name when it is loaded.
const Format = 1

// RuntimeFile is the name of the runtime's file, which every protocol's
// file loads from its own folder when it is not loaded yet.
const RuntimeFile = "gamewire.lua"

// Runtime returns gamewire.lua, the Lua runtime every generated dissector
// shares (package dissectors holds its source): it reads a protocol file's
// table and builds the Wireshark protocol from it.
func Runtime() []byte { return dissectors.Runtime() }

// Generate returns the Lua dissector for table t: the table as data, for
// the runtime (Runtime) to read.
func Generate(t *spec.Table, o Options) ([]byte, error) {
	g := &gen{t: t, o: o, p: t.Name}
	return g.run()
}

type gen struct {
	t     *spec.Table
	o     Options
	p     string          // the protocol's name and field prefix
	types map[string]bool // the composite types the fields use
	b     strings.Builder
}

func (g *gen) run() (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("dissector: %s: %v", g.p, r)
		}
	}()
	if !validName(g.p) {
		return nil, fmt.Errorf("dissector: protocol name %q is not a Wireshark filter name", g.p)
	}
	g.types = map[string]bool{}

	// The fields first, for the types they use.
	header := g.list(g.t.HeaderLayout(), g.p, "header")
	var packet, hello string
	if len(g.o.Packet) > 0 {
		packet = g.list(fixed(g.o.Packet, "packet"), g.p+".packet", "packet")
	}
	if h := g.o.Hello; h != nil {
		hello = fmt.Sprintf("{name = %s, magic = %s, port = %s, fields = %s}", quote(h.Name), quote(h.Magic), quote(h.Port),
			g.list(fixed(h.Fields, h.Name), g.p+"."+h.Name, h.Name))
	}
	var forms []string
	for i := range g.t.Forms {
		f := &g.t.Forms[i]
		attrs := []string{"name = " + quote(f.Name), fmt.Sprintf("code = %d", f.Code), "from = " + quote(f.From.String()),
			fmt.Sprintf("size = %d", f.Size), fmt.Sprintf("max = %d", f.MaxSize)}
		if f.Doc != "" {
			attrs = append(attrs, "doc = "+quote(oneLine(f.Doc)))
		}
		if f.Header != nil {
			attrs = append(attrs, "header = "+g.list(f.Layout()[:len(f.Header)], g.p, f.Name+" header"))
		}
		own := f.Layout()[len(f.Layout())-len(f.Fields):]
		attrs = append(attrs, "fields = "+g.list(own, g.p+"."+f.Name, f.Name))
		forms = append(forms, "\t\t{"+strings.Join(attrs, ", ")+"},\n")
	}

	b := &g.b
	fmt.Fprintf(b, "-- Code generated by %s; DO NOT EDIT.\n", g.command())
	fmt.Fprintf(b, "--\n-- Wireshark dissector for %s: gamewire's message table (%d forms) as data,\n", g.title(), len(g.t.Forms))
	fmt.Fprintf(b, "-- which %s, the runtime all gamewire dissectors share, turns into\n", RuntimeFile)
	fmt.Fprintf(b, "-- the protocol. Keep the two files together: load this one with\n--\n")
	fmt.Fprintf(b, "--\twireshark -X lua_script:%s.lua capture.pcap\n--\n", g.p)
	fmt.Fprintf(b, "-- (it loads %s from its own folder), or copy both into Wireshark's\n", RuntimeFile)
	fmt.Fprintf(b, "-- personal Lua plugins folder (Help > About > Folders). Filter with %q,\n", g.p)
	fmt.Fprintf(b, "-- %s.msg == \"%s\", or any field as %s.<message>.<field>.\n\n", g.p, firstName(g.t), g.p)
	fmt.Fprintf(b, "local gw = gamewire or dofile((debug.getinfo(1, \"S\").source:match(\"^@(.-)[^/\\\\]*$\") or \"\") .. %q)\n\n", RuntimeFile)
	fmt.Fprintf(b, "gw.dissector(%d, {\n", Format)
	top := []string{"name = " + quote(g.p), "title = " + quote(g.title()), "order = " + quote(orderName(g.t.Order))}
	if g.t.Datagram {
		top = append(top, "datagram = true")
	}
	top = append(top, fmt.Sprintf("port = %d", g.o.Port))
	fmt.Fprintf(b, "\t%s,\n", strings.Join(top, ", "))
	limits := []string{fmt.Sprintf("max_frame = %d", g.t.MaxFrame), fmt.Sprintf("hard_max = %d", g.t.HardMax)}
	if g.o.ByDirection {
		limits = append(limits, "by_direction = true")
	}
	if g.o.PacketName != "" && len(g.o.Packet) > 0 {
		limits = append(limits, "packet_name = "+quote(g.o.PacketName))
	}
	fmt.Fprintf(b, "\t%s,\n", strings.Join(limits, ", "))
	g.values("enums", g.o.Enums, func(v Value) string { return fmt.Sprintf("[%d] = %s", v.Value, quote(v.Name)) })
	g.values("flags", g.o.Flags, func(v Value) string { return fmt.Sprintf("{%d, %s}", v.Value, quote(v.Name)) })
	if len(g.types) > 0 {
		b.WriteString("\ttypes = {\n")
		for i := range g.t.Types {
			ty := &g.t.Types[i]
			if g.types[ty.Name] {
				fmt.Fprintf(b, "\t\t%s = %s,\n", luaKey(ty.Name), g.list(ty.Layout(), "", ty.Name))
			}
		}
		b.WriteString("\t},\n")
	}
	fmt.Fprintf(b, "\theader = %s,\n", header)
	if packet != "" {
		fmt.Fprintf(b, "\tpacket = %s,\n", packet)
	}
	if hello != "" {
		fmt.Fprintf(b, "\thello = %s,\n", hello)
	}
	b.WriteString("\tforms = {\n")
	for _, f := range forms {
		b.WriteString(f)
	}
	b.WriteString("\t},\n})\n")
	return []byte(b.String()), nil
}

// values writes the value names of enums or bit sets, by Go type: one
// type a line, its values in order.
func (g *gen) values(key string, m map[string][]Value, value func(Value) string) {
	if len(m) == 0 {
		return
	}
	var names []string
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintf(&g.b, "\t%s = {\n", key)
	for _, name := range names {
		vals := append([]Value(nil), m[name]...)
		sort.Slice(vals, func(i, j int) bool { return vals[i].Value < vals[j].Value })
		var parts []string
		for _, v := range vals {
			parts = append(parts, value(v))
		}
		fmt.Fprintf(&g.b, "\t\t%s = {%s},\n", luaKey(name), strings.Join(parts, ", "))
	}
	g.b.WriteString("\t},\n")
}

func (g *gen) title() string {
	if g.o.Title != "" {
		return g.o.Title
	}
	return g.p
}

func (g *gen) command() string {
	if g.o.Command != "" {
		return g.o.Command
	}
	return "gamewire dissector -proto " + g.p
}

// list returns the Lua descriptors of fields, on one line (a form or a
// type a line); prefix is the filter name they are under, for the check of
// their names ("" for a type's fields, whose names depend on where it is
// used).
func (g *gen) list(fields []spec.Field, prefix, where string) string {
	var parts []string
	for i := range fields {
		parts = append(parts, g.desc(&fields[i], prefix, where))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// desc returns the Lua descriptor of one field: its name and type as the
// table says them, and what the runtime needs to show it.
func (g *gen) desc(fl *spec.Field, prefix, where string) string {
	if prefix != "" && !validName(prefix+"."+fl.Name) {
		panic("field name " + strconv.Quote(prefix+"."+fl.Name) + " is not a Wireshark filter name")
	}
	typ := fl.Type
	gotype := goType(fl)
	attrs := []string{"n = " + quote(fl.Name), "t = " + quote(g.typeName(typ, where+"."+fl.Name))}
	switch fl.Role {
	case spec.CodeRole:
		attrs = append(attrs, `role = "code"`)
	case spec.LengthRole:
		attrs = append(attrs, `role = "length"`, fmt.Sprintf("adjust = %d", fl.Adjust))
	case spec.MarkerRole:
		attrs = append(attrs, `role = "marker"`, fmt.Sprintf("value = %d", fl.Value))
	}
	switch typ {
	case "cstring", "str8", "str16", "utf":
		attrs = append(attrs, fmt.Sprintf("max = %d", maxOr(fl.Max, g.t.HardMax)))
	case "rest":
		if ty := g.t.Type(gotype); ty != nil && ty.Size == fl.Max {
			// At most one composite, Go-typed as it: there or not.
			attrs = append(attrs, "of = "+quote(g.typeName(ty.Name, where+"."+fl.Name)))
		} else {
			attrs = append(attrs, fmt.Sprintf("max = %d", maxOr(fl.Max, g.t.HardMax)))
		}
	case "list":
		if g.t.Type(fl.Entry) == nil {
			panic(where + "." + fl.Name + ": unknown entry type " + fl.Entry)
		}
		attrs = append(attrs, "entry = "+quote(g.typeName(fl.Entry, where+"."+fl.Name)))
		if fl.Count != "" {
			attrs = append(attrs, "count = "+quote(fl.Count))
		}
		if fl.Max > 0 {
			attrs = append(attrs, fmt.Sprintf("max = %d", fl.Max))
		}
	}
	if _, ok := g.o.Enums[gotype]; ok {
		attrs = append(attrs, "enum = "+quote(gotype))
	}
	if _, ok := g.o.Flags[gotype]; ok && isNum(typ) && fl.Role == spec.Data {
		attrs = append(attrs, "flags = "+quote(gotype))
	}
	switch disp := g.o.Displays[gotype]; disp {
	case "":
	case Fixed100:
		attrs = append(attrs, "scale = 100")
	default:
		attrs = append(attrs, "show = "+quote(string(disp)))
	}
	if fl.Spec != "" && fl.Spec != fl.Name {
		attrs = append(attrs, "label = "+quote(fl.Spec))
	}
	if d := oneLine(fl.Doc); d != "" {
		attrs = append(attrs, "doc = "+quote(d))
	}
	return "{" + strings.Join(attrs, ", ") + "}"
}

// typeName returns a field type as the runtime reads it: composite types
// (alone or as an array's element) by their name in the table's Types,
// which it marks as used; it panics on a type the table does not know.
func (g *gen) typeName(typ, where string) string {
	if isNum(typ) || spec.IsVariable(typ) {
		return typ
	}
	if elem, n, ok := spec.ParseArray(typ); ok {
		if elem == "bytes" {
			return typ
		}
		return fmt.Sprintf("%s[%d]", g.typeName(elem, where), n)
	}
	ty := g.t.Type(typ)
	if ty == nil {
		panic(where + ": unknown field type " + typ)
	}
	if !g.types[ty.Name] {
		g.types[ty.Name] = true
		for _, fl := range ty.Layout() {
			g.typeName(fl.Type, where+"."+fl.Name)
		}
	}
	return ty.Name
}

func orderName(o codec.Order) string {
	if o == codec.BigEndian {
		return "big"
	}
	return "little"
}

// luaKey returns name as a Lua table key.
func luaKey(name string) string {
	if validIdent(name) {
		return name
	}
	return "[" + quote(name) + "]"
}

func validIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// fixed returns fields after checking that none is variable (a datagram's
// packet header, a server's greeting).
func fixed(fields []spec.Field, what string) []spec.Field {
	for i := range fields {
		if spec.IsVariable(fields[i].Type) {
			panic(what + " field " + fields[i].Name + " is not fixed")
		}
	}
	return fields
}

// isNum reports whether t is one of the table's number types.
func isNum(t string) bool {
	switch t {
	case "u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64":
		return true
	}
	return false
}

// goType returns the Go type named by a field's Go attribute ("Team
// TeamColor" -> "TeamColor"), or the field's Type.
func goType(fl *spec.Field) string {
	if fl.Go == "" || fl.Go == "-" {
		return fl.Type
	}
	if _, t, ok := strings.Cut(strings.TrimSpace(fl.Go), " "); ok {
		t = strings.TrimSpace(t)
		if i := strings.LastIndexByte(t, '.'); i >= 0 {
			t = t[i+1:]
		}
		return strings.TrimLeft(t, "*")
	}
	return fl.Type
}

// GoType is goType for the command's use: the Go type a field decodes
// into, as its Go attribute names it.
func GoType(fl *spec.Field) string { return goType(fl) }

func maxOr(n, def int) int {
	if n <= 0 || n > def {
		return def
	}
	return n
}

// validName reports whether s is a valid Wireshark field name.
func validName(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\%03d`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// oneLine joins the lines of a doc comment.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func firstName(t *spec.Table) string {
	if len(t.Forms) > 0 {
		return t.Forms[0].Name
	}
	return ""
}
