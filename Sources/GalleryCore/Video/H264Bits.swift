/// The bits of one H.264 NAL unit's payload (its RBSP): fixed-width fields and the
/// Exp-Golomb codes `ue(v)` and `se(v)`, most significant bit first.
struct H264Bits {
  private(set) var bytes: [UInt8] = []
  /// Bits not yet a whole byte (fewer than 8), in the low end.
  private var pending: UInt64 = 0
  private var pendingCount = 0

  /// Whether the next bit starts a byte.
  var isAligned: Bool { pendingCount == 0 }

  /// The low `count` bits of `value` (at most 32).
  mutating func bits(_ value: UInt32, _ count: Int) {
    guard count > 0 else { return }
    pending = pending << UInt64(count) | (UInt64(value) & ((1 << UInt64(count)) - 1))
    pendingCount += count
    while pendingCount >= 8 {
      pendingCount -= 8
      bytes.append(UInt8(truncatingIfNeeded: pending >> UInt64(pendingCount)))
    }
    pending &= (1 << UInt64(pendingCount)) - 1
  }

  mutating func flag(_ on: Bool) { bits(on ? 1 : 0, 1) }

  /// A whole byte; the writer must be aligned (PCM samples).
  mutating func byte(_ value: UInt8) {
    precondition(pendingCount == 0, "a byte is written on a byte boundary")
    bytes.append(value)
  }

  /// `ue(v)`: unsigned Exp-Golomb.
  mutating func ue(_ value: Int) {
    let v = UInt32(value + 1)
    let width = 32 - v.leadingZeroBitCount
    bits(0, width - 1)
    bits(v, width)
  }

  /// `se(v)`: signed Exp-Golomb (1 → 1, -1 → 2, 2 → 3, …).
  mutating func se(_ value: Int) { ue(value > 0 ? 2 * value - 1 : -2 * value) }

  /// Zero bits up to the next byte boundary (`pcm_alignment_zero_bit`).
  mutating func alignWithZeros() { if pendingCount > 0 { bits(0, 8 - pendingCount) } }

  /// `rbsp_trailing_bits`: a one, then zeros to the boundary; the payload is then complete.
  mutating func finish() -> [UInt8] {
    bits(1, 1)
    alignWithZeros()
    return bytes
  }

  /// The NAL unit of `payload`: its header byte, and a 0x03 wherever two zero bytes would be
  /// followed by a byte of 3 or less (so no start code appears inside it).
  static func nalUnit(type: UInt8, referenceIdc: UInt8, payload: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [referenceIdc << 5 | type]
    out.reserveCapacity(payload.count + payload.count / 64 + 2)
    var zeros = 0
    for b in payload {
      if zeros >= 2 && b <= 3 {
        out.append(3)
        zeros = 0
      }
      out.append(b)
      zeros = b == 0 ? zeros + 1 : 0
    }
    return out
  }
}
