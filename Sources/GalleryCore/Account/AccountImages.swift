/// Where the account shows images: each uploaded image's thumbnail (`account:ID`).
extension AccountFeature {
  /// None: the account's images are at most 250, walked with the rest of the state.
  static let longLists: [LongList] = []

  static let imageSlots: [ImageSlot] = [
    ImageSlot(
      prefix: "account:", target: .thumbnail,
      image: { state, key in state.account.images.first { $0.key == key }?.thumbnail },
      url: { state, key in state.account.images.first { $0.key == key }?.image.thumbnailURL },
      update: { state, _, wanted, change in
        for i in state.account.images.indices where wanted(state.account.images[i].key) {
          change(&state.account.images[i].thumbnail)
        }
      },
      keys: { state, status in state.account.images.filter { $0.thumbnail.status == status }.map(\.key) })
  ]
}
