import EventStore

/// An HTTP date (RFC 9110 §5.6.7) in seconds since the epoch: the `Date` of an answer, or a
/// `Retry-After` given as a date. A recipient reads all three forms servers send:
/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime's (`Sun Nov  6 08:49:37 1994`).
/// Our own small parser: no locale machinery, and nothing it reads can be out of range.
enum HTTPDate {
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// The seconds since the epoch `text` names, or nil when it is not an HTTP date. At most
  /// 64 characters are read.
  static func seconds(_ text: String) -> Int64? {
    guard text.utf8.count <= 64 else { return nil }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { String($0).lowercased() }
    var day: Int?
    var month: Int?
    var year: Int?
    var clock: [Int]?
    switch words.count {
    case 6 where words[5] == "gmt":  // Sun, 06 Nov 1994 08:49:37 GMT
      (day, month, year, clock) = (Int(words[1]), monthIndex(words[2]), Int(words[3]), time(words[4]))
    case 4 where words[3] == "gmt":  // Sunday, 06-Nov-94 08:49:37 GMT
      let parts = words[1].split(separator: "-").map(String.init)
      guard parts.count == 3, let yy = Int(parts[2]), parts[2].count == 2 else { return nil }
      // Two digits: the year that is not more than 50 years ahead (RFC 9110 says so).
      (day, month, year, clock) = (
        Int(parts[0]), monthIndex(parts[1]), yy < 70 ? 2000 + yy : 1900 + yy, time(words[2])
      )
    case 5:  // Sun Nov  6 08:49:37 1994
      (day, month, year, clock) = (Int(words[2]), monthIndex(words[1]), Int(words[4]), time(words[3]))
    default:
      return nil
    }
    guard let day, let month, let year, let clock, (1...31).contains(day), (1970...9999).contains(year)
    else { return nil }
    let days = ISOTime.daysFromCivil(Int64(year), Int64(month + 1), Int64(day))
    return days * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])
  }

  private static func monthIndex(_ word: String) -> Int? { months.firstIndex(of: word) }

  /// `hh:mm:ss`, each in range (a leap second read as 59).
  private static func time(_ word: String) -> [Int]? {
    let parts = word.split(separator: ":").compactMap { $0.count == 2 ? Int($0) : nil }
    guard parts.count == 3, parts[0] < 24, parts[1] < 60, parts[2] <= 60 else { return nil }
    return [parts[0], parts[1], min(parts[2], 59)]
  }
}
