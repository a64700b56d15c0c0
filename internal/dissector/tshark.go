package dissector

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Node is one item of a packet's tree as tshark prints it in PDML: a
// protocol or a field (Name is empty for a text item).
type Node struct {
	Name     string `xml:"name,attr"`
	ShowName string `xml:"showname,attr"`
	Show     string `xml:"show,attr"`
	Value    string `xml:"value,attr"`
	Pos      int    `xml:"pos,attr"`
	Size     int    `xml:"size,attr"`
	Children []Node `xml:",any"`
}

// Packet is one packet of tshark's PDML output: its protocols.
type Packet struct {
	Protos []Node `xml:"proto"`
}

// Number returns the packet's frame number (1-based), or 0.
func (p *Packet) Number() int {
	for _, pr := range p.Protos {
		if pr.Name == "geninfo" {
			for _, f := range pr.Children {
				if f.Name == "num" {
					var n int
					fmt.Sscan(f.Show, &n)
					return n
				}
			}
		}
	}
	return 0
}

// Walk calls f for every node under n, depth first, n included.
func (n *Node) Walk(f func(*Node)) {
	f(n)
	for i := range n.Children {
		n.Children[i].Walk(f)
	}
}

// ShownName returns the name an enum or code field shows for its value
// ("team: RedTeam (1)" -> "RedTeam"), or "" when it shows none.
func (n *Node) ShownName() string {
	_, s, ok := strings.Cut(n.ShowName, ": ")
	if !ok {
		return ""
	}
	i := strings.LastIndex(s, " (")
	if i < 0 || !strings.HasSuffix(s, ")") {
		return ""
	}
	return s[:i]
}

// Tshark is the path of tshark, or "" when it is not installed.
func Tshark() string {
	p, err := exec.LookPath("tshark")
	if err != nil {
		return ""
	}
	return p
}

// RunTshark dissects a capture with tshark and the Lua dissector at lua,
// and returns its packets as PDML says them. extra are more tshark
// arguments (-o name:value, -d decode-as).
func RunTshark(lua, capture string, extra ...string) ([]Packet, error) {
	return Load{Scripts: []string{lua}}.Run(capture, extra...)
}

// Load says how tshark finds the dissectors: the Lua scripts it is given
// with -X lua_script:, in order, and the home folder it runs in, whose
// personal Lua plugins folder (PluginDir) it loads by itself.
type Load struct {
	Scripts []string
	// Home is tshark's HOME; "" for the caller's.
	Home string
}

// PluginDir returns the personal Lua plugins folder of tshark run with
// HOME set to home, as tshark -G folders names it.
func PluginDir(home string) (string, error) {
	cmd := exec.Command(Tshark(), "-G", "folders")
	cmd.Env = append(os.Environ(), "HOME="+home)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("tshark -G folders: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if dir, ok := strings.CutPrefix(line, "Personal Lua Plugins:"); ok {
			return strings.TrimSpace(dir), nil
		}
	}
	return "", fmt.Errorf("tshark -G folders names no personal Lua plugins folder:\n%s", out)
}

// Run dissects a capture with tshark loading the dissectors as l says,
// and returns its packets as PDML says them. extra are more tshark
// arguments (-o name:value, -d decode-as).
func (l Load) Run(capture string, extra ...string) ([]Packet, error) {
	args := []string{"-n"}
	for _, s := range l.Scripts {
		args = append(args, "-X", "lua_script:"+s)
	}
	args = append(append(args, "-r", capture, "-T", "pdml"), extra...)
	cmd := exec.Command(Tshark(), args...)
	if l.Home != "" {
		cmd.Env = append(os.Environ(), "HOME="+l.Home)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("tshark %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	// tshark reports Lua errors on stderr and goes on without the
	// dissector: that is a failure too.
	if s := errb.String(); strings.Contains(s, "Lua") || strings.Contains(s, ".lua") {
		return nil, fmt.Errorf("tshark: %s", s)
	}
	var doc struct {
		Packets []Packet `xml:"packet"`
	}
	if err := xml.Unmarshal(out.Bytes(), &doc); err != nil {
		return nil, fmt.Errorf("tshark PDML: %v", err)
	}
	return doc.Packets, nil
}

// Problems returns the malformed and expert marks of a packet: tshark's
// own _ws.malformed, every expert item in the Malformed group, and every
// expert item of protocol name (all of them when name is "").
func (p *Packet) Problems(name string) []string {
	var out []string
	for i := range p.Protos {
		pr := &p.Protos[i]
		if pr.Name == "_ws.malformed" {
			out = append(out, "malformed: "+pr.ShowName)
			continue
		}
		pr.Walk(func(n *Node) {
			if n.Name == "_ws.malformed" {
				out = append(out, "malformed: "+n.ShowName)
			}
			if n.Name != "_ws.expert" {
				return
			}
			for _, c := range n.Children {
				if name == "" || strings.HasPrefix(c.Name, name+".") ||
					c.Name == "_ws.expert.group" && strings.Contains(c.ShowName, "Malformed") {
					out = append(out, n.ShowName)
					break
				}
			}
		})
	}
	return out
}

// TB is the part of testing.TB that NeedTshark uses.
type TB interface {
	Helper()
	Skip(args ...any)
	Fatal(args ...any)
}

// NeedTshark skips a test when tshark is not installed, or fails it when
// the environment variable GAMEWIRE_TSHARK is "required" (as CI sets it,
// so that a missing tshark cannot pass unseen as a skip).
func NeedTshark(t TB) {
	t.Helper()
	if Tshark() != "" {
		return
	}
	if os.Getenv("GAMEWIRE_TSHARK") == "required" {
		t.Fatal("tshark is not installed and GAMEWIRE_TSHARK=required: apt-get install tshark")
	}
	t.Skip("tshark is not installed (apt-get install tshark): the generated dissectors are not run in Wireshark")
}
