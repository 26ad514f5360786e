import Foundation

/// The validation policies of the sign-in and registration fields, each answering with the
/// message code of the first rule a value breaks (nil when valid).
public enum FieldValidation {
  /// Email: trimmed; one `@`; a non-empty local part; a domain with a dot (not at either end);
  /// no spaces; at most 254 characters.
  public static func email(_ raw: String) -> String? {
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

  /// Password: 6 to 128 characters. Judged from its length alone, which is all events keep.
  public static func password(length: Int) -> String? {
    if length == 0 { return "password.required" }
    if length < 6 { return "password.tooShort" }
    if length > 128 { return "password.tooLong" }
    return nil
  }

  /// Age: a whole number from 13 to 120; "not a number" and "out of range" differ.
  public static func age(_ raw: String) -> String? {
    let value = raw.trimmingCharacters(in: .whitespaces)
    if value.isEmpty { return "age.required" }
    guard value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) else { return "age.notANumber" }
    guard let n = Int(value), (13...120).contains(n) else { return "age.outOfRange" }
    return nil
  }

  /// The email as it is submitted.
  public static func normalizedEmail(_ raw: String) -> String {
    raw.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
