import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Observers get every change in version order, after the append and outside the store's
/// lock: a slow observer never holds up readers, and concurrent appends stay in order.
final class ChangeFeedTests: XCTestCase {
  func store() throws -> (Store, TemporaryDirectory) {
    let dir = TemporaryDirectory()
    return (try Store(dataDirectory: dir.path, options: Store.Options(durability: .none)), dir)
  }

  func testAnObserverMayReadTheStoreAndABlockedOneHoldsUpNoReader() throws {
    let (store, _dir) = try store()
    _ = _dir
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let seen = Locked<[String]>([])
    let observation = store.observe { change in
      // Reading the store from an observer: the store's lock is not held here.
      seen.mutate { $0.append(store.state.login.email.value) }
      if change.version == 1 {
        entered.signal()
        _ = release.wait(timeout: .now() + 10)
      }
    }
    defer { observation.cancel() }
    let sender = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? store.send(.auth(.setEmail(.login, "a@b.co")))
      sender.signal()
    }
    XCTAssertEqual(entered.wait(timeout: .now() + 10), .success, "the observer saw the change")
    // While the observer is stuck, the state is readable and the version already moved on.
    let read = DispatchSemaphore(value: 0)
    let version = Locked<UInt64>(0)
    Thread.detachNewThread {
      version.mutate { $0 = store.version }
      read.signal()
    }
    XCTAssertEqual(read.wait(timeout: .now() + 5), .success, "a reader is not held up by an observer")
    XCTAssertEqual(version.value, 1)
    XCTAssertEqual(
      sender.wait(timeout: .now() + 0.2), .timedOut, "send returns only once its change is handed on")
    release.signal()
    XCTAssertEqual(sender.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(seen.value, ["a@b.co"])
  }

  func testConcurrentAppendsReachObserversInVersionOrderWithNoGap() throws {
    let (store, _dir) = try store()
    _ = _dir
    let versions = Locked<[(from: UInt64, to: UInt64)]>([])
    let observation = store.observe { change in
      versions.mutate { $0.append((change.version - UInt64(change.events.count), change.version)) }
    }
    defer { observation.cancel() }
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for i in 0..<50 { _ = try? store.send(.auth(.setEmail(.login, "w\(worker)-\(i)@b.co"))) }
    }
    let seen = versions.value
    XCTAssertEqual(seen.count, 400)
    XCTAssertEqual(seen.first?.from, 0)
    for (a, b) in zip(seen, seen.dropFirst()) { XCTAssertEqual(a.to, b.from, "each change follows the last") }
    XCTAssertEqual(seen.last?.to, store.version)
  }

  func testAPublishedStateReadIsOrderedAgainstEveryDelivery() throws {
    let (store, _dir) = try store()
    _ = _dir
    let log = Locked<[String]>([])
    let observation = store.observe { change in log.mutate { $0.append("change \(change.version)") } }
    defer { observation.cancel() }
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for i in 0..<40 {
        if worker == 0 {
          store.withPublishedState { version, _ in log.mutate { $0.append("read \(version)") } }
        } else {
          _ = try? store.send(.auth(.setEmail(.login, "w\(worker)-\(i)@b.co")))
        }
      }
    }
    // Every read of version V comes after the change to V and before the change to V + 1.
    var delivered: UInt64 = 0
    for entry in log.value {
      let parts = entry.split(separator: " ")
      let n = UInt64(parts[1])!
      if parts[0] == "change" {
        XCTAssertEqual(n, delivered + 1, "changes arrive in order")
        delivered = n
      } else {
        XCTAssertEqual(n, delivered, "a read at \(n) sees exactly the changes delivered so far")
      }
    }
    XCTAssertEqual(delivered, 120)
  }
}
