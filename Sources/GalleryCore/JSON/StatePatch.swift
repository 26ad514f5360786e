/// The JSON Patch from one state's view to the next (`AppState.view`: bookkeeping such as
/// request ids never reaches clients, so a keystroke patches only what it changed), computed on the typed values: a part that is
/// equal (usually the same storage, so the check is immediate) is skipped, lists are compared
/// element by element, and only what changed is encoded. Its result applies exactly like
/// `JSONPatch.diff` of the two whole encoded states (a test holds them equal), at a cost
/// proportional to the change, not to the state.
public enum StatePatch {
  public static func diff(_ old: AppState, _ new: AppState) throws -> [JSONPatch.Operation] {
    var ops: [JSONPatch.Operation] = []
    try list("/route", old.route, new.route, &ops)
    if old.login != new.login {
      let (a, b) = (old.login, new.login)
      try value("/login/email", a.email, b.email, &ops)
      try value("/login/password", a.password, b.password, &ops)
      try form(
        "/login", (a.submitAttempted, a.canSubmit, a.isSubmitting, a.requestID, a.error),
        (b.submitAttempted, b.canSubmit, b.isSubmitting, b.requestID, b.error), &ops)
    }
    if old.registration != new.registration {
      let (a, b) = (old.registration, new.registration)
      try value("/registration/email", a.email, b.email, &ops)
      try value("/registration/password", a.password, b.password, &ops)
      try value("/registration/age", a.age, b.age, &ops)
      try form(
        "/registration", (a.submitAttempted, a.canSubmit, a.isSubmitting, a.requestID, a.error),
        (b.submitAttempted, b.canSubmit, b.isSubmitting, b.requestID, b.error), &ops)
    }
    try value("/session", old.session, new.session, &ops)
    try feed(old.feed, new.feed, &ops)
    try value("/detail", Nullable(wrappedValue: old.detail), Nullable(wrappedValue: new.detail), &ops)
    try albums(old.albums, new.albums, &ops)
    try value("/album", Nullable(wrappedValue: old.album), Nullable(wrappedValue: new.album), &ops)
    try value("/photo", Nullable(wrappedValue: old.photo), Nullable(wrappedValue: new.photo), &ops)
    try account(old.account, new.account, &ops)
    try value("/video", old.video, new.video, &ops)
    try value("/settings", old.settings, new.settings, &ops)
    try value("/connectivity", old.connectivity, new.connectivity, &ops)
    return ops
  }

  /// The fields every account form has besides its inputs.
  private static func form(
    _ path: String, _ a: (Bool, Bool, Bool, Int?, Message?), _ b: (Bool, Bool, Bool, Int?, Message?),
    _ ops: inout [JSONPatch.Operation]
  ) throws {
    try value(path + "/submitAttempted", a.0, b.0, &ops)
    try value(path + "/canSubmit", a.1, b.1, &ops)
    try value(path + "/isSubmitting", a.2, b.2, &ops)
    try value(path + "/error", Nullable(wrappedValue: a.4), Nullable(wrappedValue: b.4), &ops)
  }

  private static func feed(_ a: FeedState, _ b: FeedState, _ ops: inout [JSONPatch.Operation]) throws {
    guard a != b else { return }
    try value("/feed/provider", a.provider, b.provider, &ops)
    try value("/feed/query", a.query, b.query, &ops)
    try value("/feed/activeQuery", a.activeQuery, b.activeQuery, &ops)
    try value("/feed/status", a.status, b.status, &ops)
    try list("/feed/items", a.items, b.items, &ops)
    try value("/feed/page", a.page, b.page, &ops)
    try value("/feed/hasMore", a.hasMore, b.hasMore, &ops)
    try value("/feed/error", Nullable(wrappedValue: a.error), Nullable(wrappedValue: b.error), &ops)
    try value(
      "/feed/emptyNotice", Nullable(wrappedValue: a.emptyNotice), Nullable(wrappedValue: b.emptyNotice), &ops)
    try value("/feed/isOfflineCopy", a.isOfflineCopy, b.isOfflineCopy, &ops)
    try value("/feed/perPage", a.perPage, b.perPage, &ops)
  }

  private static func albums(_ a: AlbumsState, _ b: AlbumsState, _ ops: inout [JSONPatch.Operation]) throws {
    guard a != b else { return }
    try value("/albums/status", a.status, b.status, &ops)
    try list("/albums/sections", a.sections, b.sections, &ops)
    try list("/albums/all", a.all, b.all, &ops)
    try value("/albums/search", a.search, b.search, &ops)
    try value("/albums/notice", Nullable(wrappedValue: a.notice), Nullable(wrappedValue: b.notice), &ops)
    try value("/albums/error", Nullable(wrappedValue: a.error), Nullable(wrappedValue: b.error), &ops)
  }

  private static func account(_ a: AccountState, _ b: AccountState, _ ops: inout [JSONPatch.Operation]) throws
  {
    guard a != b else { return }
    func optional<T: Codable & Equatable & Sendable>(_ name: String, _ x: T?, _ y: T?) throws {
      try value("/account/" + name, Nullable(wrappedValue: x), Nullable(wrappedValue: y), &ops)
    }
    try value("/account/status", a.status, b.status, &ops)
    try value("/account/provider", a.provider, b.provider, &ops)
    try optional("pendingLogin", a.pendingLogin, b.pendingLogin)
    try optional("username", a.username, b.username)
    try optional("accountID", a.accountID, b.accountID)
    try optional("tokenLifetime", a.tokenLifetime, b.tokenLifetime)
    try list("/account/images", a.images, b.images, &ops)
    try value("/account/imagesStatus", a.imagesStatus, b.imagesStatus, &ops)
    try value("/account/imagesPage", a.imagesPage, b.imagesPage, &ops)
    try value("/account/upload", a.upload, b.upload, &ops)
    try list("/account/deleting", a.deleting, b.deleting, &ops)
    try optional("error", a.error, b.error)
  }

  /// A value: skipped when equal, else the JSON diff of its two encodings under `path`.
  private static func value<T: Encodable & Equatable>(
    _ path: String, _ a: T, _ b: T, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    ops += JSONPatch.diff(try AppState.view(a), try AppState.view(b), at: path)
  }

  /// A list: element by element over the common part, then additions or removals at the end.
  private static func list<T: Encodable & Equatable>(
    _ path: String, _ a: [T], _ b: [T], _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    // One element inserted or removed anywhere (an upload on top, a delete, its rollback): one operation.
    if abs(a.count - b.count) == 1 {
      let (long, short) = a.count > b.count ? (a, b) : (b, a)
      let i = short.indices.first { long[$0] != short[$0] } ?? short.count
      if long[(i + 1)...].elementsEqual(short[i...]) {
        ops.append(
          a.count > b.count
            ? JSONPatch.Operation(.remove, "\(path)/\(i)")
            : JSONPatch.Operation(.add, "\(path)/\(i)", try AppState.view(b[i])))
        return
      }
    }
    let common = min(a.count, b.count)
    for i in 0..<common where a[i] != b[i] { try value("\(path)/\(i)", a[i], b[i], &ops) }
    if b.count > common {
      for i in common..<b.count {
        ops.append(JSONPatch.Operation(.add, "\(path)/\(i)", try AppState.view(b[i])))
      }
    } else if a.count > common {
      for i in stride(from: a.count - 1, through: common, by: -1) {
        ops.append(JSONPatch.Operation(.remove, "\(path)/\(i)"))
      }
    }
  }
}
