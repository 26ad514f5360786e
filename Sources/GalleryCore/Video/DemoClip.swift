/// The bytes behind a demo video's `demo://video/N/NAME.mp4` link: a real H.264 MP4 of the
/// file's stated size and the video's stated duration, a coloured square crossing a gray
/// picture, so a frontend's player has something to play without a network.
///
/// Made on demand, never kept by the core: whoever serves it (gallery-web) owns the bytes.
/// Bound: 5 pictures a second and a square of at most 4×4 macroblocks, so the largest
/// (3840×2160, 23 s) is about 5 MB.
public enum DemoClip {
  /// Pictures per second of every clip.
  static let picturesPerSecond = 5
  /// Positions the square takes on one crossing; pictures repeat with them.
  static let positions = 20

  /// The MP4 behind `link`, or nil when no demo video lists it as an MP4 file.
  public static func mp4(for link: String) -> [UInt8]? {
    for (n, video) in DemoVideos.videos.enumerated() {
      guard let file = video.files.first(where: { $0.link == link }), file.fileType == "video/mp4",
        let width = file.width, let height = file.height
      else { continue }
      return movie(width: width, height: height, seconds: max(1, video.duration), hue: n).bytes()
    }
    return nil
  }

  /// The clip as a movie: `seconds` long, its square in the colour numbered `hue`.
  static func movie(width: Int, height: Int, seconds: Int, hue: Int) -> MP4Movie {
    let stream = H264IntraStream(width: width & ~1, height: height & ~1)
    var movie = MP4Movie(
      width: stream.width, height: stream.height, timescale: 1000, sampleDuration: 1000 / picturesPerSecond,
      sequenceParameterSet: stream.sequenceParameterSet(), pictureParameterSet: stream.pictureParameterSet())
    // Pictures repeat with the square's position (and the IDR id's parity): make each once.
    var made: [Int: [UInt8]] = [:]
    for index in 0..<(seconds * picturesPerSecond) {
      let key = index % (2 * positions)
      if made[key] == nil {
        made[key] = stream.picture(index: index, painted: square(stream, at: index % positions, hue: hue))
      }
      movie.samples.append([made[key]!])
    }
    return movie
  }

  /// The square's macroblocks at `position` of its crossing: a band across the middle, clear
  /// of the first row and column (which stay gray).
  static func square(_ stream: H264IntraStream, at position: Int, hue: Int) -> [Int: H264IntraStream.Block] {
    let side = max(1, min(4, stream.rows / 4))
    let travel = max(1, stream.columns - side - 1)
    let left = 1 + travel * position / positions
    let top = max(1, (stream.rows - side) / 2)
    let colours: [(UInt8, UInt8, UInt8)] = [
      (81, 90, 240), (145, 54, 34), (41, 240, 110), (210, 16, 146), (106, 202, 222),
    ]
    let (y, cb, cr) = colours[hue % colours.count]
    var blocks: [Int: H264IntraStream.Block] = [:]
    for row in top..<min(stream.rows, top + side) {
      for column in left..<min(stream.columns, left + side) {
        blocks[row * stream.columns + column] = H264IntraStream.Block(y: y, cb: cb, cr: cr)
      }
    }
    return blocks
  }
}
