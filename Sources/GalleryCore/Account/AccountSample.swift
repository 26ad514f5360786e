extension AccountFeature {
  /// Browser sign-in (a matching and a forged state), the images, deleting and signing out.
  static let actionSample = ActionSample(weight: 2) { r in
    let nonce = "abcdefabcdefabcdef"
    switch r.below(7) {
    case 0: return .account(.beginLogin(nonce: nonce))
    case 1, 2:
      let state = r.pick([nonce, "forged"])
      return .account(
        .completeLogin(
          redirectURL: Secret(
            "demo://imgur/callback#access_token=demo-a&refresh_token=demo-r&expires_in=3600&token_type=bearer&account_username=demo&account_id=1&state=\(state)"
          )))
    case 3: return .account(.loadImages)
    case 4: return .account(.delete(id: r.pick(["demo1", "demo4", "up1", "nope"])))
    case 5: return .account(.cancelUpload)
    default: return .account(.logout)
    }
  }
}
