/// An MP4 file of one H.264 video track, its index first so a player can start before the
/// last byte (ISO/IEC 14496-12 boxes, `avcC` from 14496-15). Every sample is a sync sample.
struct MP4Movie {
  let width: Int
  let height: Int
  /// Samples per second of the track's clock, and each sample's length on it.
  let timescale: Int
  let sampleDuration: Int
  let sequenceParameterSet: [UInt8]
  let pictureParameterSet: [UInt8]
  /// One coded picture per sample: its NAL units without start codes.
  var samples: [[[UInt8]]] = []

  /// The whole file.
  func bytes() -> [UInt8] {
    // Each NAL unit with a four-byte length before it (`lengthSizeMinusOne` 3 in avcC).
    let coded = samples.map { nals in nals.flatMap { u32($0.count) + $0 } }
    let ftyp = box(
      "ftyp", ascii("isom") + u32(0x200) + ascii("isom") + ascii("iso2") + ascii("avc1") + ascii("mp41"))
    // The chunk offset depends on the index's size, which does not depend on its value.
    let draft = moov(coded, chunkOffset: 0)
    let mdatHeader = 8
    let index = moov(coded, chunkOffset: ftyp.count + draft.count + mdatHeader)
    return ftyp + index + box("mdat", coded.flatMap { $0 })
  }

  private func moov(_ coded: [[UInt8]], chunkOffset: Int) -> [UInt8] {
    let duration = samples.count * sampleDuration
    let movieDuration = duration * 1000 / max(1, timescale)
    let matrix: [UInt8] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000].flatMap { u32($0) }
    let mvhd = fullBox(
      "mvhd", 0, 0,
      u32(0) + u32(0) + u32(1000) + u32(movieDuration) + u32(0x10000) + u16(0x100) + zeros(10) + matrix
        + zeros(24) + u32(2))
    let tkhd = fullBox(
      "tkhd", 0, 3,
      u32(0) + u32(0) + u32(1) + zeros(4) + u32(movieDuration) + zeros(8) + u16(0) + u16(0) + u16(0)
        + zeros(2)
        + matrix + u32(width << 16) + u32(height << 16))
    let mdhd = fullBox("mdhd", 0, 0, u32(0) + u32(0) + u32(timescale) + u32(duration) + u16(0x55C4) + u16(0))
    let hdlr = fullBox("hdlr", 0, 0, u32(0) + ascii("vide") + zeros(12) + ascii("VideoHandler") + [0])
    let vmhd = fullBox("vmhd", 0, 1, zeros(8))
    let dinf = box("dinf", fullBox("dref", 0, 0, u32(1) + fullBox("url ", 0, 1, [])))
    let sps = sequenceParameterSet
    let avcC = box(
      "avcC",
      [1, sps[1], sps[2], sps[3], 0xFF, 0xE1] + u16(sps.count) + sps + [1] + u16(pictureParameterSet.count)
        + pictureParameterSet)
    let avc1 = box(
      "avc1",
      zeros(6) + u16(1) + zeros(16) + u16(width) + u16(height) + u32(0x0048_0000) + u32(0x0048_0000)
        + zeros(4)
        + u16(1) + zeros(32) + u16(0x18) + u16(0xFFFF) + avcC)
    let stbl = box(
      "stbl",
      fullBox("stsd", 0, 0, u32(1) + avc1)
        + fullBox("stts", 0, 0, u32(1) + u32(samples.count) + u32(sampleDuration))
        + fullBox("stsc", 0, 0, u32(1) + u32(1) + u32(samples.count) + u32(1))
        + fullBox("stsz", 0, 0, u32(0) + u32(coded.count) + coded.flatMap { u32($0.count) })
        + fullBox("stco", 0, 0, u32(1) + u32(chunkOffset)))
    let minf = box("minf", vmhd + dinf + stbl)
    let trak = box("trak", tkhd + box("mdia", mdhd + hdlr + minf))
    return box("moov", mvhd + trak)
  }

  private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(8 + body.count) + ascii(type) + body }
  private func fullBox(_ type: String, _ version: UInt8, _ flags: Int, _ body: [UInt8]) -> [UInt8] {
    box(type, [version, UInt8(flags >> 16 & 0xFF), UInt8(flags >> 8 & 0xFF), UInt8(flags & 0xFF)] + body)
  }
  private func u32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
  private func u16(_ v: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
  private func zeros(_ n: Int) -> [UInt8] { Array(repeating: 0, count: n) }
  private func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
}
