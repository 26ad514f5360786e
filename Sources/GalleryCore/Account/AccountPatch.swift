/// The account screen's part of a patch: fields one by one, images element by element.
extension AccountState: StatePatchable {
  static func patch(_ a: AccountState, _ b: AccountState, at path: String, _ ops: inout [JSONPatch.Operation])
    throws
  {
    guard a != b else { return }
    func optional<T: Codable & Equatable & Sendable>(_ name: String, _ x: T?, _ y: T?) throws {
      try StatePatch.value(path + "/" + name, Nullable(wrappedValue: x), Nullable(wrappedValue: y), &ops)
    }
    try StatePatch.value(path + "/status", a.status, b.status, &ops)
    try StatePatch.value(path + "/provider", a.provider, b.provider, &ops)
    try optional("pendingLogin", a.pendingLogin, b.pendingLogin)
    try optional("username", a.username, b.username)
    try optional("accountID", a.accountID, b.accountID)
    try optional("tokenLifetime", a.tokenLifetime, b.tokenLifetime)
    try StatePatch.list(path + "/images", a.images, b.images, &ops)
    try StatePatch.value(path + "/imagesStatus", a.imagesStatus, b.imagesStatus, &ops)
    try StatePatch.value(path + "/imagesPage", a.imagesPage, b.imagesPage, &ops)
    try StatePatch.value(path + "/upload", a.upload, b.upload, &ops)
    try StatePatch.list(path + "/deleting", a.deleting, b.deleting, &ops)
    try optional("error", a.error, b.error)
  }
}

extension AccountFeature {
  /// `/account`, patched field by field and image by image.
  static let stateParts: [StatePart] = [.part("account") { $0.$account }]
}
