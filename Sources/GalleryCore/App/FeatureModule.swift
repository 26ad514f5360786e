/// One feature of the app. A feature implements this once, in its own folder, and plugs in
/// by one line in `GalleryModules.all`; the event registry, event routing, recovery and
/// start-up are derived from that list.
protocol FeatureModule: Sendable {
  /// Its action type, if a frontend or the runtime can ask it for something (`Action` carries
  /// one; decoding an `Action` finds the type here).
  static var actions: (any FeatureAction.Type)? { get }
  /// Its effect type, if it has work outside the fold (`Effect.feature` carries one; its
  /// `start` runs them).
  static var effects: (any FeatureEffect.Type)? { get }
  /// The event types this feature records: it alone owns them (their fold and their schema).
  static var events: [any EventPayload.Type] { get }
  /// How it folds events and plans effects: for each of its own event types, and for any
  /// other feature's event it reacts to (named here, so a cross-feature reaction is visible).
  static var handlers: [EventHandler] { get }
  /// Runs after its folds of any event it handles (a derived part of its state kept in step).
  static var afterFold: (@Sendable (inout AppState) -> Void)? { get }
  /// Actions sent once the state is recovered, to resume or refresh with the providers now
  /// configured.
  static func startupActions(_ environment: GalleryEnvironment) -> [Action]
  /// Events that close work a stopped process left in flight, so nothing waits forever.
  static func interruptedWork(_ state: AppState) -> [Event]
  /// Effects the recovered state needs running again (timers a stopped process lost), at
  /// `now` (the log's clock, milliseconds since the epoch; read only when needed, so a
  /// session driven by a counting clock writes the same times).
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect]
  /// Removes the files it keeps under the data directory that `state` no longer names
  /// (run at start-up, after recovery).
  static func sweepFiles(_ state: AppState, dataDirectory: String)
  /// Starts `effect` if it is one of this feature's (its runner lives in the feature's
  /// folder); false otherwise.
  static func start(_ effect: Effect, in runtime: EffectRuntime) -> Bool
  /// Actions to send once a settings change swapped the providers for `environment`'s.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action]
  /// The members of `AppState` it owns, as clients see them: how each is patched and encoded
  /// alone. `AppState.parts` gathers them in the order `AppState` declares its members.
  static var stateParts: [StatePart] { get }
  /// The steps that upgrade a persisted state after its part changed shape (`StateFormat`).
  static var stateUpgrades: [StateUpgrade] { get }
  /// Where it shows images, by key prefix and target (the Images module serves them).
  static var imageSlots: [ImageSlot] { get }
  /// The environment keys of its providers (each gets its default in a new environment).
  static var providerKeys: [any ProviderKey.Type] { get }
  /// How users choose its provider (flags, settings), if they can.
  static var providerChoice: ProviderChoice? { get }
  /// Hands `vault` what an accepted `action` carries besides its events (a password, a
  /// redirect with tokens): memory only, never the log.
  static func keepSecrets(of action: Action, in vault: SecretVault)
  /// The file a refused `action` staged that nothing will use (`state`: the state it was
  /// refused in, which may still name the same file).
  static func unusedFile(ofRefused action: Action, in state: AppState) -> String?
  /// The photo it shows under `key` in `state`, described for another feature to keep.
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard?
  /// Its top-level screen, if it has one.
  static var tab: TabDeclaration? { get }
  /// Every screen it shows (the values `/route/N/screen` may take).
  static var screens: [Route.Screen] { get }
  /// The texts of the message codes it shows, by language.
  static var messages: [Language: [String: String]] { get }
  /// The provider area `action` asks again (a reload, a retry), if it is one of this
  /// feature's: while that area asked to wait (`/rateLimited`), the action is refused.
  static func retryArea(of action: Action) -> ProviderArea?
  /// Its scene of `gallery-rpc demo`'s walk on the demo providers, if it has one
  /// (`directory`: the walk's data directory, for a file to upload).
  static func demoScene(in directory: String) throws -> DemoScene?
  /// The actions a random session may send it (`ActionSample`), if it takes any.
  static var actionSample: ActionSample? { get }
  /// The area its provider requests report in (`/unreachable`, `/rateLimited`), if any.
  static var providerArea: ProviderArea? { get }
  /// The sections it keeps in the credentials file (tokens), if any.
  static var credentialSections: [any CredentialSection.Type] { get }
  /// The files its demo provider's `demo://` links name, if any (`DemoFileSource`).
  static var demoFiles: [DemoFileSource] { get }
}

extension FeatureModule {
  static var actions: (any FeatureAction.Type)? { nil }
  static var effects: (any FeatureEffect.Type)? { nil }
  static var afterFold: (@Sendable (inout AppState) -> Void)? { nil }
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [] }
  static func interruptedWork(_ state: AppState) -> [Event] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  static func sweepFiles(_ state: AppState, dataDirectory: String) {}
  static func start(_ effect: Effect, in runtime: EffectRuntime) -> Bool { false }
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] { [] }
  static var stateParts: [StatePart] { [] }
  static var stateUpgrades: [StateUpgrade] { [] }
  static var imageSlots: [ImageSlot] { [] }
  static var providerKeys: [any ProviderKey.Type] { [] }
  static var providerChoice: ProviderChoice? { nil }
  static var tab: TabDeclaration? { nil }
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? { nil }
  static func keepSecrets(of action: Action, in vault: SecretVault) {}
  static func unusedFile(ofRefused action: Action, in state: AppState) -> String? { nil }
  static var screens: [Route.Screen] { [] }
  static var messages: [Language: [String: String]] { [:] }
  static func retryArea(of action: Action) -> ProviderArea? { nil }
  static func demoScene(in directory: String) throws -> DemoScene? { nil }
  static var actionSample: ActionSample? { nil }
  static var providerArea: ProviderArea? { nil }
  static var credentialSections: [any CredentialSection.Type] { [] }
  static var demoFiles: [DemoFileSource] { [] }
}
