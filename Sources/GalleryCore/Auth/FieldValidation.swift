import Foundation

/// The validation policies of the sign-in and registration fields, each answering with the
/// message code of the first rule a value breaks (nil when valid).
public enum FieldValidation {
  /// Email: trimmed; one `@`; a non-empty local part; a domain with a dot (not at either end);
  /// no spaces; at most 254 characters.
  public static func email(_ raw: String) -> String? {
    // Every keystroke of a replayed session is judged again: plain ASCII (nearly every
    // address) skips Foundation's trimming and grapheme breaking, with the same answers.
    if let verdict = asciiEmail(raw) { return verdict }
    return emailByCharacters(raw)
  }

  /// `email` for any text, by Characters (the reference the ASCII path must agree with).
  static func emailByCharacters(_ raw: String) -> String? {
    let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if value.isEmpty { return "email.required" }
    if value.count > 254 { return "email.tooLong" }
    let parts = value.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !value.contains(where: \.isWhitespace) else {
      return "email.invalid"
    }
    let domain = parts[1]
    guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else {
      return "email.invalid"
    }
    return nil
  }

  /// `email` on bytes: nil when `raw` is not all ASCII, else the verdict (`.some(nil)`: valid).
  private static func asciiEmail(_ raw: String) -> String?? {
    var raw = raw
    return raw.withUTF8 { b -> String?? in
      guard b.allSatisfy({ $0 < 0x80 }) else { return nil }
      func space(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
      var lo = 0
      var hi = b.count
      while lo < hi, space(b[lo]) { lo += 1 }
      while hi > lo, space(b[hi - 1]) { hi -= 1 }
      if lo == hi { return "email.required" }
      var characters = hi - lo  // "\r\n" is one Character
      for k in lo..<(hi - 1) where b[k] == 0x0D && b[k + 1] == 0x0A { characters -= 1 }
      if characters > 254 { return "email.tooLong" }
      var at: Int?
      for k in lo..<hi {
        if space(b[k]) { return "email.invalid" }
        if b[k] == UInt8(ascii: "@") {
          if at != nil { return "email.invalid" }
          at = k
        }
      }
      guard let at, at > lo else { return "email.invalid" }
      let domain = b[(at + 1)..<hi]
      let dot = UInt8(ascii: ".")
      guard domain.contains(dot), domain.first != dot, domain.last != dot,
        !zip(domain, domain.dropFirst()).contains(where: { $0 == dot && $1 == dot })
      else { return "email.invalid" }
      return .some(nil)
    }
  }

  /// Password: 6 to 128 characters. Judged from its length alone, which is all events keep.
  public static func password(length: Int) -> String? {
    if length == 0 { return "password.required" }
    if length < 6 { return "password.tooShort" }
    if length > 128 { return "password.tooLong" }
    return nil
  }

  /// Age: a whole number from 13 to 120; "not a number" and "out of range" differ (a signed
  /// number such as "-5" is a number, out of range).
  public static func age(_ raw: String) -> String? {
    let value = raw.trimmingCharacters(in: .whitespaces)
    if value.isEmpty { return "age.required" }
    let digits = value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      return "age.notANumber"
    }
    guard let n = Int(value), (13...120).contains(n) else { return "age.outOfRange" }
    return nil
  }

  /// The email as it is submitted.
  public static func normalizedEmail(_ raw: String) -> String {
    raw.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
