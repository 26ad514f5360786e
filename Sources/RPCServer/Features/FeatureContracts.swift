/// Every feature's contract, in the order their methods are listed: the RPC counterpart of
/// `GalleryModules.all`, and the one line a new feature adds on this side.
enum FeatureContracts {
  static let all: [any FeatureContract.Type] = [
    AuthContract.self, NavigationContract.self, FeedContract.self, ImagesContract.self, AlbumsContract.self,
    AccountContract.self, VideoContract.self, SettingsContract.self, FavoritesContract.self,
  ]
}
