import CCRC32C

/// CRC-32C (Castagnoli), the checksum on every log line and snapshot.
///
/// It detects every single-bit and single-byte error and every burst up to 32 bits, which
/// covers a flipped byte anywhere in a line. The CPU's instruction computes it where there is
/// one (the CCRC32C target); slice-by-8 keeps the portable path fast in pure Swift.
public enum CRC32C {
  private static let tables: [[UInt32]] = {
    var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0x82F6_3B78 : c >> 1 }
      tables[0][n] = c
    }
    for n in 0..<256 {
      for k in 1..<8 {
        let prev = tables[k - 1][n]
        tables[k][n] = (prev >> 8) ^ tables[0][Int(prev & 0xFF)]
      }
    }
    return tables
  }()

  private static let flat: [UInt32] = tables.flatMap { $0 }

  /// Whether the CPU's instruction computes it (SSE 4.2, ARMv8 CRC); else the portable code.
  public static let usesHardware = ccrc32c_hardware() != 0

  /// The checksum of `bytes`, continuing from `crc` (the result of an earlier call) if given.
  public static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard usesHardware, let base = bytes.baseAddress else { return portableChecksum(bytes, continuing: crc) }
    return ~ccrc32c_update(~crc, base, bytes.count)
  }

  /// The portable slice-by-8 (what runs without the instruction; the tests' reference).
  public static func portableChecksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    var c = ~crc
    flat.withUnsafeBufferPointer { t in
      var i = 0
      let n = bytes.count
      while i + 8 <= n {
        let lo =
          UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
          | UInt32(bytes[i + 3]) << 24
        let hi =
          UInt32(bytes[i + 4]) | UInt32(bytes[i + 5]) << 8 | UInt32(bytes[i + 6]) << 16
          | UInt32(bytes[i + 7]) << 24
        let x = c ^ lo
        c =
          t[7 * 256 + Int(x & 0xFF)] ^ t[6 * 256 + Int((x >> 8) & 0xFF)]
          ^ t[5 * 256 + Int((x >> 16) & 0xFF)] ^ t[4 * 256 + Int(x >> 24)]
          ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
          ^ t[1 * 256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
        i += 8
      }
      while i < n {
        c = (c >> 8) ^ t[Int((c ^ UInt32(bytes[i])) & 0xFF)]
        i += 1
      }
    }
    return ~c
  }

  /// The checksum of a byte collection.
  public static func checksum<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32
  where C.Element == UInt8 {
    if let result = bytes.withContiguousStorageIfAvailable({
      checksum(UnsafeRawBufferPointer($0), continuing: crc)
    }) {
      return result
    }
    return Array(bytes).withUnsafeBytes { checksum($0, continuing: crc) }
  }
}
