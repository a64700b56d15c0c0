package bzflag

// Vec3 is a vector of three IEEE 754 single precision numbers: a position,
// velocity or direction, x then y then z.
type Vec3 [3]float32
