import Synchronization

/// Every event type this build knows and the steps each one runs through, derived from the
/// module list: an event type is owned by exactly one feature (which must fold it, even if
/// only to say it changes nothing), and any other feature that handles it names it itself.
struct EventRegistry: Sendable {
  typealias Fold = @Sendable (inout AppState, any EventPayload) -> Void
  typealias Plan = @Sendable (any EventPayload, AppState) -> [Effect]

  /// What one event type goes through: the folds (with each feature's `KeepsDerivedState.afterFold`) and the
  /// effect planners, in module order.
  struct Route: Sendable {
    var folds: [Fold] = []
    var plans: [Plan] = []
  }

  /// Every registered type by its log name.
  let types: [String: any EventPayload.Type]
  /// Every registered type by its log name, with what decoding it needs to know of it (found
  /// at its first decode: asking for every type at start-up would cost 40 M instructions).
  let decoders: [String: EventDecoding]
  /// Registration order (the log names of every type).
  let registered: [any EventPayload.Type]
  private let routes: [ObjectIdentifier: Route]
  /// Why the modules do not fit together (empty when they do).
  let problems: [String]

  init(_ modules: [any FeatureModule.Type]) {
    var types: [String: any EventPayload.Type] = [:]
    var registered: [any EventPayload.Type] = []
    var owner: [ObjectIdentifier: String] = [:]
    var problems: [String] = []
    for module in modules {
      for t in module.events {
        if let first = owner[ObjectIdentifier(t)] ?? types[t.type].map({ _ in "another type" }) {
          problems.append("event type \(t.type) is registered twice (by \(first) and \(module))")
          continue
        }
        owner[ObjectIdentifier(t)] = "\(module)"
        types[t.type] = t
        registered.append(t)
      }
    }
    var routes: [ObjectIdentifier: Route] = [:]
    for module in modules {
      let handlers = module.handlers
      var seen = Set<ObjectIdentifier>()
      for handler in handlers {
        let id = ObjectIdentifier(handler.type)
        guard owner[id] != nil else {
          problems.append("\(module) handles \(handler.type.type), which no module registers")
          continue
        }
        seen.insert(id)
        switch handler.role {
        case .fold(let fold): routes[id, default: Route()].folds.append(fold)
        case .plan(let plan): routes[id, default: Route()].plans.append(plan)
        }
      }
      if let derived = module.asKeepsDerivedState {
        for id in seen { routes[id, default: Route()].folds.append { state, _ in derived.afterFold(&state) } }
      }
    }
    for module in modules {
      let folded = Set(
        module.handlers.compactMap { h -> ObjectIdentifier? in
          if case .fold = h.role { return ObjectIdentifier(h.type) }
          return nil
        })
      for t in module.events where !folded.contains(ObjectIdentifier(t)) {
        problems.append(
          "\(module) registers \(t.type) but does not fold it (use .ignore if it changes nothing)")
      }
    }
    self.types = types
    self.decoders = types.mapValues(EventDecoding.init)
    self.registered = registered
    self.routes = routes
    self.problems = problems
  }

  /// The registry of this build; a module list that does not fit together stops the process
  /// at its first use, never silently.
  static let app: EventRegistry = {
    let registry = EventRegistry(GalleryModules.all)
    precondition(registry.problems.isEmpty, registry.problems.joined(separator: "\n"))
    return registry
  }()

  /// Each event type whose fast reader left lines to the general decoder in this process,
  /// with how many (a line this build wrote never should: `GeneratedShapesTests`).
  var fallbacks: [String: Int] {
    decoders.compactMapValues { $0.fallbacks.value > 0 ? $0.fallbacks.value : nil }
  }

  /// The steps `payload` goes through (none for a type no module handles).
  func route(of payload: any EventPayload) -> Route? {
    routes[ObjectIdentifier(type(of: payload))]
  }
}

/// An event type with what decoding it needs to know of it, found at its first decode and
/// kept (`TapeDecoding`): one per registered type, for the life of the registry.
final class EventDecoding: Sendable {
  let type: any EventPayload.Type
  private let found = Mutex<TapeDecoding?>(nil)
  /// The lines of this type its fast reader left to the general decoder (`FallbackCount`).
  let fallbacks = FallbackCount()

  init(_ type: any EventPayload.Type) { self.type = type }

  /// What decoding `type` needs to know of it.
  var known: TapeDecoding {
    found.withLock { found in
      if let known = found { return known }
      let known = TapeDecoding(type, counting: fallbacks)
      found = known
      return known
    }
  }
}
