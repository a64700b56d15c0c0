package wire

// Policy is what a Decoder or Stream does with frames that are well
// formed but not what the spec allows. Every protocol has the same
// default, Checked.
type Policy uint8

const (
	// Checked, the default, keeps a frame with an unknown code as a *Raw
	// that re-encodes byte for byte, and returns a message that breaks a
	// rule of the spec (Validate) or a frame over the spec's size limit
	// (up to HardMax) together with an error naming the rule: the caller
	// sees both and decides. A session survives either.
	Checked Policy = iota
	// Strict makes an unknown code, a rule violation and a frame over the
	// spec's limit errors, with no message.
	Strict
	// Lax runs no Validate and accepts frames up to HardMax without a
	// word: for fuzzers and proxies that pass rule-breaking messages on,
	// and for readers that keep what a real server really sends.
	Lax
)

// String returns "checked", "strict" or "lax".
func (p Policy) String() string {
	switch p {
	case Strict:
		return "strict"
	case Lax:
		return "lax"
	}
	return "checked"
}
