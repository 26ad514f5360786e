/// SHA-256 (FIPS 180-4): names image-cache files from what they hold, so provider ids and
/// URLs never become paths.
public enum SHA256 {
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// The running state of a digest: eight words, and how many bytes it has taken in.
  public struct State: Sendable {
    var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    var length = 0

    /// The state before any byte.
    public init() {}

    /// Takes in whole 64-byte blocks of `bytes` (its count a multiple of 64).
    public mutating func absorb(blocks bytes: [UInt8]) {
      precondition(bytes.count % 64 == 0, "SHA-256 absorbs whole blocks")
      bytes.withUnsafeBytes { raw in
        for offset in stride(from: 0, to: raw.count, by: 64) { compress(raw.baseAddress! + offset) }
      }
      length += bytes.count
    }

    /// The digest of what it took in followed by `bytes` (the state itself is left as it was,
    /// so a keyed state serves many messages: HMAC's inner and outer pads).
    public func digest(after bytes: [UInt8]) -> [UInt8] {
      var state = self
      let whole = bytes.count / 64 * 64
      bytes.withUnsafeBytes { raw in
        for offset in stride(from: 0, to: whole, by: 64) { state.compress(raw.baseAddress! + offset) }
      }
      // The tail, the 0x80, zeros and the length in bits: one block or two, on the stack.
      let bits = UInt64(length + bytes.count) * 8
      let tail = bytes.count - whole
      let blocks = tail < 56 ? 1 : 2
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
        buffer.initialize(repeating: 0)
        for i in 0..<tail { buffer[i] = bytes[whole + i] }
        buffer[tail] = 0x80
        let end = blocks * 64
        for i in 0..<8 { buffer[end - 1 - i] = UInt8(truncatingIfNeeded: bits >> (UInt64(i) * 8)) }
        let raw = UnsafeRawPointer(buffer.baseAddress!)
        for block in 0..<blocks { state.compress(raw + block * 64) }
      }
      let h = state.h
      var out = [UInt8](repeating: 0, count: 32)
      for (i, word) in [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7].enumerated() {
        out[i * 4] = UInt8(truncatingIfNeeded: word >> 24)
        out[i * 4 + 1] = UInt8(truncatingIfNeeded: word >> 16)
        out[i * 4 + 2] = UInt8(truncatingIfNeeded: word >> 8)
        out[i * 4 + 3] = UInt8(truncatingIfNeeded: word)
      }
      return out
    }

    /// One 64-byte block at `block` into the state (FIPS 180-4, 6.2.2), its schedule on the
    /// stack and the round constants read without a bounds check.
    mutating func compress(_ block: UnsafeRawPointer) {
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        SHA256.k.withUnsafeBufferPointer { k in
          for i in 0..<16 {
            w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
          }
          for i in 16..<64 {
            let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
            let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
          }
          var (a, b, c, d, e, f, g, hh) = h
          for i in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let ch = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
          }
          h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
        }
      }
    }
  }

  /// The digest of `bytes`.
  public static func digest(_ bytes: [UInt8]) -> [UInt8] { State().digest(after: bytes) }

  /// The digest as lowercase hex.
  public static func hex(_ bytes: [UInt8]) -> String {
    digest(bytes).map {
      String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
    }.joined()
  }
}

extension UInt32 {
  fileprivate func rotatedRight(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}
