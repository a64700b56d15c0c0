// Package dissector writes a Wireshark dissector, in Lua, from a
// protocol's message table (*wire.Table): the table is its single source,
// so the dissector cannot drift from the codecs.
//
// The generated file names every message and field as the spec does
// (Form.Name, Field.Name, with Field.Spec and Field.Doc as the field's
// description), shows enums by name where Options.Enums says them, frames
// a stream by the header's LengthRole field (or by measuring the form,
// when the header has no length) and a datagram as a whole, registers the
// protocol on its default port (with a preference to change it, and
// Decode As), and adds a heuristic where there is no default port. Frames
// that do not decode get expert info: malformed (short, too long,
// trailing bytes), unknown code, over the spec's limit.
//
// The package knows no protocol: it reads only the table and the options.
package dissector

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gamewire/gamewire/wire"
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
	Packet []wire.Field
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
	Fields []wire.Field
	// Port names the field holding the port the client reconnects to
	// (0: none), or is empty.
	Port string
}

//go:embed runtime.lua
var runtime string

// Generate returns the Lua dissector for table t.
func Generate(t *wire.Table, o Options) ([]byte, error) {
	g := &gen{t: t, o: o, p: t.Name}
	return g.run()
}

type gen struct {
	t *wire.Table
	o Options
	p string // the protocol's name and field prefix

	fields []string       // ProtoField constructors, F[1]...
	abbrev map[string]int // abbreviation -> index in fields
	enums  []string       // enum Go types used, sorted
	enumID map[string]int
	b      strings.Builder
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
	g.abbrev = map[string]int{}
	g.enumID = map[string]int{}
	for name := range g.o.Enums {
		g.enums = append(g.enums, name)
	}
	sort.Strings(g.enums)
	for i, name := range g.enums {
		g.enumID[name] = i + 1
	}

	// The shared fields come first: F[1] is the message, F[2] the raw
	// body of an unknown code, F[3] the packet of a datagram protocol,
	// F[4] the direction.
	g.field(g.p+".msg", "Message", "string", "", "", "The spec's name of the message")
	g.field(g.p+".data", "Data", "bytes", "", "", "Bytes of a frame that could not be decoded")
	g.field(g.p+".packet", g.packetName(), "none", "", "", "A datagram")
	g.field(g.p+".from", "From", "string", "", "", "Who sent the message: client or server (by the server's port)")

	var body strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&body, format, a...) }

	// The header a form does not override, the packet header, the forms.
	w("local HEADER = %s\n", g.list(g.t.Header(), g.p, "header"))
	if len(g.o.Packet) > 0 {
		w("local PACKET = %s\n", g.list(layout(g.t, g.o.Packet), g.p+".packet", "packet"))
	} else {
		w("local PACKET = nil\n")
	}
	if h := g.o.Hello; h != nil {
		w("local HELLO = {name=%s, magic=%s, port=%s, fields=%s}\n", quote(h.Name), quote(h.Magic), quote(h.Port),
			g.list(layout(g.t, h.Fields), g.p+"."+h.Name, h.Name))
	} else {
		w("local HELLO = nil\n")
	}
	w("local FORMS = {\n")
	for i := range g.t.Forms {
		f := &g.t.Forms[i]
		hdr := "HEADER"
		if f.Header != nil {
			hdr = g.list(f.Layout()[:len(f.Header)], g.p, f.Name+" header")
		}
		fixed := f.Layout()[len(f.Layout())-len(f.Fields):]
		w("  {name=%s, code=%d, from=%d, size=%d, max=%d, doc=%s,\n   header=%s,\n   fields=%s},\n",
			quote(f.Name), f.Code, f.From, f.Size, f.MaxSize, quote(oneLine(f.Doc)),
			hdr, g.list(fixed, g.p+"."+f.Name, f.Name))
	}
	w("}\n")

	b := &g.b
	fmt.Fprintf(b, "-- Code generated by %s; DO NOT EDIT.\n", g.command())
	fmt.Fprintf(b, "--\n-- Wireshark dissector for %s, generated from gamewire's message table\n", g.title())
	fmt.Fprintf(b, "-- (%d message forms). Load it with\n--\n--\twireshark -X lua_script:%s.lua capture.pcap\n", len(g.t.Forms), g.p)
	fmt.Fprintf(b, "--\n-- or copy it into Wireshark's personal Lua plugins folder (Help > About >\n-- Folders). Filter with %q, %s.msg == \"%s\", or any field as\n-- %s.<message>.<field>.\n\n", g.p, g.p, firstName(g.t), g.p)
	fmt.Fprintf(b, "local NAME = %s\n", quote(g.p))
	fmt.Fprintf(b, "local TITLE = %s\n", quote(g.title()))
	fmt.Fprintf(b, "local BIG = %v\n", g.t.Order == wire.BigEndian)
	fmt.Fprintf(b, "local DATAGRAM = %v\n", g.t.Datagram)
	fmt.Fprintf(b, "local PORT = %d\n", g.o.Port)
	fmt.Fprintf(b, "local BY_DIRECTION = %v\n", g.o.ByDirection)
	fmt.Fprintf(b, "local MAX_FRAME = %d\n", g.t.MaxFrame)
	fmt.Fprintf(b, "local HARD_MAX = %d\n", g.t.HardMax)
	fmt.Fprintf(b, "local PACKET_NAME = %s\n\n", quote(g.packetName()))
	fmt.Fprintf(b, "local p = Proto(NAME, TITLE)\n\n")

	b.WriteString("-- Enums, by the Go type of the fields that hold them.\nlocal ENUM = {}\n")
	for _, name := range g.enums {
		vals := append([]Value(nil), g.o.Enums[name]...)
		sort.Slice(vals, func(i, j int) bool { return vals[i].Value < vals[j].Value })
		fmt.Fprintf(b, "ENUM[%d] = { -- %s\n", g.enumID[name], name)
		for _, v := range vals {
			fmt.Fprintf(b, "  [%d] = %s,\n", v.Value, quote(v.Name))
		}
		b.WriteString("}\n")
	}
	b.WriteString("\n-- The message codes, by name.\nlocal CODES = {}\n")
	names := map[uint32][]string{}
	var codes []uint32
	for i := range g.t.Forms {
		f := &g.t.Forms[i]
		if names[f.Code] == nil {
			codes = append(codes, f.Code)
		}
		if !contains(names[f.Code], f.Name) {
			names[f.Code] = append(names[f.Code], f.Name)
		}
	}
	sort.Slice(codes, func(i, j int) bool { return codes[i] < codes[j] })
	for _, c := range codes {
		fmt.Fprintf(b, "CODES[%d] = %s\n", c, quote(strings.Join(names[c], "/")))
	}

	b.WriteString("\n-- Every field, by its filter name.\nlocal F = {\n")
	for i, f := range g.fields {
		fmt.Fprintf(b, "  %s, -- %d\n", f, i+1)
	}
	b.WriteString("}\np.fields = F\n\n")
	b.WriteString("-- The header, the datagram's packet header and the message forms: each\n-- field with its kind (k), filter field (f), size, and what a variable\n-- field needs.\n")
	b.WriteString(body.String())
	b.WriteString("\n")
	b.WriteString(runtime)
	return []byte(b.String()), nil
}

func (g *gen) packetName() string {
	if g.o.PacketName != "" {
		return g.o.PacketName
	}
	return "Packet"
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

// field registers a ProtoField and returns its index in F.
func (g *gen) field(abbr, label, kind, base, enum, desc string) int {
	if i, ok := g.abbrev[abbr]; ok {
		return i
	}
	if !validName(abbr) {
		panic("field name " + strconv.Quote(abbr) + " is not a Wireshark filter name")
	}
	var c string
	switch kind {
	case "none", "ipv4":
		c = fmt.Sprintf("ProtoField.%s(%s, %s, %s)", kind, quote(abbr), quote(label), quoteDesc(desc))
	case "string":
		c = fmt.Sprintf("ProtoField.string(%s, %s, base.UNICODE, %s)", quote(abbr), quote(label), quoteDesc(desc))
	case "bytes":
		c = fmt.Sprintf("ProtoField.bytes(%s, %s, nil, %s)", quote(abbr), quote(label), quoteDesc(desc))
	case "float", "double":
		c = fmt.Sprintf("ProtoField.%s(%s, %s, nil, %s)", kind, quote(abbr), quote(label), quoteDesc(desc))
	default: // uint8 ... int64
		vs := "nil"
		switch enum {
		case "":
		case "codes":
			vs = "CODES"
		default:
			vs = fmt.Sprintf("ENUM[%d]", g.enumID[enum])
		}
		if base == "" {
			base = "base.DEC"
		}
		c = fmt.Sprintf("ProtoField.%s(%s, %s, %s, %s, nil, %s)", kind, quote(abbr), quote(label), base, vs, quoteDesc(desc))
	}
	g.fields = append(g.fields, c)
	g.abbrev[abbr] = len(g.fields)
	return len(g.fields)
}

// list returns the Lua descriptors of fields, whose filter names start
// with prefix.
func (g *gen) list(fields []wire.Field, prefix, where string) string {
	var parts []string
	for i := range fields {
		parts = append(parts, g.desc(&fields[i], prefix, where))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// desc returns the Lua descriptor of one field.
func (g *gen) desc(fl *wire.Field, prefix, where string) string {
	// The filter name is the spec's name in lowerCamelCase (the JSON
	// key); the label is the spec's own words where they differ.
	abbr := prefix + "." + fl.Name
	label := fl.Name
	if fl.Spec != "" {
		label = fl.Spec
	}
	desc := oneLine(fl.Doc)
	gotype := goType(fl)
	enum := ""
	if _, ok := g.o.Enums[gotype]; ok {
		enum = gotype
	}
	disp := g.o.Displays[gotype]
	var attrs []string
	attrs = append(attrs, "n="+quote(fl.Name))
	switch fl.Role {
	case wire.CodeRole:
		attrs = append(attrs, "role=\"code\"")
		if !g.o.ByDirection { // else the code is nominal
			enum = "codes"
		}
	case wire.LengthRole:
		attrs = append(attrs, "role=\"length\"", fmt.Sprintf("adjust=%d", fl.Adjust))
	case wire.MarkerRole:
		attrs = append(attrs, "role=\"marker\"", fmt.Sprintf("value=%d", fl.Value))
	}
	typ := fl.Type
	if bits, ok := g.o.Flags[gotype]; ok && isNum(typ) && fl.Role == wire.Data {
		// A bit set: shown in hex, with the names of its bits.
		bits = append([]Value(nil), bits...)
		sort.Slice(bits, func(i, j int) bool { return bits[i].Value < bits[j].Value })
		var parts []string
		for _, b := range bits {
			parts = append(parts, fmt.Sprintf("{%d, %s}", b.Value, quote(b.Name)))
		}
		attrs = append(attrs, "flags={"+strings.Join(parts, ", ")+"}")
		return g.num(abbr, label, typ, "", disp, desc, attrs, true)
	}
	switch {
	case isNum(typ):
		return g.num(abbr, label, typ, enum, disp, desc, attrs, fl.Role == wire.CodeRole)
	case wire.IsVariable(typ):
		switch typ {
		case "cstring", "str8", "str16", "utf":
			f := g.field(abbr, label, "string", "", "", desc)
			attrs = append(attrs, "k="+quote(typ), fmt.Sprintf("f=F[%d]", f), fmt.Sprintf("max=%d", maxOr(fl.Max, g.t.HardMax)))
		case "rest":
			if ty := g.t.Type(gotype); ty != nil && ty.Size == fl.Max {
				// At most one composite, Go-typed as it: there or not.
				f := g.field(abbr, label, "none", "", "", desc)
				attrs = append(attrs, "k=\"opt\"", fmt.Sprintf("f=F[%d]", f), fmt.Sprintf("size=%d", ty.Size), "fields="+g.list(ty.Layout(), abbr, where+"."+fl.Name))
				return "{" + strings.Join(attrs, ", ") + "}"
			}
			kind := "bytes"
			if disp == Text {
				kind = "string"
			}
			f := g.field(abbr, label, kind, "", "", desc)
			attrs = append(attrs, "k=\"rest\"", fmt.Sprintf("f=F[%d]", f), fmt.Sprintf("max=%d", maxOr(fl.Max, g.t.HardMax)), fmt.Sprintf("text=%v", kind == "string"))
		case "list":
			ty := g.t.Type(fl.Entry)
			if ty == nil {
				panic(where + "." + fl.Name + ": unknown entry type " + fl.Entry)
			}
			if fl.Count != "" {
				attrs = append(attrs, "count="+quote(fl.Count))
			}
			attrs = append(attrs, "k=\"list\"", fmt.Sprintf("max=%d", fl.Max), fmt.Sprintf("esize=%d", ty.Size))
			if l := ty.Layout(); len(l) == 1 && isNum(l[0].Type) {
				// Entries of one number each (a list of message ids): the
				// numbers, each under the list's own name.
				e := l[0]
				e.Name, e.Spec, e.Doc, e.Go = fl.Name, fl.Spec, fl.Doc, l[0].Go
				attrs = append(attrs, "scalar="+g.desc(&e, prefix, where))
				return "{" + strings.Join(attrs, ", ") + "}"
			}
			f := g.field(abbr, label, "none", "", "", desc)
			attrs = append(attrs, fmt.Sprintf("f=F[%d]", f), "entry="+g.list(ty.Layout(), abbr, where+"."+fl.Name))
		}
		return "{" + strings.Join(attrs, ", ") + "}"
	}
	if elem, n, ok := wire.ParseArray(typ); ok {
		if elem == "bytes" {
			kind := "string"
			switch {
			case disp == Hex:
				kind = "bytes"
			case disp == IPv4 && n == 4:
				kind = "ipv4"
			}
			f := g.field(abbr, label, kind, "", "", desc)
			attrs = append(attrs, "k=\"bytes\"", fmt.Sprintf("f=F[%d]", f), fmt.Sprintf("size=%d", n), "show="+quote(kind))
			return "{" + strings.Join(attrs, ", ") + "}"
		}
		// An array: a subtree of n elements, each under the same filter name.
		e := wire.Field{Name: fl.Name, Type: elem, Go: fl.Go, Doc: fl.Doc}
		var ed string
		if isNum(elem) {
			ed = g.num(abbr, label, elem, enum, disp, desc, []string{"n=" + quote(fl.Name)}, false)
		} else {
			ed = g.desc(&e, prefix, where)
		}
		attrs = append(attrs, "k=\"array\"", fmt.Sprintf("count=%d", n), "elem="+ed, fmt.Sprintf("size=%d", fl.Size))
		return "{" + strings.Join(attrs, ", ") + "}"
	}
	if ty := g.t.Type(typ); ty != nil {
		if disp == IPv4 && ty.Size == 4 {
			f := g.field(abbr, label, "ipv4", "", "", desc)
			attrs = append(attrs, "k=\"bytes\"", fmt.Sprintf("f=F[%d]", f), "size=4", "show=\"ipv4\"")
			return "{" + strings.Join(attrs, ", ") + "}"
		}
		f := g.field(abbr, label, "none", "", "", desc)
		attrs = append(attrs, "k=\"struct\"", fmt.Sprintf("f=F[%d]", f), fmt.Sprintf("size=%d", ty.Size), "fields="+g.list(ty.Layout(), abbr, where+"."+fl.Name))
		return "{" + strings.Join(attrs, ", ") + "}"
	}
	panic(where + "." + fl.Name + ": unknown field type " + typ)
}

// num returns the descriptor of an integer or float field.
func (g *gen) num(abbr, label, typ, enum string, disp Display, desc string, attrs []string, code bool) string {
	size := primitiveSize(typ)
	signed := typ[0] == 's'
	float := typ[0] == 'f'
	var kind, base string
	switch {
	case float && size == 4:
		kind = "float"
	case float:
		kind = "double"
	case disp == Fixed100:
		kind = "double"
	case signed:
		kind = fmt.Sprintf("int%d", size*8)
	default:
		kind = fmt.Sprintf("uint%d", size*8)
	}
	if code {
		base = "base.HEX"
	}
	if kind == "double" || kind == "float" {
		enum = ""
	}
	f := g.field(abbr, label, kind, base, enum, desc)
	attrs = append(attrs, "k=\"num\"", fmt.Sprintf("f=F[%d]", f), fmt.Sprintf("size=%d", size))
	if signed {
		attrs = append(attrs, "signed=true")
	}
	if float {
		attrs = append(attrs, "float=true")
	}
	if disp == Fixed100 && !float {
		attrs = append(attrs, "scale=100")
	}
	return "{" + strings.Join(attrs, ", ") + "}"
}

// layout lays out fixed fields from offset 0, for the packet header.
func layout(t *wire.Table, fields []wire.Field) []wire.Field {
	out := append([]wire.Field(nil), fields...)
	off := 0
	for i := range out {
		n := fixedSize(t, out[i].Type)
		if n == 0 {
			panic("packet field " + out[i].Name + " is not fixed")
		}
		out[i].Offset, out[i].Size = off, n
		off += n
	}
	return out
}

func fixedSize(t *wire.Table, typ string) int {
	if n := primitiveSize(typ); n > 0 {
		return n
	}
	if elem, n, ok := wire.ParseArray(typ); ok {
		if elem == "bytes" {
			return n
		}
		return n * fixedSize(t, elem)
	}
	if ty := t.Type(typ); ty != nil {
		return ty.Size
	}
	return 0
}

func primitiveSize(t string) int {
	switch t {
	case "u8", "s8":
		return 1
	case "u16", "s16":
		return 2
	case "u32", "s32", "f32":
		return 4
	case "u64", "s64", "f64":
		return 8
	}
	return 0
}

func isNum(t string) bool { return primitiveSize(t) > 0 }

// goType returns the Go type named by a field's Go attribute ("Team
// TeamColor" -> "TeamColor"), or the field's Type.
func goType(fl *wire.Field) string {
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
func GoType(fl *wire.Field) string { return goType(fl) }

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

func quoteDesc(s string) string {
	if s == "" {
		return "nil"
	}
	return quote(s)
}

// oneLine joins the lines of a doc comment.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func firstName(t *wire.Table) string {
	if len(t.Forms) > 0 {
		return t.Forms[0].Name
	}
	return ""
}
