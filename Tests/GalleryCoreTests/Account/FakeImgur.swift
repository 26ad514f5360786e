import Foundation
import GalleryCore
import GalleryTesting

/// A fake Imgur on 127.0.0.1 speaking its formats (our own bodies): the `{data, success,
/// status}` envelope, paged account images, multipart upload, delete and token refresh.
/// Tests steer it through its `Locked` fields.
final class FakeImgur: @unchecked Sendable {
  /// Access tokens it accepts; any other gets the real 403 body.
  let valid = Locked<Set<String>>(["A1"])
  /// Image ids per page; pages past the end are empty.
  let pages = Locked<[[String]]>([["aaa111", "bbb222"], ["ccc333"]])
  /// Set to answer refresh with this instead of new tokens.
  let refreshAnswer = Locked<FakeHTTPServer.Response?>(nil)
  /// Set to answer uploads with this instead of the image.
  let uploadAnswer = Locked<FakeHTTPServer.Response?>(nil)
  /// Set to answer deletes with this instead of success.
  let deleteAnswer = Locked<FakeHTTPServer.Response?>(nil)
  /// Set to answer image listings with this.
  let listAnswer = Locked<FakeHTTPServer.Response?>(nil)
  private let refreshes = Counter()
  var server: FakeHTTPServer!

  static let forbidden = FakeHTTPServer.Response.json(
    #"{"data":{"error":"The access token provided is invalid.","request":"\/3\/image","method":"POST"},"success":false,"status":403}"#,
    status: 403)

  init() throws {
    server = try FakeHTTPServer { [self] request in
      if request.path == "/oauth2/token" { return refresh(request) }
      let token = request.headers["authorization"].map { String($0.dropFirst("Bearer ".count)) } ?? ""
      guard request.headers["authorization"]?.hasPrefix("Bearer ") == true, valid.value.contains(token) else {
        return Self.forbidden
      }
      if request.path.hasPrefix("/3/account/me/images/") {
        if let answer = listAnswer.value { return answer }
        let page = Int(request.path.split(separator: "/").last ?? "") ?? 0
        let ids = page < pages.value.count ? pages.value[page] : []
        return .json(
          #"{"data":["# + ids.map(Self.image).joined(separator: ",") + #"],"success":true,"status":200}"#)
      }
      if request.path == "/3/image", request.method == "POST" {
        if let answer = uploadAnswer.value { return answer }
        return .json(#"{"data":"# + Self.image("new999") + #","success":true,"status":200}"#)
      }
      if request.path.hasPrefix("/3/image/"), request.method == "DELETE" {
        return deleteAnswer.value ?? .json(#"{"data":true,"success":true,"status":200}"#)
      }
      return .json(
        #"{"data":{"error":"Not found","request":"x","method":"GET"},"success":false,"status":404}"#,
        status: 404)
    }
  }

  /// An image object as Imgur lists it: nullable fields null, bandwidth past 32 bits.
  static func image(_ id: String) -> String {
    #"{"id":"\#(id)","title":null,"description":null,"datetime":1639393242,"type":"image\/png","animated":false,"width":1516,"height":784,"size":170961,"views":3,"bandwidth":6442450944,"vote":null,"favorite":false,"nsfw":null,"section":null,"account_url":"tester","account_id":42,"is_ad":false,"in_most_viral":false,"has_sound":false,"tags":[],"ad_type":0,"ad_url":"","edited":"0","in_gallery":false,"deletehash":"x70po4w7BVvSUzZ","name":"","link":"https:\/\/i.imgur.com\/\#(id).png"}"#
  }

  private func refresh(_ request: FakeHTTPServer.Request) -> FakeHTTPServer.Response {
    if let answer = refreshAnswer.value { return answer }
    let n = refreshes.next() + 1
    valid.mutate { $0.insert("A\(n)") }
    return .json(
      #"{"access_token":"A\#(n)","expires_in":3600,"token_type":"bearer","scope":null,"refresh_token":"R\#(n)","account_id":42,"account_username":"tester"}"#
    )
  }

  /// The redirect Imgur would send the browser to for `state`.
  static func redirect(state: String, expiresIn: Int = 3600) -> String {
    "https://imgur.com/?state=\(state)#access_token=A1&expires_in=\(expiresIn)&token_type=bearer&refresh_token=R1&account_username=tester&account_id=42"
  }

  func provider() -> ImgurProvider {
    ImgurProvider(
      baseURL: server.baseURL, clientID: "client-123", clientSecret: "shh-secret",
      http: DefaultHTTPClient.make(),
      timeout: 5)
  }
}
