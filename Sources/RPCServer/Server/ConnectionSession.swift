import GalleryCore
import JSONRPC

/// What one connection's server changes while it serves, as one value: its phase, the role
/// an attached client chose, whether `exit` came, its observation of the store and the
/// baseline its `state/changed` patches start from, the changes coalesced for one read, its
/// `events/subscribe`, its cancellable long requests and the work it reports `$/progress` on.
/// `GalleryServer.session` owns it (a `Mutex`), never held across a read or a write.
struct ConnectionSession: Sendable {
  enum Phase: Sendable { case starting, running, shuttingDown }

  var phase = Phase.starting
  /// What an attached client chose (`attach/role`, before `initialize`); the owner drives.
  var role = AttachRole.observe
  var exitRequested = false
  var observation: StoreObservation?
  /// The state the last `state/changed` brought the client to, held as the change that brought
  /// it (the change keeps its state by reference: taking or keeping it copies no state).
  var baseline = Store.StateChange(version: 0, state: AppState(), events: [])
  /// While the reader serves one read's messages under `--durability fsync` (their answers
  /// wait for the shared fsync anyway), changes are folded into one `state/changed` sent
  /// before those answers: one diff per read instead of one per request.
  var coalescing = false
  /// The latest change not yet published while coalescing, and the version it starts from.
  var coalesced: (change: Store.StateChange, from: UInt64)?
  /// This connection's `events/subscribe`, if any (one per connection).
  var subscription: SubscriptionDelivery?
  /// Long requests running, by id, with the flag `$/cancelRequest` sets (at most
  /// `GalleryServer.maxLongRequests`).
  var cancellable: [RPCID: CancelFlag] = [:]
  /// Long work reporting `$/progress` (an upload), as its method declares it.
  var watchedWork: [WatchedWork] = []
}
