import GalleryCore
import JSON

/// The client's copy of the state's JSON, kept by `state/changed` in version order: a change
/// that does not follow the current version, or whose patch does not fit, asks for the whole
/// state (`needsSync`); changes that arrive meanwhile are held and applied on top of it.
struct StateMirror: Sendable {
  /// One `state/changed`.
  struct Change: Sendable {
    var fromVersion: Int
    var version: Int
    var operations: [JSONPatch.Operation]

    init?(_ params: JSONValue?) {
      guard let from = params?["fromVersion"]?.exactInteger, let to = params?["version"]?.exactInteger,
        case .array(let patch)? = params?["patch"]
      else { return nil }
      let operations = patch.compactMap(JSONPatch.Operation.init(json:))
      guard operations.count == patch.count else { return nil }
      (fromVersion, version, self.operations) = (Int(from), Int(to), operations)
    }
  }

  /// What a change did.
  enum Outcome: Equatable { case applied, ignored, held, needsSync }

  private(set) var document: JSONValue?
  private(set) var version = -1
  /// How many times a gap or a bad patch asked for the whole state.
  private(set) var resyncs = 0
  private var syncing = false
  private var held: [Change] = []

  /// Takes the whole state (`state/get`), then what was held while it was asked for: `.needsSync`
  /// when a held change still does not fit (the caller asks again), else `.applied`.
  mutating func load(_ value: JSONValue, version: Int) -> Outcome {
    if version >= self.version {
      document = value
      self.version = version
    }
    syncing = false
    var waiting = held[...]
    held = []
    while let change = waiting.popFirst() {
      guard apply(change) == .needsSync else { continue }
      // `apply` held it and marked a sync; the rest wait behind it, in order.
      held.append(contentsOf: waiting)
      return .needsSync
    }
    return .applied
  }

  /// The resync's `state/get` failed: the next change tries again.
  mutating func syncFailed() { syncing = false }

  mutating func apply(_ change: Change) -> Outcome {
    if syncing {
      held.append(change)
      return .held
    }
    if change.version <= version { return .ignored }
    if change.fromVersion == version, let doc = document,
      let patched = try? JSONPatch.apply(change.operations, to: doc)
    {
      document = patched
      version = change.version
      return .applied
    }
    syncing = true
    held.append(change)
    resyncs += 1
    return .needsSync
  }
}
