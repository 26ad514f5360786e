import Foundation

/// A gzip body that inflates to `inflatedBytes` zero bytes from a few bytes per 258 of them
/// (one fixed-Huffman deflate block: a literal zero, then matches of length 258 at distance
/// 1), made without a compression library. For tests that a client counts a body decoded.
public enum GzipBomb {
  public static func bytes(inflating inflatedBytes: Int) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0x03]
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    bits.writeCode(0x30, count: 8)  // literal 0
    var left = inflatedBytes - 1
    while left >= 258 {
      bits.writeCode(0xC5, count: 8)  // length code 285: 258 bytes
      bits.writeCode(0, count: 5)  // distance code 0: distance 1
      left -= 258
    }
    for _ in 0..<max(0, left) { bits.writeCode(0x30, count: 8) }
    bits.writeCode(0, count: 7)  // end of block
    out += bits.finish()
    // The trailer's CRC-32 of the zeros, for bodies up to 16 MiB (a client that reads a larger
    // one this far has already failed).
    let crc = inflatedBytes <= 1 << 24 ? crc32(zeros: inflatedBytes) : 0
    out += [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)]
    let size = UInt32(truncatingIfNeeded: inflatedBytes)
    out += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
    return out
  }

  /// The CRC-32 (gzip's) of `count` zero bytes.
  static func crc32(zeros count: Int) -> UInt32 {
    var table = [UInt32](repeating: 0, count: 256)
    for i in 0..<256 {
      var c = UInt32(i)
      for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      table[i] = c
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// Deflate's bit order: values least significant bit first, Huffman codes most first.
  private struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var filled = 0

    mutating func write(_ value: UInt32, count: Int) {
      for i in 0..<count { push(value >> i & 1) }
    }

    mutating func writeCode(_ code: UInt32, count: Int) {
      for i in stride(from: count - 1, through: 0, by: -1) { push(code >> i & 1) }
    }

    private mutating func push(_ bit: UInt32) {
      current |= bit << filled
      filled += 1
      if filled == 8 {
        bytes.append(UInt8(current))
        current = 0
        filled = 0
      }
    }

    mutating func finish() -> [UInt8] {
      if filled > 0 { bytes.append(UInt8(current)) }
      return bytes
    }
  }
}
