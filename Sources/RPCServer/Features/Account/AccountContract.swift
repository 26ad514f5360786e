import EventStore
import GalleryCore

/// The account (Imgur): browser sign-in, the user's images, upload with progress, delete,
/// sign-out.
enum AccountContract: PreparesExamples {
  static let methods: [MethodSpec] = [
    .action(
      "account/beginLogin",
      "Starts browser sign-in with a fresh one-time state: open `authorizeURL` in a browser or web view and hand the URL it redirects to to account/completeLogin. With the demo account, `demoRedirectURL` is where that browser would land.",
      refuses: ["account.alreadySignedIn", "account.badNonce", "config.missingKey"],
      answering: LoginBegunAnswer.self
    ) { context in
      ActionCall(.account(.beginLogin(nonce: nonce(context.random)))) { outcome, _ in
        outcome.first(AccountEvents.LoginBegun.self).map(LoginBegunAnswer.init)
      }
    }.example(before: [.call("account/logout")], after: completeLogin),
    .action(
      "account/completeLogin",
      "Finishes sign-in with the URL the browser landed on (tokens in the fragment). A denied sign-in, a state that does not match or a missing field signs nobody in: `status` stays signedOut and `/account/error` says why.",
      .string(
        "redirectURL",
        "the full redirect URL; it carries tokens, so it is kept in memory only and written to the credentials file"
      ),
      refuses: ["account.notAwaitingRedirect"], answering: LoginStatusAnswer.self
    ) { _, redirectURL in
      ActionCall(.account(.completeLogin(redirectURL: Secret(redirectURL)))) { outcome, _ in
        LoginStatusAnswer(status: outcome.first(AccountEvents.SignedIn.self) != nil ? .signedIn : .signedOut)
      }
    }.example(
      ["redirectURL": .answer("/demoRedirectURL")],
      before: [.call("account/logout"), .call("account/beginLogin")], after: [.call("account/loadImages")]),
    .action(
      "account/loadImages",
      "Loads the signed-in user's images, page by page until an empty page (no events while a load runs).",
      refuses: ["account.signedOut", "request.retryTooSoon"]
    ) { .account(.loadImages) }.example(),
    .action(
      "account/upload",
      "Uploads an image, from a file on this machine (`path`) or from its bytes (`data`, base64, with `fileName`: for a frontend on another machine or in a browser). Either way it must be an image by its bytes (JPEG, PNG, GIF, WebP, BMP), not empty, at most 10 MB. Progress shows at /account/upload/progress and, with a workDoneToken, as $/progress; the image goes at the top of /account/images on success.",
      UploadSource.path, UploadSource.data, UploadSource.fileName,
      .optionalString("title", "at most 255 characters"),
      .optionalString("description", "at most 5000 characters"),
      refuses: [
        "account.signedOut", "account.uploadInProgress", "account.uploadTextTooLong", "request.retryTooSoon",
      ],
      progress: uploadProgress
    ) { context, path, data, fileName, title, description throws(RPCError) in
      let file = try UploadSource.file(path: path, data: data, fileName: fileName, context: context)
      return .account(.upload(UploadRequest(file: file, title: title, description: description)))
    }.example(["data": .literal(.string(onePixelPNG)), "fileName": "pixel.png", "title": "a pixel"]),
    .action(
      "account/cancelUpload",
      "Stops the upload running: its transfer ends, bytes sent as `data` are removed, and /account/upload/status becomes `cancelled`. Its error offers the same upload again when it came from a file on this machine (`path`); bytes a frontend sent are sent again by that frontend.",
      refuses: ["account.noUploadRunning"]
    ) { .account(.cancelUpload) }
    .example(
      before: [
        .unsettled("account/upload", ["data": .literal(.string(onePixelPNG)), "fileName": "pixel.png"])
      ]),
    .action(
      "account/delete",
      "Deletes one of the user's images: it leaves /account/images at once and comes back in its place, with an error, if the provider refuses.",
      .string("id", "the image's id (/account/images/N/image/id)"),
      refuses: ["account.signedOut", "account.unknownImage", "request.retryTooSoon"]
    ) { id in .account(.delete(id: id)) }.destructive().example(["id": .state("/account/images/0/image/id")]),
    .action(
      "account/logout", "Signs out of the account: forgets the tokens and the images.",
      refuses: ["account.notSignedIn"]
    ) { .account(.logout) }.destructive().example(after: [.call("account/beginLogin")] + completeLogin),
  ]

  /// An upload's `$/progress`: from its start event to the state's `/account/upload/progress`,
  /// ended when the upload is no longer the one uploading.
  static let uploadProgress = WorkProgress(
    title: "account.uploading", started: { $0.first(AccountEvents.UploadStarted.self)?.requestID },
    percent: { id, state in
      let upload = state.account.upload
      return upload.requestID == id && upload.status == .uploading ? Int(upload.progress * 100) : nil
    })

  /// 32 random hex digits: the OAuth `state` that ties the redirect to this sign-in.
  /// Signed in to the demo account, its images loaded.
  static func exampleSetup(_ size: MethodExampleTour.Size) -> [MethodExample.Call] {
    [.call("account/beginLogin")] + completeLogin
  }

  /// The demo account's sign-in finished with the URL `account/beginLogin` answered, and its
  /// images loaded: where the examples' session rests.
  static let completeLogin: [MethodExample.Call] = [
    .call("account/completeLogin", ["redirectURL": .answer("/demoRedirectURL")]), .call("account/loadImages"),
  ]
  /// A 1×1 PNG, base64: the smallest image an upload takes.
  static let onePixelPNG =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

  static func nonce(_ random: RandomSource) -> String {
    random.string(length: 32, from: "0123456789abcdef")
  }

  /// What `account/beginLogin` adds: where to send the browser, and the state it must bring back.
  struct LoginBegunAnswer: Codable, Sendable {
    var authorizeURL: String
    var state: String
    /// With the demo account: where that browser would land.
    var demoRedirectURL: String?

    init(_ begun: AccountEvents.LoginBegun) {
      authorizeURL = begun.authorizeURL
      state = begun.state
      demoRedirectURL = DemoAccount.redirectURL(forAuthorizeURL: begun.authorizeURL)
    }
  }

  /// What `account/completeLogin` adds: whether someone is signed in now.
  struct LoginStatusAnswer: Codable, Sendable {
    enum Status: String, Codable, Sendable, CaseIterable { case signedIn, signedOut }
    var status: Status
  }
}
