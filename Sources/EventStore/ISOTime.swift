/// Millisecond ISO-8601 UTC timestamps (`2026-11-22T04:15:57.123Z`), formatted and parsed
/// by hand: the log writes and reads one per event, and the format is fixed.
public enum ISOTime {
  /// Formats milliseconds since the epoch as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  public static func format(millis: Int64) -> String {
    var bytes = [UInt8]()
    bytes.reserveCapacity(24)
    append(millis: millis, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the 24 bytes of the timestamp for `millis` to `out`.
  public static func append(millis: Int64, to out: inout [UInt8]) {
    // The 24 bytes are made on the stack and appended at once.
    var stamp: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &stamp) { b in
      write(millis: millis, to: b.baseAddress!)
      out.append(contentsOf: b)
    }
  }

  /// Writes the 24 bytes of the timestamp for `millis` at `b` (which has room for them):
  /// each field's last `width` digits, least significant last.
  static func write(millis: Int64, to b: UnsafeMutableRawPointer) {
    let (days, msOfDay) = millis.quotientAndRemainder(dividingBy: 86_400_000)
    let (d, ms) = msOfDay < 0 ? (days - 1, msOfDay + 86_400_000) : (days, msOfDay)
    let (y, m, day) = civil(fromDays: d)
    func put(_ v: Int64, at: Int, _ width: Int) {
      var x = v
      for i in stride(from: at + width - 1, through: at, by: -1) {
        b.storeBytes(of: UInt8(0x30 + x % 10), toByteOffset: i, as: UInt8.self)
        x /= 10
      }
    }
    func mark(_ c: UInt8, at: Int) { b.storeBytes(of: c, toByteOffset: at, as: UInt8.self) }
    put(y, at: 0, 4)
    mark(UInt8(ascii: "-"), at: 4)
    put(m, at: 5, 2)
    mark(UInt8(ascii: "-"), at: 7)
    put(day, at: 8, 2)
    mark(UInt8(ascii: "T"), at: 10)
    put(ms / 3_600_000, at: 11, 2)
    mark(UInt8(ascii: ":"), at: 13)
    put(ms / 60_000 % 60, at: 14, 2)
    mark(UInt8(ascii: ":"), at: 16)
    put(ms / 1000 % 60, at: 17, 2)
    mark(UInt8(ascii: "."), at: 19)
    put(ms % 1000, at: 20, 3)
    mark(UInt8(ascii: "Z"), at: 23)
  }

  /// Parses exactly the format `format` writes; nil for anything else.
  public static func parse<C: RandomAccessCollection>(_ s: C) -> Int64?
  where C.Element == UInt8, C.Index == Int {
    guard s.count == 24 else { return nil }
    let b = s.startIndex
    func num(_ at: Int, _ width: Int) -> Int64? {
      var v: Int64 = 0
      for k in 0..<width {
        let c = s[b + at + k]
        guard c >= 0x30, c <= 0x39 else { return nil }
        v = v * 10 + Int64(c - 0x30)
      }
      return v
    }
    let separators: [(Int, UInt8)] = [
      (4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A), (19, 0x2E), (23, 0x5A),
    ]
    for (at, ch) in separators where s[b + at] != ch { return nil }
    guard let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2),
      let sec = num(17, 2), let ms = num(20, 3), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60,
      sec < 60, d <= daysIn(month: mo, year: y)
    else { return nil }
    let days = daysFromCivil(y, mo, d)
    return ((days * 24 + h) * 60 + mi) * 60_000 + sec * 1000 + ms
  }

  /// The days of `month` in `year` (proleptic Gregorian): 2000-02-30 is no date.
  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The times the log's format holds: from the epoch (1970-01-01T00:00:00.000Z) to the
  /// last millisecond of year 9999 (four digits of year).
  public static let earliestMillis: Int64 = 0
  public static let latestMillis: Int64 = (daysFromCivil(9999, 12, 31) + 1) * 86_400_000 - 1

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
  /// days-from-civil): the log's times, and an HTTP date's.
  public static func daysFromCivil(_ y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
    let y = m <= 2 ? y0 - 1 : y0
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
    let z = z0 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }
}
