/// The JSON Patch from one state's view to the next (`AppState.view`: bookkeeping such as
/// request ids never reaches clients, so a keystroke patches only what it changed), computed on the typed values: a part that is
/// equal (usually the same storage, so the check is immediate) is skipped, lists are compared
/// element by element, and only what changed is encoded. Its result applies exactly like
/// `JSONPatch.diff` of the two whole encoded states (a test holds them equal), at a cost
/// proportional to the change, not to the state.
public enum StatePatch {
  public static func diff(_ old: AppState, _ new: AppState) throws -> [JSONPatch.Operation] {
    var ops: [JSONPatch.Operation] = []
    // Read in place (no copy of a part, so no retain of its closures), shared parts skipped.
    try AppState.parts.withUnsafeBufferPointer { parts in
      for i in parts.indices {
        if let identity = parts[i].identity, identity(old) == identity(new) { continue }
        try parts[i].patch(old, new, &ops)
      }
    }
    return ops
  }

  /// `base` + "/" + `member` made in one step (a small path stays inline; `+` on strings goes
  /// through a generic append per piece).
  static func path(_ base: String, _ member: StaticString) -> String {
    var base = base
    return base.withUTF8 { head in
      let tail = UnsafeBufferPointer(start: member.utf8Start, count: member.utf8CodeUnitCount)
      return String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { out in
        _ = out.initialize(fromContentsOf: head)
        out[head.count] = UInt8(ascii: "/")
        _ = out.extracting((head.count + 1)...).initialize(fromContentsOf: tail)
        return head.count + 1 + tail.count
      }
    }
  }

  /// An optional member published as `null` when nil (`Nullable`): compared as it is held,
  /// wrapped only when it changed.
  static func nullable<T: Codable & Equatable & Sendable>(
    _ path: @autoclosure () -> String, _ a: T?, _ b: T?, _ ops: inout [JSONPatch.Operation]
  ) throws {
    // Matched, not compared to nil: `== nil` copies the value first.
    if case .none = a, case .none = b { return }
    guard a != b else { return }
    try value(path(), Nullable(wrappedValue: a), Nullable(wrappedValue: b), &ops)
  }

  /// A value: skipped when equal, else the JSON diff of its two encodings under `path` (built
  /// only then: most members of most parts are unchanged by an action).
  static func value<T: Encodable & Equatable>(
    _ path: @autoclosure () -> String, _ a: T, _ b: T, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    // A leaf (a keystroke's text, a flag) is its own view: no encoder run.
    if let new = JSONValueEncoder.leaf(b), let old = JSONValueEncoder.leaf(a) {
      switch new {
      case .object, .array: ops += JSONPatch.diff(old, new, at: path())
      // A scalar that changed is one `replace`, as the diff of the two would say.
      default: ops.append(JSONPatch.Operation(.replace, path(), new))
      }
    } else {
      ops += JSONPatch.diff(try AppState.view(a), try AppState.view(b), at: path())
    }
  }

  /// A collection published as an object keyed by `key`: removed keys, then changed and added
  /// ones, each under its own key (so a preview loading patches that card alone).
  static func keyed<C: Collection & Equatable>(
    _ path: @autoclosure () -> String, _ a: C, _ b: C, key: (C.Element) -> String,
    _ ops: inout [JSONPatch.Operation]
  ) throws where C.Element: Encodable & Equatable {
    guard a != b else { return }
    let path = path()
    let old = Dictionary(a.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(b.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    for element in a where new[key(element)] == nil {
      ops.append(JSONPatch.Operation(.remove, "\(path)/\(JSONPointer.escape(key(element)))"))
    }
    for element in b {
      let k = key(element)
      let member = "\(path)/\(JSONPointer.escape(k))"
      if let before = old[k] {
        try value(member, before, element, &ops)
      } else {
        ops.append(JSONPatch.Operation(.add, member, try AppState.view(element)))
      }
    }
  }

  /// How many elements from `a[i]` and `b[j]` on are equal before the first that differs
  /// (`count` when none does), compared where they lie: an `==` through an element copied out
  /// of the array (as `elementsEqual` and a subscript in a loop do) retains and releases each
  /// of its members, three times the compare itself for a kept photo.
  static func firstDifference<T: Equatable>(_ a: [T], _ i: Int, _ b: [T], _ j: Int, count: Int) -> Int {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        guard count > 0 else { return 0 }
        // The same storage at the same place: equal throughout.
        if a.baseAddress! + i == b.baseAddress! + j { return count }
        var k = 0
        while k < count, (a.baseAddress! + i + k).pointee == (b.baseAddress! + j + k).pointee { k += 1 }
        return k
      }
    }
  }

  /// A list: element by element over the common part, then additions or removals at the end.
  static func list<T: Encodable & Equatable>(
    _ path: @autoclosure () -> String, _ a: [T], _ b: [T], _ ops: inout [JSONPatch.Operation]
  ) throws {
    try list(path(), a, b, &ops) { path, a, b, ops in try value(path, a, b, &ops) }
  }

  /// A list of elements that patch themselves (a row whose thumbnail loaded patches the
  /// thumbnail, not an encoding of the whole row twice): chosen by the compiler where the
  /// element type is known, so no cast asks the runtime at each change.
  static func list<T: StatePatchable>(
    _ path: @autoclosure () -> String, _ a: [T], _ b: [T], _ ops: inout [JSONPatch.Operation]
  ) throws {
    try list(path(), a, b, &ops) { path, a, b, ops in try T.patch(a, b, at: path, &ops) }
  }

  private static func list<T: Encodable & Equatable>(
    _ path: String, _ a: [T], _ b: [T], _ ops: inout [JSONPatch.Operation],
    element: (String, T, T, inout [JSONPatch.Operation]) throws -> Void
  ) throws {
    if a.count == b.count, firstDifference(a, 0, b, 0, count: a.count) == a.count { return }
    // Mostly removed (a sign-out's favorites, a refresh's first page in place of many): the
    // new list in one `replace`, not a `remove` per element gone.
    if a.count - b.count > max(1, b.count) {
      ops.append(JSONPatch.Operation(.replace, path, try AppState.view(b)))
      return
    }
    // One element inserted or removed anywhere (an upload on top, a delete, its rollback): one operation.
    if abs(a.count - b.count) == 1 {
      let (long, short) = a.count > b.count ? (a, b) : (b, a)
      let i = firstDifference(long, 0, short, 0, count: short.count)
      if firstDifference(long, i + 1, short, i, count: short.count - i) == short.count - i {
        ops.append(
          a.count > b.count
            ? JSONPatch.Operation(.remove, "\(path)/\(i)")
            : JSONPatch.Operation(.add, "\(path)/\(i)", try AppState.view(b[i])))
        return
      }
    }
    let common = min(a.count, b.count)
    var i = 0
    while i < common {
      i += firstDifference(a, i, b, i, count: common - i)
      guard i < common else { break }
      try element("\(path)/\(i)", a[i], b[i], &ops)
      i += 1
    }
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
