import Foundation

extension AccountFeature {
  /// The OAuth state the demo's sign-in uses (the server draws a random one per call).
  static let demoNonce = "d3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0"

  /// Browser sign-in (a forged redirect first), images, an upload of a picture written into
  /// `directory`, a delete, sign-out.
  static func demoScene(in directory: String) throws -> DemoScene? {
    let authorize = "\(DemoAccount.authorizeEndpoint)?client_id=demo&response_type=token&state=\(demoNonce)"
    let redirect = DemoAccount.redirectURL(forAuthorizeURL: authorize) ?? ""
    let forged = redirect.replacingOccurrences(of: demoNonce, with: "forged")
    let picture = directory + "/demo-upload.bmp"
    _ = FileManager.default.createFile(
      atPath: picture, contents: Data(DemoImages.bitmap(7, width: 64, height: 48)))
    let file = try UploadFile.inspect(picture)
    return DemoScene(
      order: 40,
      [
        ("account/beginLogin (answers the authorize URL to open)", .account(.beginLogin(nonce: demoNonce))),
        (
          "account/completeLogin (a redirect carrying another sign-in's state)",
          .account(.completeLogin(redirectURL: Secret(forged)))
        ),
        ("account/beginLogin", .account(.beginLogin(nonce: demoNonce))),
        (
          "account/completeLogin {\"redirectURL\":\"demo://imgur/callback#access_token=…\"}",
          .account(.completeLogin(redirectURL: Secret(redirect)))
        ),
        ("account/loadImages (pages until an empty one)", .account(.loadImages)),
        ("feed/prefetch {\"keys\":[\"account:demo1\"]}", .images(.prefetch(["account:demo1"]))),
        (
          "account/upload {\"path\":\"…/demo-upload.bmp\",\"title\":\"Stripes\"}",
          .account(.upload(UploadRequest(file: file, title: "Stripes")))
        ),
        ("account/delete {\"id\":\"demo3\"}", .account(.delete(id: "demo3"))),
        ("account/logout", .account(.logout)),
      ])
  }
}
