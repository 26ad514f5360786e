import EventStore
import Foundation

/// Turns events into log lines and back, through the registry of every event type.
/// The registry is derived from the module list (`GalleryModules`).
public enum EventCodec {
  /// Every event type this build knows, in the module list's order.
  public static var registered: [any EventPayload.Type] { EventRegistry.app.registered }

  /// Each event type whose fast reader (`JSONReadable`) left lines to the general decoder in
  /// this process, with how many: slower, never wrong, so counted to be seen (the bench's
  /// replay prints it).
  public static var fallbacks: [String: Int] { EventRegistry.app.fallbacks }

  /// The compact JSON of a payload (sorted keys): written by the payload itself where it can
  /// (`JSONWritable`, the same bytes), by the encoder otherwise.
  public static func encodeData(_ payload: any EventPayload) throws -> [UInt8] {
    var out = JSONOutput(capacity: 96)
    return payload.writeData(to: &out) ? out.bytes : try JSONValueEncoder().encodeBytes(payload)
  }

  /// The log's form of an event.
  public static func encode(_ event: Event) throws -> NewEvent {
    NewEvent(
      type: event.type, version: Swift.type(of: event.payload).version,
      writtenData: try encodeData(event.payload))
  }

  /// Why `record` cannot be replayed by this build (nil: it can), and whether a newer build
  /// wrote it: the judgement `verify` and `repair` share with replay.
  public static func problem(_ record: EventRecord) -> PayloadProblem? {
    do {
      _ = try decode(record)
      return nil
    } catch let error as EventDecodingError {
      return PayloadProblem(reason: "\(error)", writtenByNewerBuild: error.writtenByNewerBuild)
    } catch { return PayloadProblem(reason: "\(error)", writtenByNewerBuild: false) }
  }

  /// The event a log record holds.
  public static func decode(_ record: EventRecord) throws -> Event {
    try decode(type: record.type, version: record.version, data: record.data)
  }

  static func decode(type: String, version: Int, data: [UInt8]) throws -> Event {
    guard let t = EventRegistry.app.decoders[type] else {
      throw EventDecodingError(
        type: type, reason: "unknown event type, written by a newer build",
        writtenByNewerBuild: true)
    }
    return Event(erased: try t.type.decoded(from: data, version: version, knowing: t.known))
  }
}

extension Event {
  init(erased payload: any EventPayload) { self.payload = payload }
}
