import EventStore
import GalleryCore

/// The account (Imgur): browser sign-in, the user's images, upload with progress, delete,
/// sign-out.
enum AccountContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "account/beginLogin",
      "Starts browser sign-in with a fresh one-time state: open `authorizeURL` in a browser or web view and hand the URL it redirects to to account/completeLogin. With the demo account, `demoRedirectURL` is where that browser would land.",
      result: Schema.object(
        [
          "version": Schema.integer(minimum: 0), "events": Schema.array(Schema.anyValue),
          "authorizeURL": Schema.string, "state": Schema.string, "demoRedirectURL": Schema.string,
        ], optional: ["demoRedirectURL"]),
      answer: { _, outcome, _ in beginLoginAnswer(outcome) },
      context: { _, context in Action.account(.beginLogin(nonce: nonce(context.random))) }),
    .action(
      "account/completeLogin",
      "Finishes sign-in with the URL the browser landed on (tokens in the fragment). A denied sign-in, a state that does not match or a missing field signs nobody in: `status` stays signedOut and `/account/error` says why.",
      params: [
        .init(
          "redirectURL", Schema.string,
          "the full redirect URL; it carries tokens, so it is kept in memory only and written to the credentials file"
        )
      ],
      result: Schema.object([
        "version": Schema.integer(minimum: 0), "events": Schema.array(Schema.anyValue),
        "status": Schema.enumeration(["signedIn", "signedOut"]),
      ]),
      answer: { _, outcome, _ in
        ["status": .string(outcome.first(AccountEvents.SignedIn.self) != nil ? "signedIn" : "signedOut")]
      }
    ) { p throws(RPCError) in Action.account(.completeLogin(redirectURL: Secret(try p.string("redirectURL"))))
    },
    .action(
      "account/loadImages",
      "Loads the signed-in user's images, page by page until an empty page (no events while a load runs)."
    ) { _ in Action.account(.loadImages) },
    .action(
      "account/upload",
      "Uploads an image, from a file on this machine (`path`) or from its bytes (`data`, base64, with `fileName`: for a frontend on another machine or in a browser). Either way it must be an image by its bytes (JPEG, PNG, GIF, WebP, BMP), not empty, at most 10 MB. Progress shows at /account/upload/progress and, with a workDoneToken, as $/progress; the image goes at the top of /account/images on success.",
      params: [
        .init("path", Schema.string, required: false, group: "file", "the file's path on this machine"),
        .init(
          "data", Schema.string, required: false, group: "file",
          "the file's bytes, base64 (at most 10 MB once decoded); kept under the data directory's uploads/ until uploaded"
        ),
        .init(
          "fileName", Schema.string, required: false,
          "the name shown while uploading (required with data; with path, the file's own name by default)"),
        .init("title", Schema.string, required: false, "at most 255 characters"),
        .init("description", Schema.string, required: false, "at most 5000 characters"),
        .workDoneToken,
      ], progress: uploadProgress
    ) { p, context throws(RPCError) in
      let title = try p.optionalString("title")
      let description = try p.optionalString("description")
      let file = try UploadSource.file(p, context: context)
      return Action.account(.upload(UploadRequest(file: file, title: title, description: description)))
    },
    .action(
      "account/delete",
      "Deletes one of the user's images: it leaves /account/images at once and comes back in its place, with an error, if the provider refuses.",
      params: [.init("id", Schema.string, "the image's id (/account/images/N/image/id)")]
    ) { p throws(RPCError) in Action.account(.delete(id: try p.string("id"))) },
    .action("account/logout", "Signs out of the account: forgets the tokens and the images.") {
      _ in
      Action.account(.logout)
    },
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "account/beginLogin": ["account.alreadySignedIn", "account.badNonce", "config.missingKey"],
    "account/completeLogin": ["account.notAwaitingRedirect"],
    "account/loadImages": ["account.signedOut", "request.retryTooSoon"],
    "account/upload": ["account.signedOut", "account.uploadInProgress", "account.uploadTextTooLong"],
    "account/delete": ["account.signedOut", "account.unknownImage"],
    "account/logout": ["account.notSignedIn"],
  ]

  /// An upload's `$/progress`: from its start event to the state's `/account/upload/progress`,
  /// ended when the upload is no longer the one uploading.
  static let uploadProgress = WorkProgress(
    title: "uploading", started: { $0.first(AccountEvents.UploadStarted.self)?.requestID },
    percent: { id, state in
      let upload = state.account.upload
      return upload.requestID == id && upload.status == .uploading ? Int(upload.progress * 100) : nil
    })

  /// 32 random hex digits: the OAuth `state` that ties the redirect to this sign-in.
  static func nonce(_ random: RandomSource) -> String {
    random.string(length: 32, from: "0123456789abcdef")
  }

  static func beginLoginAnswer(_ outcome: Store.Outcome) -> [String: JSONValue] {
    guard let begun = outcome.first(AccountEvents.LoginBegun.self) else { return [:] }
    var answer: [String: JSONValue] = [
      "authorizeURL": .string(begun.authorizeURL), "state": .string(begun.state),
    ]
    if let redirect = DemoAccount.redirectURL(forAuthorizeURL: begun.authorizeURL) {
      answer["demoRedirectURL"] = .string(redirect)
    }
    return answer
  }
}
