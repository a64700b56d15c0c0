package tfighters

// Validate reports an accel, turn or type out of range. The original
// broadcasts SMSG_SPAWN, after an SMSG_INVINCIBLE for the same id, when a
// player's CMSG_SPAWN is accepted.
func (m *ServerSpawn) Validate() error { return checkMotion(m, m.Accel, m.Turn, m.Type) }
