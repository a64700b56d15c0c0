package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/gamewire/gamewire/wire/spec"
)

// printTableSpec prints a protocol's message table as its package
// declares it (the one table the codecs are generated from, so this
// cannot drift from them): the header, the composite types, then each
// form with its code, direction, size and fields.
func printTableSpec(p *protocol, out io.Writer) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "%s: %s\n", p.name, p.summary)
	printTable(w, p, p.table)
	for _, more := range p.more {
		fmt.Fprintf(w, "\n%s\n", more.title)
		printTable(w, p, more.table)
	}
	return w.Flush()
}

// printTable prints table t of protocol p: its header, its composite
// types, then each form with its code, direction, size and fields.
func printTable(w *bufio.Writer, p *protocol, t *spec.Table) {
	fmt.Fprintf(w, "byte order %s; at most %d bytes a frame", t.Order, t.MaxFrame)
	if t.Datagram {
		fmt.Fprint(w, " (datagram)")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `offsets and sizes in bytes, header included; "var": variable length; "+": after a variable field`)
	printFields(w, "header", t.HeaderLayout())
	for i := range t.Types {
		ty := &t.Types[i]
		fmt.Fprintf(w, "\ntype %s (%d bytes)\n", ty.Name, ty.Size)
		printFields(w, "", ty.Layout())
	}
	for i := range t.Forms {
		f := &t.Forms[i]
		size := strconv.Itoa(f.Size)
		if !f.Fixed() {
			size = fmt.Sprintf("%d..%d", f.Size, f.MaxSize)
		}
		fmt.Fprintf(w, "\n%-24s code %s  from %-6s  size %s\n", f.Name, codeText(p, f.Code), f.From, size)
		printFields(w, "", f.Layout())
	}
}

// codeText shows a code in decimal and hex, and as the protocol's own
// text where it has one (BZFlag's two letters).
func codeText(p *protocol, c uint32) string {
	s := fmt.Sprintf("%5d (0x%04x)", c, c)
	if p.codeName != nil {
		if n := p.codeName(c); n != "" {
			s += " " + strconv.Quote(n)
		}
	}
	return s
}

// printFields prints one row a field, under column headers.
func printFields(w *bufio.Writer, title string, fields []spec.Field) {
	if title != "" {
		fmt.Fprintf(w, "\n%s\n", title)
	}
	fmt.Fprintf(w, "  %-6s %-5s %-24s %s\n", "offset", "size", "field", "type")
	for _, fl := range fields {
		off, size := "+", "var"
		if fl.Offset >= 0 {
			off = strconv.Itoa(fl.Offset)
		}
		if fl.Size > 0 {
			size = strconv.Itoa(fl.Size)
		}
		typ := fl.Type
		switch {
		case fl.Type == "list":
			typ = listType(fl)
		case spec.IsVariable(fl.Type) && fl.Max > 0:
			typ = fmt.Sprintf("%s, at most %d bytes", fl.Type, fl.Max)
		}
		switch fl.Role {
		case spec.CodeRole:
			typ += ", the code"
		case spec.LengthRole:
			typ += fmt.Sprintf(", the length (frame length - %d)", fl.Adjust)
		case spec.MarkerRole:
			typ += fmt.Sprintf(", always %#x", fl.Value)
		}
		fmt.Fprintf(w, "  %-6s %-5s %-24s %s\n", off, size, fl.Name, typ)
	}
}

// listType describes a list field: its entry type, where its number of
// entries is (a count field, or nothing: entries to the end of the frame)
// and its bound, when the field has one (Max 0 has none: the frame's
// limit bounds it).
func listType(fl spec.Field) string {
	typ := "list of " + fl.Entry
	if fl.Count != "" {
		typ += ", count in " + fl.Count
	} else {
		typ += ", to the end of the frame"
	}
	if fl.Max > 0 {
		typ += ", at most " + strconv.Itoa(fl.Max)
	}
	return typ
}
