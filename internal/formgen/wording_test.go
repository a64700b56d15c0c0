package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// TestArticle checks the indefinite article of the names and wire types
// the generated comments put one before: by sound.
func TestArticle(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"Update", "an"}, {"UpdateEntry", "an"}, {"Id", "an"}, {"Area", "an"}, {"Input", "an"}, {"Add", "an"},
		{"Option", "an"}, {"Obstacle", "an"}, {"Enter", "an"}, {"Odd", "an"},
		{"Score", "a"}, {"PlayerId", "a"}, {"Vec", "a"}, {"Login", "a"},
		{"MsgEnter", "a"}, {"MsgIdAck", "a"}, {"MSG_TYPE_ACK", "a"}, {"MSG_TYPE_OBSTACLE", "a"},
		{"SMSG_PING", "an"}, {"SMSG_HI", "an"}, {"CMSG_PONG", "a"}, {"CMSG_VERSION", "a"},
		{"ID", "an"}, {"IDAck", "an"}, {"UDP", "a"}, {"UDPLinkRequest", "a"}, {"HTTP", "an"}, {"MD5", "an"},
		{"MOVE", "a"}, {"SAY", "a"}, {"BYE", "a"}, {"TRAIL", "a"}, {"ECHO", "an"}, {"NUL", "a"},
		{"Unit", "a"}, {"User", "a"}, {"Unknown", "an"}, {"One", "a"}, {"Hour", "an"}, {"House", "a"},
		{"u8", "a"}, {"s16", "an"}, {"f32", "an"}, {"u16[5]", "a"}, {"utf", "a"}, {"str8", "a"}, {"cstring", "a"}, {"rest", "a"}, {"list", "a"},
	} {
		if got := article(tt.name); got != tt.want {
			t.Errorf("article(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// The tables whose generated comments TestGeneratedDocs reads: every
// protocol's and the toys'.
var docTables = []string{
	"../../bzflag", "../../bzflag/world", "../../lwar", "../../tfighters", "../../retrotank", "../../paintball",
	"internal/toy", "internal/toydgram",
}

var (
	// isShape matches "X is Y", "X is a Y", "X is the Y": a circle when X
	// and Y are the same words ("Login is Login", "Move is MOVE").
	isShape = regexp.MustCompile(`\b(\w+) is (?:(?:a|an|the) )?(\w+)\b`)
	// articleShape matches an indefinite article before a name: a word
	// that starts with a capital ("an Update") or holds a digit or an
	// underscore ("a u8", "an SMSG_PING"). Prose before lower-case words
	// is English's, not the generator's.
	articleShape = regexp.MustCompile(`\b([Aa]n?) ([A-Z][\w\[\]]*|[a-z]+[0-9_][\w\[\]]*)`)
	// leads are the ends of a type's comment that has no description.
	leads = []string{"client to server.", "server to client.", "either way.", "composite field type."}
)

// TestGeneratedDocs reads the comments formgen writes for every table of
// the repository and checks their wording: no comment says a name is
// itself ("Login is Login"), every indefinite article agrees with the
// sound of the name it comes before ("an Update", "an SMSG_PING"), every
// message and composite type has the spec's description, and no field's
// description only repeats its name ("height: Height").
func TestGeneratedDocs(t *testing.T) {
	for _, dir := range docTables {
		src, err := generate(dir, "forms.go", "forms_gen.go")
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		checkDocs(t, dir, src)
	}
}

// checkDocs checks the wording of the comments of src, a forms_gen.go
// of the table in dir (see TestGeneratedDocs).
func checkDocs(t *testing.T, dir string, src []byte) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "forms_gen.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	where := func(n ast.Node) string { return dir + "/" + fset.Position(n.Pos()).String() }
	for _, cg := range f.Comments {
		text := strings.Join(strings.Fields(cg.Text()), " ")
		for _, m := range isShape.FindAllStringSubmatch(text, -1) {
			if sameWords(m[1], m[2]) {
				t.Errorf("%s: %q says a name is itself: %s", where(cg), m[0], text)
			}
		}
		for _, m := range articleShape.FindAllStringSubmatch(text, -1) {
			if want := article(m[2]); !strings.EqualFold(m[1], want) {
				t.Errorf("%s: %q, want %q: %s", where(cg), m[0], want+" "+m[2], text)
			}
		}
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		doc := strings.Join(strings.Fields(g.Doc.Text()), " ")
		doc = strings.TrimSuffix(doc, " (The struct is hand-written.)")
		for _, lead := range leads {
			if strings.HasSuffix(doc, lead) {
				t.Errorf("%s: the comment has no description (the table's Doc is empty): %s", where(g), doc)
			}
		}
		st, ok := g.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
		if !ok {
			continue
		}
		for _, fl := range st.Fields.List {
			name, desc, ok := strings.Cut(strings.TrimSpace(fl.Comment.Text()), ": ")
			if ok && sameWords(strings.Trim(name, `"`), desc) {
				t.Errorf("%s: the field's description repeats its name: %s", where(fl), strings.TrimSpace(fl.Comment.Text()))
			}
		}
	}
}

// TestDocWordingRules checks the rules on a table made to break them:
// a form whose Go type is its spec name, one whose names differ, one with
// the spec's own words (Form.Spec), a composite type, and fields whose
// description only repeats their name.
func TestDocWordingRules(t *testing.T) {
	src := table(`spec.Protocol{Name: "t", Header: []spec.Field{{Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64,
		Types: []spec.Form{{Name: "Id", Type: "ID", Doc: "who", Fields: []spec.Field{{Name: "n", Type: "u8"}}}}}`,
		`[]spec.Form{
			{Name: "Update", Code: 1, From: spec.FromServer, Type: "Update", Doc: "Updates the clients", Fields: []spec.Field{
				{Name: "height", Type: "u16", Doc: "Height."},
				{Name: "messageId", Spec: "Message ID", Type: "u16", Doc: "Message ID"},
				{Name: "width", Type: "u16", Doc: "width in metres"},
			}},
			{Name: "MsgEnter", Code: 2, From: spec.FromClient, Type: "Enter", Doc: "a player asks to join"},
			{Name: "Login", Spec: "Login Packet", Code: 3, From: spec.Both, Type: "Login", Doc: "Sent by client to login"},
		}`)
	out, err := generateSource(src)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(out), "\n// ", " ") // the comments unwrapped, without their first //
	for _, want := range []string{
		"Update is the spec's Update message, server to client: Updates the clients.",
		"Enter is MsgEnter, client to server: a player asks to join.",
		"Login is the spec's Login Packet, either way: Sent by client to login.",
		"ID is the spec's Id, a composite field type: who.",
		"idSize is the size of an Id in bytes.",
		"Size returns the size of an Update frame, 7 bytes.",
		"Decode reads an Update frame",
		"Size returns the size of a MsgEnter frame, 1 bytes.",
		"// height\n",
		"// \"Message ID\"\n",
		"// width: width in metres\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the generated code has no %q:\n%s", want, out)
		}
	}
}
