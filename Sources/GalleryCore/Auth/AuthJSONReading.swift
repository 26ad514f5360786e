/// Replay's fast paths for the keystroke events (see `JSONReadable`): a sign-in or a
/// registration records one per character typed.
extension AuthEvents.FieldEdited: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.read(written: readWritten, members: readMembers)
  }

  /// The writer's layout: `{"field":…,"form":…,"value":…}`.
  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.open(UInt8(ascii: "{"))
    try r.expectMember(#""field":"#)
    let field = try r.plainCase(AuthTextField.self)
    try r.expectMember(#""form":"#)
    let form = try r.plainCase(AuthForm.self)
    try r.expectMember(#""value":"#)
    let value = try r.plainText()
    guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
    return Self(form: form, field: field, value: value)
  }

  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var form: AuthForm?
    var field: AuthTextField?
    var value: String?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "field": try r.value(into: &field)
      case "form": try r.value(into: &form)
      case "value": try r.string(into: &value)
      default: try r.skip()
      }
    }
    guard let form, let field, let value else { throw JSONReader.Unusual() }
    return Self(form: form, field: field, value: value)
  }
}

/// A password keystroke: only its length is recorded.
extension AuthEvents.PasswordEdited: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.read(written: readWritten, members: readMembers)
  }

  /// The writer's layout: `{"form":…,"length":…}`.
  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.open(UInt8(ascii: "{"))
    try r.expectMember(#""form":"#)
    let form = try r.plainCase(AuthForm.self)
    try r.expectMember(#""length":"#)
    let length = try r.plainInt()
    guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
    return Self(form: form, length: length)
  }

  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var form: AuthForm?
    var length: Int?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "form": try r.value(into: &form)
      case "length": try r.int(into: &length)
      default: try r.skip()
      }
    }
    guard let form, let length else { throw JSONReader.Unusual() }
    return Self(form: form, length: length)
  }
}

/// A form sent or accepted (one each per sign-in): the same members, so one reader each way.
extension AuthEvents.Submitted: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    let (form, requestID, email) = try r.read(written: AuthReply.readWritten, members: AuthReply.readMembers)
    return Self(form: form, requestID: requestID, email: email)
  }
}

extension AuthEvents.Succeeded: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    let (form, requestID, email) = try r.read(written: AuthReply.readWritten, members: AuthReply.readMembers)
    return Self(form: form, requestID: requestID, email: email)
  }
}

/// The members a submitted and an accepted form share: `form`, `requestID`, `email`.
private enum AuthReply {
  typealias Members = (form: AuthForm, requestID: Int, email: String)

  /// The writer's layout: `{"email":…,"form":…,"requestID":…}`.
  static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Members {
    try r.open(UInt8(ascii: "{"))
    try r.expectMember(#""email":"#)
    let email = try r.plainText()
    try r.expectMember(#""form":"#)
    let form = try r.plainCase(AuthForm.self)
    try r.expectMember(#""requestID":"#)
    let requestID = try r.plainInt()
    guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
    return (form, requestID, email)
  }

  static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Members {
    var form: AuthForm?
    var requestID: Int?
    var email: String?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "email": try r.string(into: &email)
      case "form": try r.value(into: &form)
      case "requestID": try r.int(into: &requestID)
      default: try r.skip()
      }
    }
    guard let form, let requestID, let email else { throw JSONReader.Unusual() }
    return (form, requestID, email)
  }
}

/// Signed out: no members (any unknown ones skipped).
extension AuthEvents.SignedOut: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.enterObject()
    while try r.nextMember() != nil { try r.skip() }
    return Self()
  }
}
