package main

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/gamewire/gamewire/wire/spec"
)

// The words of the generated doc comments. A type's comment says what the
// spec calls it and quotes the spec's description (Form.Doc); a field's
// quotes the spec's name for it and its description (Field.Spec,
// Field.Doc). None restates a name as its own description: a Go type that
// has the spec's name is "the spec's Connect message", not "Connect is
// Connect", and a description that only repeats the field's name is left
// out.

// formDoc is the doc comment of a message form's type: the spec's name
// (its own words, Form.Spec, where the table's Name is not), the
// direction and the spec's description.
func formDoc(f *form) string {
	doc := f.goType + " is " + f.Name
	switch {
	case f.Spec != "":
		doc = f.goType + " is the spec's " + f.Spec
	case sameWords(f.goType, f.Name):
		doc = f.goType + " is the spec's " + f.Name + " message"
	}
	return doc + ", " + direction(f.From) + description(f.Doc)
}

// compositeDoc is the doc comment of a composite type's struct.
func compositeDoc(ty *form) string {
	return ty.goType + " is the spec's " + ty.Name + ", a composite field type" + description(ty.Doc)
}

// description returns ": " and the spec's description as a sentence, or a
// full stop for none.
func description(doc string) string {
	if doc = sentence(doc); doc != "" {
		return ": " + doc
	}
	return "."
}

// fieldDoc is the comment of a field of a struct: the spec's name for it
// (quoted when it is the spec's own words, Field.Spec) and its
// description, unless the description only repeats the name.
func fieldDoc(fl *field) string {
	name := fl.Name
	if fl.Spec != "" {
		name = strconv.Quote(fl.Spec)
	}
	doc := strings.TrimSuffix(strings.TrimSpace(fl.Doc), ".")
	if doc == "" || sameWords(doc, fl.Name) || sameWords(doc, fl.Spec) {
		return name
	}
	return name + ": " + doc
}

// sameWords reports whether a and b are the same words, whatever their
// case, spacing and punctuation ("Message ID", "messageId").
func sameWords(a, b string) bool {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	return key(a) != "" && key(a) == key(b)
}

// sentence returns s as the end of a sentence: trimmed, with a final
// full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s != "" && !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

func direction(d spec.Direction) string {
	switch d {
	case spec.FromClient:
		return "client to server"
	case spec.FromServer:
		return "server to client"
	}
	return "either way"
}

// article returns the indefinite article of name, a spec's name or a
// wire type, by its sound: "an Update", "an Id", "a MsgEnter", "a
// MSG_TYPE_ACK" (Msg and MSG read "message"), "an SMSG_PING" and "a
// CMSG_PONG" (a letter, then "message"), "a UDP link" and "an ID" (an
// acronym is spelled out), "a MOVE" (a word in capitals), "a u8", "an
// s16" (a letter and a size), "a utf", "a str8".
func article(name string) string {
	w := []rune(name)
	if len(w) == 0 {
		return "a"
	}
	if strings.HasPrefix(name, "Msg") || strings.HasPrefix(name, "MSG") {
		return "a"
	}
	// The leading capitals: an acronym (UDPLink's UDP), or a word in
	// capitals (MOVE, TRAIL), or a letter before MSG (SMSG_PING's S).
	caps := 0
	for caps < len(w) && unicode.IsUpper(w[caps]) {
		caps++
	}
	if caps < len(w) && unicode.IsLower(w[caps]) {
		caps-- // the last capital starts a word: UDPLink
	}
	if caps >= 2 {
		acronym := string(w[:caps])
		if strings.HasSuffix(acronym[1:], "MSG") || !strings.ContainsAny(acronym[1:], "AEIOUY") {
			return letterArticle(w[0]) // spelled out
		}
	}
	if len(w) >= 2 && unicode.IsLetter(w[0]) && unicode.IsDigit(w[1]) {
		// A letter and a size (u8, s16, f32): the letter is spelled.
		return letterArticle(w[0])
	}
	lower := strings.ToLower(name)
	for _, p := range []string{"uni", "use", "usu", "uti", "ura", "utf", "eu", "one", "once"} {
		if strings.HasPrefix(lower, p) {
			return "a" // a yoo- or a wuh- sound
		}
	}
	for _, p := range []string{"hour", "honest", "honor", "honour", "heir"} {
		if strings.HasPrefix(lower, p) {
			return "an" // a silent h
		}
	}
	if strings.ContainsRune("aeiou", rune(lower[0])) {
		return "an"
	}
	return "a"
}

// letterArticle returns the indefinite article of the name of the letter
// r: an "ef", an "aitch", an "ess"; a "bee", a "you".
func letterArticle(r rune) string {
	if strings.ContainsRune("AEFHILMNORSX", unicode.ToUpper(r)) {
		return "an"
	}
	return "a"
}

// withArticle returns name after its indefinite article.
func withArticle(name string) string { return article(name) + " " + name }
