import EventStore

/// Decodes a log's records in order, finding a type's decoding once per run of that type:
/// lines of one type come in runs (a page's thumbnails), and the cursor's interned type
/// strings compare by identity, so most records skip the registry's hashed lookup and lock.
/// Holds one type's decoding at a time; owned by the replay batch that uses it.
struct EventRunDecoder {
  private var last: (type: String, decoding: EventDecoding, known: TapeDecoding)?

  /// The event `record` holds; fails as `EventCodec.decode` does.
  mutating func decode(_ record: EventRecord) throws -> Event {
    if last?.type != record.type {
      guard let decoding = EventRegistry.app.decoders[record.type] else {
        return try EventCodec.decode(record)
      }
      last = (record.type, decoding, decoding.known)
    }
    let (_, decoding, known) = last!
    return Event(
      erased: try decoding.type.decoded(from: record.data, version: record.version, knowing: known))
  }
}
