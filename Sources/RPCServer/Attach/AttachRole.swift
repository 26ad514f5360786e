import GalleryCore

/// What an attached client may do (`attach/role`, the owner's `--admit`): `observe` reads
/// the state, the log, history and subscriptions, and every action is refused
/// (`history.observeOnly`); `drive` may also send every action, as the owner's frontend does.
public enum AttachRole: String, Sendable, CaseIterable, Comparable {
  case observe, drive

  /// `drive` includes everything `observe` may do.
  public static func < (a: AttachRole, b: AttachRole) -> Bool { a == .observe && b == .drive }
}

/// An attached client's place at the core: the most its owner admits. The owner's own
/// connection has none (`GalleryServer.attachment` is nil): it drives, and its
/// `initialize` sets the app's shape and start settings.
public struct Attachment: Sendable {
  /// The most a client on the attach point may take (`serve --admit`).
  public var admits: AttachRole
  /// The owner's `--consent destructive`: a driving client may also call what removes the
  /// user's things, signs out or drops credentials (refused with `history.consentNeeded`
  /// otherwise).
  public var consentsToDestructive: Bool

  public init(admits: AttachRole, consentsToDestructive: Bool) {
    self.admits = admits
    self.consentsToDestructive = consentsToDestructive
  }
}
