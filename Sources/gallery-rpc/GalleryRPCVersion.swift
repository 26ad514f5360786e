/// The version this build reports.
enum GalleryRPCVersion {
  static let text = "0.1.0"
}
