import Foundation

// libFuzzer harness: GalleryCore's JSON reader and every provider's response decoder, on
// any bytes. Built into the GalleryCore module (see run.sh) so it reaches internal decoders.
// The first byte picks the decoder; the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProviders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let response = HTTPResponse(status: 200, body: Data(body))
  switch data[0] % 11 {
  case 0:
    let parsed = try? JSONParser.parse(body)
    // The tape decoder (replay's) must accept exactly what the parser accepts, and agree.
    let taped = try? JSONTapeDecoder().decode(JSONValue.self, from: body)
    precondition(taped == parsed, "JSONTapeDecoder and JSONParser disagree")
    if let value = parsed {
      // Replay's one-pass readers (JSONReadable) must give what the Codable path gives.
      func same<T: Decodable & Equatable>(_ type: T.Type) {
        precondition(
          (try? JSONTapeDecoder().decode(T.self, from: body))
            == (try? JSONValueDecoder().decode(T.self, from: value)),
          "\(T.self)'s fast path differs")
      }
      // Every event type the registry knows (their readers are generated from their
      // declarations: Tools/shapes/generate.py), and the photo and page inside a page.
      for type in EventCodec.registered { same(type) }
      same(FeedPage.self)
      // What we read, we must write back and read again identically.
      let written = JSONWriter.bytes(value)
      precondition((try? JSONParser.parse(written)) == value, "JSON round trip changed the value")
    }
  case 1: _ = ProviderDecoding.decode(PixabayProvider.Response.self, .success(response))
  case 2: _ = ProviderDecoding.decode(PexelsProvider.Response.self, .success(response))
  case 3:
    _ = ProviderDecoding.decode(PexelsVideoProvider.Response.self, .success(response)).map {
      $0.videos.compactMap(PexelsVideoProvider.map)
    }
  case 4:
    if case .success(let data) = ImgurEnvelope.data(.success(response)), case .array(let items) = data {
      _ = items.compactMap(ImgurEnvelope.image)
    }
    _ = ImgurEnvelope.failure(HTTPResponse(status: 429, body: Data(body)), body: try? JSONParser.parse(body))
  case 5: _ = OAuthRedirect.parse(String(decoding: body, as: UTF8.self), expectedState: "state")
  case 6: _ = HTTPStatus.failure(for: HTTPResponse(status: 500, body: Data(body)))
  case 7: _ = ProviderDecoding.decode([JSONPlaceholderProvider.Photo].self, .success(response))
  case 8: _ = ProviderDecoding.decode([JSONPlaceholderProvider.Album].self, .success(response))
  case 9: _ = ProviderDecoding.decode([JSONPlaceholderProvider.User].self, .success(response))
  default:
    _ = ReqresAuthBackend.grant(HTTPResponse(status: 200, body: Data(body)))
    _ = ReqresAuthBackend.grant(HTTPResponse(status: 400, body: Data(body)))
  }
  return 0
}
