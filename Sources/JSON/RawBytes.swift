#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte comparisons for the readers of our own layouts (a member's name, an envelope's
/// literal): inlined where the expected bytes are a literal, they become a few word loads
/// compared with constants instead of a call to `memcmp`.
public enum RawBytes {
  /// Whether the `n` bytes at `a` and `b` are the same: two words (overlapping when `n` is
  /// not a multiple of one), `memcmp` only for the middle of a text past 16 bytes.
  @inlinable @inline(__always)
  public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count n: Int) -> Bool {
    if n < 4 {
      for k in 0..<n
      where a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) {
        return false
      }
      return true
    }
    if n < 8 {
      return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
        && a.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
          == b.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
    }
    guard a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self),
      a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    else { return false }
    return n <= 16 || memcmp(a + 8, b + 8, n - 16) == 0
  }

  /// Whether `literal` stands at `offset` of `bytes` (within its bounds).
  @inlinable @inline(__always)
  public static func has(_ literal: StaticString, in bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    let n = literal.utf8CodeUnitCount
    return offset >= 0 && offset + n <= bytes.count
      && equal(UnsafeRawPointer(literal.utf8Start), bytes.baseAddress! + offset, count: n)
  }
}
