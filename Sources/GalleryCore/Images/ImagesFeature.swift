/// Images of every screen, by key: prefetch, cancel, retry, download into the disk cache,
/// and eviction. Each feature says where its images are (`imageSlots`).
enum ImagesFeature: TakesActions, RunsEffects, Resumes, Demonstrates {
  static let name = "images"
  static let events: [any EventPayload.Type] = ImagesEvents.all
  /// Every demo provider's pictures (`demo://photo/N/thumbnail|large`).
  static let demoFiles = [
    DemoFileSource(prefix: "demo://photo/", contentType: "image/bmp") { DemoImages.image(for: $0) }
  ]

  /// Every feature's slots, by target.
  static let slots: [ImageTarget: [ImageSlot]] = Dictionary(
    grouping: GalleryModules.showingImages.flatMap { $0.imageSlots }, by: \.target)
  private static let thumbnails = SlotIndex(slots[.thumbnail] ?? [])
  private static let details = SlotIndex(slots[.detail] ?? [])

  /// The slot `key` belongs to for `target`.
  static func slot(_ key: String, _ target: ImageTarget) -> ImageSlot? {
    (target == .thumbnail ? thumbnails : details).slot(for: key)
  }

  static func image(_ state: AppState, _ key: String, _ target: ImageTarget) -> ImageState? {
    slot(key, target)?.image(state, key)
  }

  static func decide(_ action: ImagesAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .prefetch(let keys):
      let wanted = unique(keys).filter { image(state, $0, .thumbnail)?.status == .notRequested }
      return wanted.isEmpty ? [] : [Event(ImagesEvents.ImagesRequested(keys: wanted, target: .thumbnail))]
    case .cancelPrefetch(let keys):
      let loading = unique(keys).filter { image(state, $0, .thumbnail)?.status == .loading }
      return loading.isEmpty ? [] : [Event(ImagesEvents.ImagesCancelled(keys: loading, target: .thumbnail))]
    case .retry(let key):
      let failed = [ImageTarget.thumbnail, .detail].compactMap { target in
        image(state, key, target).flatMap { $0.status == .failed ? (target, $0.error) : nil }
      }
      // A retry is offered only where it can help (the failure's message says so): the one
      // the state shows with the failure is the one taken.
      let events = failed.filter { $0.1?.retryable != false }.map {
        Event(ImagesEvents.ImagesRequested(keys: [key], target: $0.0))
      }
      guard !events.isEmpty else {
        guard image(state, key, .thumbnail) != nil || image(state, key, .detail) != nil else {
          throw Rejection("feed.unknownKey", ["key": String(key.prefix(200))])
        }
        if let error = failed.first?.1 {
          throw Rejection("feed.imageNotRetryable", ["reason": error.message])
        }
        throw Rejection("feed.imageNotFailed")
      }
      return events
    case .resume:
      let thumbnails = (slots[.thumbnail] ?? []).flatMap { $0.keys(state, .loading) }
      var events: [Event] = []
      if !thumbnails.isEmpty {
        events.append(Event(ImagesEvents.ImagesCancelled(keys: thumbnails, target: .thumbnail)))
      }
      for key in (slots[.detail] ?? []).flatMap({ $0.keys(state, .loading) }) {
        events.append(Event(ImagesEvents.ImagesRequested(keys: [key], target: .detail)))
      }
      return events
    }
  }

  private static func unique(_ keys: [String]) -> [String] {
    var seen = Set<String>()
    return keys.filter { seen.insert($0).inserted }
  }

  static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [.images(.resume)] }

  /// Applies `change` to the images of `keys` for `target`, in whichever slots hold them.
  static func update(
    _ state: inout AppState, _ keys: [String], _ target: ImageTarget, _ change: (inout ImageState) -> Void
  ) {
    let index = target == .thumbnail ? thumbnails : details
    // Most updates name one image: one slot, and comparing beats building a set.
    if keys.count == 1 { return update(&state, key: keys[0], target, change) }
    // A few slots, in order; a page's keys (20) are told apart faster by comparing than by
    // hashing them into a set, which only a longer list is worth.
    var bySlot = [[String]](repeating: [], count: index.slots.count)
    for key in keys { if let i = index.position(of: key) { bySlot[i].append(key) } }
    for (i, mine) in bySlot.enumerated() where !mine.isEmpty {
      if mine.count <= 32 {
        index.slots[i].update(&state, .list(mine), { mine.contains($0) }, change)
      } else {
        let set = Set(mine)
        index.slots[i].update(&state, .list(mine), { set.contains($0) }, change)
      }
    }
  }

  /// `update` for one image (a thumbnail's result, the most frequent event): its slot used
  /// where it stands (a copy of it retained each of its closures) and no list made.
  static func update(
    _ state: inout AppState, key: String, _ target: ImageTarget, _ change: (inout ImageState) -> Void
  ) {
    let index = target == .thumbnail ? thumbnails : details
    if let i = index.position(of: key) { index.slots[i].update(&state, .one(key), { $0 == key }, change) }
  }

  static let handlers: [EventHandler] = [
    // Back online, an open photo's large image that failed for want of a network loads again.
    .plan(FeedEvents.ConnectivityChanged.self) { e, state in
      guard e.online else { return [] }
      return (slots[.detail] ?? []).flatMap { $0.keys(state, .failed) }.filter {
        image(state, $0, .detail)?.error?.saysOffline == true
      }.map { .dispatch(.images(.retry($0))) }
    },
    // The open photo's large image is no longer shown once its screen closed with the session.
    .plan(NavigationEvents.ScreensClosed.self) { _, _ in [.images(.cancelAll(target: .detail))] },
    // The cache's budget is a setting: a smaller one evicts at once (a no-op when unchanged).
    .plan(SettingsEvents.Changed.self) { _, state in
      [.images(.setCacheBudget(megabytes: state.settings.imageCacheMegabytes))]
    },
    .fold(ImagesEvents.ImageLoaded.self) { state, e in
      update(&state, key: e.key, e.target) { image in image = ImageState(status: .loaded, path: e.path) }
    },
    .fold(ImagesEvents.ImagesRequested.self) { state, e in
      update(&state, e.keys, e.target) { image in
        image.status = .loading
        image.error = nil
        image.path = nil
      }
    },
    .fold(ImagesEvents.ImagesCancelled.self) { state, e in
      update(&state, e.keys, e.target) { image in
        if image.status == .loading { image = ImageState() }
      }
    },
    .fold(ImagesEvents.ImageFailed.self) { state, e in
      let error = state.message(for: e.failure).retrying("images/retry", ["key": .string(e.key)])
      update(&state, key: e.key, e.target) { image in
        if image.status == .loading { image = ImageState(status: .failed, error: error) }
      }
    },
    // Every image whose file the cache evicted goes back to not requested.
    .fold(ImagesEvents.ImagesEvicted.self) { state, e in
      let paths = Set(e.paths)
      for slot in slots.values.joined() {
        slot.update(&state, .every, { _ in true }) { image in
          if let path = image.path, paths.contains(path) { image = ImageState() }
        }
      }
    },
    // Declared offline, the cache alone serves; what must be looked up first fails at once.
    .plan(ImagesEvents.ImagesRequested.self) { e, state in
      let offline = state.connectivity == .offline
      var cutOff: [Event] = []
      let effects: [Effect] = e.keys.compactMap { key in
        guard let slot = slot(key, e.target) else { return nil }
        if let url = slot.url(state, key) {
          return .images(.download(key: key, target: e.target, url: url, offline: offline))
        }
        guard offline, slot.locate != nil else { return slot.locate?(key) }
        cutOff.append(Event(ImagesEvents.ImageFailed(key: key, target: e.target, failure: .declaredOffline)))
        return nil
      }
      return cutOff.isEmpty ? effects : effects + [.record(cutOff)]
    },
    .plan(ImagesEvents.ImagesCancelled.self) { e, _ in [.images(.cancel(keys: e.keys, target: e.target))] },
  ]
}

/// The slots of one target, found by key prefix with a few byte comparisons.
private struct SlotIndex: Sendable {
  let slots: [ImageSlot]
  private let prefixed: [(prefix: [UInt8], position: Int)]
  private let fallback: Int?

  init(_ slots: [ImageSlot]) {
    self.slots = slots
    prefixed = slots.indices.compactMap { i in slots[i].prefix.map { (Array($0.utf8), i) } }
    fallback = slots.indices.first { slots[$0].prefix == nil }
  }

  func position(of key: String) -> Int? {
    var key = key
    return key.withUTF8 { bytes in
      for (prefix, position) in prefixed
      where bytes.count >= prefix.count && prefix.indices.allSatisfy({ bytes[$0] == prefix[$0] }) {
        return position
      }
      return fallback
    }
  }

  func slot(for key: String) -> ImageSlot? { position(of: key).map { slots[$0] } }
}

extension AppState {
  /// Whether some screen shows the image `key` (as a thumbnail or a large image).
  public func showsImage(_ key: String) -> Bool {
    ImagesFeature.image(self, key, .thumbnail) != nil || ImagesFeature.image(self, key, .detail) != nil
  }
}

extension ImagesFeature {
  /// Images live in the members of the features that show them (`ShowsImages`).
  static let stateParts: [StatePart] = []
  /// Nothing to close or restart: the cache on disk outlives the process by itself.
  static func interruptedWork(_ state: AppState) -> [Event] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  /// The demo walk shows images in other features' scenes.
  static func demoScene(in directory: String) throws -> DemoScene? { nil }
}
