import GalleryCore
import GalleryTesting
import XCTest

/// The account's state machine, exhaustively: what each action records, the effects it
/// plans, and how a restart closes work in flight.
final class AccountMachineTests: XCTestCase {
  static let nonce = "0123456789abcdef0123456789abcdef"
  static let image = AccountImage(
    id: "abc", link: "https://i.imgur.com/abc.png", thumbnailURL: "https://i.imgur.com/abcm.png",
    type: "image/png",
    width: 1, height: 1, size: 10, datetime: 1)
  static let other = AccountImage(
    id: "def", title: "Two", link: "https://i.imgur.com/def.png",
    thumbnailURL: "https://i.imgur.com/defm.png",
    type: "image/png", width: 1, height: 1, size: 10, datetime: 2)

  /// A store signed in to the demo with two images loaded.
  func signedIn() -> TestStore {
    let store = TestStore()
    store.send(.account(.beginLogin(nonce: Self.nonce))) {
      $0.account.status = .awaitingRedirect
      $0.account.pendingLogin = .init(
        authorizeURL: "demo://imgur/oauth2/authorize?client_id=demo&response_type=token&state=\(Self.nonce)",
        state: Self.nonce)
    }
    let redirect = DemoAccount.redirectURL(forAuthorizeURL: store.state.account.pendingLogin!.authorizeURL)!
    store.send(.account(.completeLogin(redirectURL: Secret(redirect)))) {
      $0.account.status = .signedIn
      $0.account.pendingLogin = nil
      $0.account.username = "demo"
      $0.account.accountID = 1
      $0.account.tokenLifetime = 3600
    }
    store.expectEffects([.account(.storeTokens)])
    store.send(.account(.loadImages)) {
      $0.account.imagesStatus = .loading
      $0.account.imagesRequestID = 1
      $0.nextRequestID = 2
    }
    store.expectEffects([.account(.loadImages(requestID: 1))])
    store.send(.account(.loadImages))  // a second load while one runs records nothing
    store.receive([
      Event(
        AccountEvents.ImagesPageLoaded(requestID: 1, page: 0, images: [Self.image, Self.other], last: false)),
      Event(AccountEvents.ImagesPageLoaded(requestID: 1, page: 1, images: [], last: true)),
    ]) {
      $0.account.images = [AccountImageItem(image: Self.image), AccountImageItem(image: Self.other)]
      $0.account.imagesPage = 2
      $0.account.imagesStatus = .loaded
      $0.account.imagesRequestID = nil
    }
    return store
  }

  func testRejectionsNameWhatIsWrong() {
    let store = TestStore()
    store.reject(.account(.loadImages), code: "account.signedOut")
    store.reject(.account(.delete(id: "abc")), code: "account.signedOut")
    store.reject(.account(.logout), code: "account.notSignedIn")
    store.reject(.account(.completeLogin(redirectURL: Secret("x://y"))), code: "account.notAwaitingRedirect")
    store.reject(.account(.beginLogin(nonce: "short")), code: "account.badNonce")
    let signed = signedIn()
    signed.reject(.account(.beginLogin(nonce: Self.nonce)), code: "account.alreadySignedIn")
    signed.reject(.account(.delete(id: "nope")), code: "account.unknownImage")
    signed.finish()
  }

  func testDeleteLeavesAtOnceAndComesBackInItsPlaceOnFailure() {
    let store = signedIn()
    store.send(.account(.delete(id: "abc"))) {
      $0.nextRequestID = 3
      $0.account.images = [AccountImageItem(image: Self.other)]
      $0.account.deleting = [.init(requestID: 2, index: 0, item: AccountImageItem(image: Self.image))]
    }
    store.expectEffects([.account(.delete(requestID: 2, imageID: "abc"))])
    let failure = RequestFailure(kind: .http, status: 500)
    store.receive([Event(AccountEvents.DeleteFailed(requestID: 2, imageID: "abc", failure: failure))]) {
      var back = AccountImageItem(image: Self.image)
      let retried = failure.message.retrying("account/delete", ["id": .string("abc")])
      back.error = retried
      $0.account.images = [back, AccountImageItem(image: Self.other)]
      $0.account.deleting = []
      $0.account.error = retried
    }
    store.finish()
  }

  func testARestartEndsAnUploadAndDeletesInFlightWithRetryableErrors() {
    let store = signedIn()
    let file = UploadFile(path: "/p/cat.png", fileName: "cat.png", byteCount: 5, mimeType: "image/png")
    store.send(.account(.upload(UploadRequest(file: file, title: "Cat")))) {
      $0.nextRequestID = 3
      $0.account.upload.status = .uploading
      $0.account.upload.requestID = 2
      $0.account.upload.fileName = "cat.png"
      $0.account.upload.request = UploadRequest(file: file, title: "Cat")
    }
    store.expectEffects([.account(.upload(requestID: 2, request: UploadRequest(file: file, title: "Cat")))])
    store.reject(.account(.upload(UploadRequest(file: file))), code: "account.uploadInProgress")
    store.receive([Event(AccountEvents.UploadProgressed(requestID: 2, percent: 40))]) {
      $0.account.upload.progress = 0.4
    }
    store.send(.account(.delete(id: "def"))) {
      $0.nextRequestID = 4
      $0.account.images = [AccountImageItem(image: Self.image)]
      $0.account.deleting = [.init(requestID: 3, index: 1, item: AccountImageItem(image: Self.other))]
    }
    store.expectEffects([.account(.delete(requestID: 3, imageID: "def"))])

    let closing = AppMachine.interruptedWork(store.state)
    XCTAssertEqual(closing, [Event(AccountEvents.WorkInterrupted(uploadRequestID: 2, deleteRequestIDs: [3]))])
    store.receive(closing) {
      $0.account.upload.status = .failed
      $0.account.upload.requestID = nil
      $0.account.upload.error = MessageCatalog.message("account.uploadInterrupted", retryable: true).retrying(
        "account/upload",
        ["path": .string("/p/cat.png"), "fileName": .string("cat.png"), "title": .string("Cat")])
      var back = AccountImageItem(image: Self.other)
      let deleteAgain = MessageCatalog.message("account.deleteInterrupted", retryable: true).retrying(
        "account/delete", ["id": .string(Self.other.id)])
      back.error = deleteAgain
      $0.account.images = [AccountImageItem(image: Self.image), back]
      $0.account.deleting = []
      $0.account.error = deleteAgain
    }
    XCTAssertEqual(AppMachine.interruptedWork(store.state), [], "nothing left to close")
    // An answer that arrives for the closed upload changes nothing.
    store.receive([Event(AccountEvents.Uploaded(requestID: 2, image: Self.image))])
    store.finish()
  }

  func testAnotherProviderAtStartEndsTheSession() {
    let store = signedIn()
    let imgur = AccountProviderInfo(
      name: "imgur", authorizeEndpoint: "https://api.imgur.com/oauth2/authorize", clientID: "c")
    store.send(.account(.start(imgur))) {
      $0.account = AccountState()
      $0.account.provider = imgur
    }
    store.expectEffects([.account(.clearCredentials)])
    store.send(.account(.start(imgur)))  // the same provider again records nothing
    store.finish()
  }
}
