/// Where the environment keeps the albums provider.
public enum AlbumsProviderKey: ProviderKey {
  public static var defaultValue: any AlbumsProvider { DemoAlbums() }
}

extension GalleryEnvironment {
  /// Albums, owners and album photos.
  public var albums: any AlbumsProvider {
    get { self[AlbumsProviderKey.self] }
    set { self[AlbumsProviderKey.self] = newValue }
  }
}

/// Where albums, owners and photos come from: JSONPlaceholder or the demo catalog.
public protocol AlbumsProvider: Sendable {
  var name: String { get }
  func albums() async -> Result<[AlbumInfo], RequestFailure>
  func users() async -> Result<[Owner], RequestFailure>
  func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure>
}
