#if canImport(Glibc)
  import Glibc
#endif

/// Whether two runs of values hold the same bytes: the same scalars and the same references,
/// so they are equal without comparing member by member. A list the fold shifted or copied
/// (an item inserted on top, one removed) keeps its other elements' bytes, so the patch finds
/// them unchanged with one `memcmp` rather than an `==` per element. `false` says nothing:
/// equal values may differ in their bytes (padding, a string stored twice), and are then
/// compared with `==`.
enum IdenticalBits {
  /// Whether `a` and `b` have the same count and the same bytes.
  static func same<T>(_ a: ArraySlice<T>, _ b: ArraySlice<T>) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in
        x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
      }
    }
  }

  /// Whether `a[i]` and `b[j]` are equal, by their bytes first.
  static func equal<T: Equatable>(_ a: [T], _ i: Int, _ b: [T], _ j: Int) -> Bool {
    same(a[i...i], b[j...j]) || a[i] == b[j]
  }
}
