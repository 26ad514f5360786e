import Foundation
import GalleryCore
import JSON

extension GalleryClient {
  /// What `gallery-rpc rerun` said of a recording it could not go through: one it cannot read
  /// (`status` 2), one a newer build wrote (3), or a child that did not end in time (-1).
  public struct RerunFailure: Error, CustomStringConvertible {
    public var status: Int32
    public var description: String
  }

  /// Runs `binary rerun PATH --format json`: the recording's inputs made again on that build,
  /// offline. Returns its report (`divergence` nil: the same decisions), so a test can assert
  /// that a saved session still behaves. Bounded: the child has `seconds` to end.
  public static func rerun(binary: String, path: String, until: UInt64? = nil, seconds: Double = 600) throws
    -> RerunReport
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["rerun", path, "--format", "json"] + (until.map { ["--until", String($0)] } ?? [])
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The report is one line; what is said on stderr is one line too: read to their ends.
    let report = out.fileHandleForReading.readDataToEndOfFile()
    let said = err.fileHandleForReading.readDataToEndOfFile()
    let status = process.exitStatus(within: seconds) ?? -1
    guard status == 0 || status == 1 else {
      throw RerunFailure(status: status, description: String(decoding: said, as: UTF8.self))
    }
    return try JSONCoding.decode(RerunReport.self, from: Array(report))
  }
}
