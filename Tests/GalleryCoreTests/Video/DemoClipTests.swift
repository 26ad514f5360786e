import XCTest

@testable import GalleryCore

/// The demo video's clip is a real MP4: its index matches its samples, its SPS states the
/// file's size, and each picture parses by H.264's grammar to the gray picture and the square.
/// (The browser test plays it in Chromium.)
final class DemoClipTests: XCTestCase {
  func testEveryDemoMP4LinkHasAClipOfItsStatedSizeAndLength() throws {
    let video = DemoVideos.videos[0]
    let sd = try XCTUnwrap(video.files.first { $0.link.hasSuffix("/sd.mp4") })
    let bytes = try XCTUnwrap(DemoClip.mp4(for: sd.link))
    let boxes = Self.boxes(bytes[...])
    XCTAssertEqual(boxes.map(\.type), ["ftyp", "moov", "mdat"], "the index comes before the data")
    let moov = boxes[1].body
    let stbl = try XCTUnwrap(Self.find(["trak", "mdia", "minf", "stbl"], in: moov))
    let stsz = try XCTUnwrap(Self.boxes(stbl).first { $0.type == "stsz" }?.body)
    let count = Self.u32(stsz, 8)
    XCTAssertEqual(count, video.duration * 5, "five pictures a second for the stated \(video.duration) s")
    let sizes = (0..<count).map { Self.u32(stsz, 12 + 4 * $0) }
    let mdat = boxes[2]
    XCTAssertEqual(sizes.reduce(0, +), mdat.body.count, "the samples fill the data box")
    let stco = try XCTUnwrap(Self.boxes(stbl).first { $0.type == "stco" }?.body)
    XCTAssertEqual(Self.u32(stco, 8), mdat.body.startIndex, "the chunk starts where the data does")

    // The SPS in avcC states the file's size.
    let stsd = try XCTUnwrap(Self.boxes(stbl).first { $0.type == "stsd" }?.body)
    let avc1 = Self.boxes(stsd.dropFirst(8))[0]
    XCTAssertEqual(avc1.type, "avc1")
    let avcC = try XCTUnwrap(Self.boxes(avc1.body.dropFirst(78)).first { $0.type == "avcC" }?.body)
    let spsLength = Int(avcC[avcC.startIndex + 6]) << 8 | Int(avcC[avcC.startIndex + 7])
    let sps = Array(avcC[(avcC.startIndex + 8)..<(avcC.startIndex + 8 + spsLength)])
    let stated = try Self.size(fromSPS: sps)
    XCTAssertEqual(stated.width, sd.width)
    XCTAssertEqual(stated.height, sd.height)

    // Each sample is one IDR picture; its macroblocks parse to the gray picture and the square.
    let first = Array(mdat.body.prefix(sizes[0]))
    XCTAssertEqual(Self.u32(first[...], 0), sizes[0] - 4, "one NAL unit per sample, its length first")
    XCTAssertEqual(first[4] & 0x1F, 5, "an IDR slice")
    let stream = H264IntraStream(width: stated.width, height: stated.height)
    let pcm = try Self.macroblocks(ofSlice: Array(first[5...]), columns: stream.columns, rows: stream.rows)
    XCTAssertEqual(
      pcm, Set(DemoClip.square(stream, at: 0, hue: 0).keys), "the square, raw; the rest predicted gray")
  }

  func testLinksThatAreNoMP4HaveNoClip() {
    XCTAssertNil(DemoClip.mp4(for: "demo://video/1/stream.m3u8"))
    XCTAssertNil(DemoClip.mp4(for: "demo://video/9/sd.mp4"))
    XCTAssertNil(DemoClip.mp4(for: "https://example.com/video.mp4"))
  }

  func testTheLargestClipStaysWithinItsBound() throws {
    let uhd = try XCTUnwrap(DemoVideos.videos.last?.files.first { $0.link.hasSuffix("/uhd.mp4") })
    let bytes = try XCTUnwrap(DemoClip.mp4(for: uhd.link))
    XCTAssertLessThan(bytes.count, 6_000_000, "3840×2160 for 23 s")
  }

  // MARK: - Reading it back

  struct Box {
    var type: String
    var body: ArraySlice<UInt8>
  }

  static func u32(_ b: ArraySlice<UInt8>, _ at: Int) -> Int {
    let i = b.startIndex + at
    return Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
  }

  static func boxes(_ bytes: ArraySlice<UInt8>) -> [Box] {
    var out: [Box] = []
    var at = bytes.startIndex
    while at + 8 <= bytes.endIndex {
      let size = u32(bytes, at - bytes.startIndex)
      guard size >= 8, at + size <= bytes.endIndex else { break }
      out.append(
        Box(
          type: String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self),
          body: bytes[(at + 8)..<(at + size)]))
      at += size
    }
    return out
  }

  static func find(_ path: [String], in body: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let type = path.first else { return body }
    guard let box = boxes(body).first(where: { $0.type == type }) else { return nil }
    return find(Array(path.dropFirst()), in: box.body)
  }

  /// Reads an RBSP's bits (emulation prevention bytes removed first).
  struct BitReader {
    var bytes: [UInt8]
    var at = 0
    init(nalPayload: [UInt8]) {
      var out: [UInt8] = []
      var zeros = 0
      for b in nalPayload {
        if zeros >= 2 && b == 3 {
          zeros = 0
          continue
        }
        out.append(b)
        zeros = b == 0 ? zeros + 1 : 0
      }
      bytes = out
    }
    mutating func bit() throws -> Int {
      guard at < bytes.count * 8 else { throw CocoaError(.coderReadCorrupt) }
      defer { at += 1 }
      return Int(bytes[at / 8] >> (7 - UInt8(at % 8)) & 1)
    }
    mutating func bits(_ n: Int) throws -> Int { try (0..<n).reduce(0) { v, _ in v << 1 | (try bit()) } }
    mutating func ue() throws -> Int {
      var zeros = 0
      while try bit() == 0 { zeros += 1 }
      return (1 << zeros) - 1 + (try bits(zeros))
    }
    mutating func se() throws -> Int {
      let k = try ue()
      return k % 2 == 1 ? (k + 1) / 2 : -(k / 2)
    }
  }

  static func size(fromSPS sps: [UInt8]) throws -> (width: Int, height: Int) {
    var r = BitReader(nalPayload: Array(sps.dropFirst()))
    XCTAssertEqual(try r.bits(8), 66, "Baseline")
    _ = try r.bits(16)
    XCTAssertEqual(try r.ue(), 0)
    _ = try r.ue()
    XCTAssertEqual(try r.ue(), 2, "picture order follows decoding")
    _ = try r.ue()
    _ = try r.bit()
    let columns = try r.ue() + 1
    let rows = try r.ue() + 1
    XCTAssertEqual(try r.bit(), 1, "frames only")
    _ = try r.bit()
    var crop = (0, 0, 0, 0)
    if try r.bit() == 1 { crop = (try r.ue(), try r.ue(), try r.ue(), try r.ue()) }
    return (columns * 16 - 2 * (crop.0 + crop.1), rows * 16 - 2 * (crop.2 + crop.3))
  }

  /// Parses an I slice of this stream's kind: which macroblocks are I_PCM. Every other one
  /// must be a 16×16 prediction with no residual but an empty DC block, and the slice must end
  /// exactly at its trailing bits.
  static func macroblocks(ofSlice payload: [UInt8], columns: Int, rows: Int) throws -> Set<Int> {
    let count = columns * rows
    var r = BitReader(nalPayload: payload)
    XCTAssertEqual(try r.ue(), 0, "first_mb_in_slice")
    XCTAssertEqual(try r.ue(), 7, "an I slice")
    XCTAssertEqual(try r.ue(), 0)
    _ = try r.bits(4)
    _ = try r.ue()
    _ = try r.bits(2)
    XCTAssertEqual(try r.se(), 0)
    XCTAssertEqual(try r.ue(), 1, "deblocking off")
    var pcm = Set<Int>()
    for mb in 0..<count {
      let type = try r.ue()
      if type == 25 {
        pcm.insert(mb)
        while r.at % 8 != 0 { XCTAssertEqual(try r.bit(), 0) }
        r.at += 384 * 8
        continue
      }
      XCTAssertTrue((1...4).contains(type), "macroblock \(mb): I_16x16 without residual, not \(type)")
      XCTAssertTrue((0...2).contains(try r.ue()), "chroma prediction")
      XCTAssertEqual(try r.se(), 0, "mb_qp_delta")
      // The DC block's coeff_token for no coefficient, by the neighbours' counts (PCM: 16).
      let (column, row) = (mb % columns, mb / columns)
      let counts = [column > 0 ? mb - 1 : nil, row > 0 ? mb - columns : nil].compactMap { $0 }.map {
        pcm.contains($0) ? 16 : 0
      }
      let nC = counts.count == 2 ? (counts[0] + counts[1] + 1) >> 1 : counts.first ?? 0
      let token = nC < 2 ? (1, 1) : nC < 4 ? (0b11, 2) : nC < 8 ? (0b1111, 4) : (0b000011, 6)
      XCTAssertEqual(try r.bits(token.1), token.0, "macroblock \(mb): no DC coefficient (nC \(nC))")
    }
    XCTAssertEqual(try r.bit(), 1, "the stop bit follows the last macroblock")
    while r.at % 8 != 0 { XCTAssertEqual(try r.bit(), 0) }
    XCTAssertEqual(r.at, r.bytes.count * 8, "nothing after the slice")
    return pcm
  }
}
