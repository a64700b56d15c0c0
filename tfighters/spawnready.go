package tfighters

// SpawnReady is SMSG_SPAWNREADY, with no data: "Ready to respawn, send
// CMSG_SPAWN back to get respawned". The original sends it once the
// initial lag checks are done, and again some seconds after each death.
type SpawnReady struct{}

// layoutSpawnReady lists the fields of SMSG_SPAWNREADY with their offsets, header included.
var layoutSpawnReady = [...]Field{}

// sizeSpawnReady is the length of SMSG_SPAWNREADY without its strings.
const sizeSpawnReady = 4

// Code returns CodeSpawnReady.
func (*SpawnReady) Code() Code { return CodeSpawnReady }

// Size returns the length of the encoded message, header included.
func (*SpawnReady) Size() int { return sizeSpawnReady }

// AppendBinary appends the message, header included, to b.
func (m *SpawnReady) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeSpawnReady, sizeSpawnReady)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *SpawnReady) Decode(b []byte) (int, error) {
	if !isFrame(b, CodeSpawnReady, sizeSpawnReady) {
		return 0, fixedError(b, CodeSpawnReady, layoutSpawnReady[:])
	}
	return sizeSpawnReady, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *SpawnReady) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *SpawnReady) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*SpawnReady) Validate() error { return nil }
