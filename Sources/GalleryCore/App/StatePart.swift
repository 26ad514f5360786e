/// One top-level member of the state as clients see it: how its change becomes patch
/// operations, and how it is encoded alone (a `state/get` for one part encodes only that
/// part). `AppState.parts` lists them; `StatePatch` and `StatePointer` serve every part
/// the same way, so neither names a feature.
struct StatePart: Sendable {
  typealias Ops = [JSONPatch.Operation]
  /// The member's name, the first token of its pointers.
  let name: String
  /// Where the member's storage is (`CopyOnWrite.identity`): two states whose identities are
  /// equal share the member, so hold the same value, and its patch is skipped for one compare.
  /// Nil for a member held inline (a small value, compared by `patch`).
  let identity: (@Sendable (AppState) -> UInt)?
  /// The operations that take the first state's member to the second's (called only when
  /// their identities differ).
  let patch: @Sendable (AppState, AppState, inout Ops) throws -> Void
  let view: @Sendable (AppState) throws -> JSONValue
  /// Resolves the tokens after the name in less than the whole part, if it can: the value
  /// and how many tokens that used (nil: encode the whole part).
  let narrow: @Sendable (AppState, ArraySlice<String>) throws -> (JSONValue, Int)?

  /// A member held inline, patched as one value (the JSON diff of its two views, when it changed).
  static func value<T: Encodable & Equatable & Sendable>(
    _ name: String, _ get: @escaping @Sendable (AppState) -> T
  )
    -> StatePart
  {
    let path = "/" + name
    return StatePart(
      name: name, identity: nil,
      patch: { a, b, ops in try StatePatch.value(path, get(a), get(b), &ops) },
      view: { try AppState.view(get($0)) }, narrow: { _, _ in nil })
  }

  /// A member held `@CopyOnWrite`, patched as one value: skipped at once when both states share it.
  static func value<T>(_ name: String, _ member: @escaping @Sendable (AppState) -> CopyOnWrite<T>)
    -> StatePart
  {
    let path = "/" + name
    return StatePart(
      name: name, identity: { member($0).identity },
      patch: { a, b, ops in try StatePatch.value(path, member(a).wrappedValue, member(b).wrappedValue, &ops)
      },
      view: { try AppState.view(member($0).wrappedValue) }, narrow: { _, _ in nil })
  }

  /// A list held `@CopyOnWrite`, patched element by element.
  static func list<T: Encodable & Equatable & Sendable>(
    _ name: String, _ member: @escaping @Sendable (AppState) -> CopyOnWrite<[T]>
  ) -> StatePart {
    let path = "/" + name
    return StatePart(
      name: name, identity: { member($0).identity },
      patch: { a, b, ops in try StatePatch.list(path, member(a).wrappedValue, member(b).wrappedValue, &ops) },
      view: { try AppState.view(member($0).wrappedValue) }, narrow: { _, _ in nil })
  }

  /// A member held `@CopyOnWrite` that patches (and may resolve pointers into) itself: a
  /// feature's state.
  static func part<T: StatePatchable>(
    _ name: String, _ member: @escaping @Sendable (AppState) -> CopyOnWrite<T>
  )
    -> StatePart
  {
    let path = "/" + name
    return StatePart(
      name: name, identity: { member($0).identity },
      patch: { a, b, ops in
        let (old, new) = (member(a), member(b))
        try old.withValue { old in try new.withValue { new in try T.patch(old, new, at: path, &ops) } }
      },
      view: { try AppState.view(member($0).wrappedValue) },
      narrow: { state, rest in try member(state).wrappedValue.narrow(rest) })
  }

  /// An open screen held `@BoxedNullable`, patched as one value (`null` or the screen):
  /// skipped at once when both states hold the same box (or none).
  static func value<T>(_ name: String, _ member: @escaping @Sendable (AppState) -> BoxedNullable<T>)
    -> StatePart
  {
    let path = "/" + name
    return StatePart(
      name: name, identity: { member($0).identity },
      patch: { a, b, ops in
        try StatePatch.value(
          path, Nullable(wrappedValue: member(a).wrappedValue),
          Nullable(wrappedValue: member(b).wrappedValue),
          &ops)
      },
      view: { try AppState.view(Nullable(wrappedValue: member($0).wrappedValue)) }, narrow: { _, _ in nil })
  }
}

/// A part of the state with its own patch: lists compared element by element, fields one
/// by one, so a change costs what it changed, not the size of the part.
protocol StatePatchable: Encodable, Equatable, Sendable {
  /// The operations that take `a`'s view to `b`'s, under `path`.
  static func patch(_ a: Self, _ b: Self, at path: String, _ ops: inout [JSONPatch.Operation]) throws
  /// A value inside the part for the pointer tokens `rest`, and how many it used (nil: none).
  func narrow(_ rest: ArraySlice<String>) throws -> (JSONValue, Int)?
}

extension StatePatchable {
  func narrow(_ rest: ArraySlice<String>) throws -> (JSONValue, Int)? { nil }
}
