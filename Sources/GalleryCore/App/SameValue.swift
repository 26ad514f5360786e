/// Whether `a` and `b` are the same value of the same type, compared by the types' identity
/// rather than a trial cast: two features' values (or two events) of different types are never
/// equal, and values are structs and enums, so identity is the whole question.
func sameValue<A: Equatable, B: Equatable>(_ a: A, _ b: B) -> Bool {
  A.self == B.self && unsafeBitCast(b, to: A.self) == a
}
