/// Where the feed shows images: each row's thumbnail (keys `provider:id`) and the open
/// photo's large image.
extension FeedFeature {
  /// The rows of the feed (10,000 and more), each's messages in its thumbnail.
  static let longLists: [LongList] = [
    .list("/feed/items", \AppState.feed.items, empty: [], images: [("thumbnail", \FeedItem.thumbnail)])
  ]

  static let imageSlots: [ImageSlot] = [
    ImageSlot(
      prefix: nil, target: .thumbnail,
      image: { state, key in state.feed.index(of: key).map { state.feed.items[$0].thumbnail } },
      url: { state, key in state.feed.index(of: key).map { state.feed.items[$0].photo.thumbnailURL } },
      update: { state, keys, _, change in
        switch keys {
        case .every:
          for i in state.feed.items.indices { change(&state.feed.items[i].thumbnail) }
        case .one(let key):
          if let i = FeedState.index(of: key, in: state.feed.items, state.feed.keyIndex) {
            change(&state.feed.items[i].thumbnail)
          }
        case .list(let keys):
          for key in keys {
            if let i = FeedState.index(of: key, in: state.feed.items, state.feed.keyIndex) {
              change(&state.feed.items[i].thumbnail)
            }
          }
        }
      },
      keys: { state, status in state.feed.items.filter { $0.thumbnail.status == status }.map(\.key) }),
    ImageSlot(
      prefix: nil, target: .detail,
      image: { state, key in state.detail?.key == key ? state.detail?.image : nil },
      url: { state, key in state.detail?.key == key ? state.detail?.photo.largeURL : nil },
      update: { state, _, wanted, change in
        if let key = state.detail?.key, wanted(key) { change(&state.detail!.image) }
      },
      keys: { state, status in state.detail.map { $0.image.status == status ? [$0.key] : [] } ?? [] }),
  ]
}
