import GalleryCore
import GalleryTesting
import XCTest

/// The sign-in and registration rules, step by step, with every state change spelled out.
final class AuthMachineTests: XCTestCase {
  let required = { (code: String) in MessageCatalog.message(code) }

  func testInitialStateShowsNoErrorsAndCannotSubmit() {
    let state = AppState()
    XCTAssertEqual(state.route, [Route(.login)])
    XCTAssertNil(state.login.email.error)
    XCTAssertNil(state.login.password.error)
    XCTAssertFalse(state.login.canSubmit)
    XCTAssertEqual(state.session.status, .signedOut)
  }

  func testErrorsShowOnceEditedAndSubmitEnablesWhenAllValid() {
    let store = TestStore()
    store.send(.auth(.setEmail(.login, "test@"))) {
      $0.login.email.value = "test@"
      $0.login.email.edited = true
      $0.login.email.error = self.required("email.invalid")
    }
    store.send(.auth(.setEmail(.login, "test@mail.com"))) {
      $0.login.email.value = "test@mail.com"
      $0.login.email.isValid = true
      $0.login.email.error = nil
    }
    store.send(.auth(.setPassword(.login, Secret("123")))) {
      $0.login.password.length = 3
      $0.login.password.edited = true
      $0.login.password.error = self.required("password.tooShort")
    }
    store.send(.auth(.setPassword(.login, Secret("123456")))) {
      $0.login.password.length = 6
      $0.login.password.isValid = true
      $0.login.password.error = nil
      $0.login.canSubmit = true
    }
    store.finish()
  }

  func testSubmittingAnInvalidFormShowsEveryErrorAndSendsNothing() {
    let store = TestStore()
    let events = store.send(.auth(.submit(.login))) {
      $0.login.submitAttempted = true
      $0.login.email.error = self.required("email.required")
      $0.login.password.error = self.required("password.required")
    }
    XCTAssertEqual(events.map(\.type), ["auth.submitAttempted"])
    store.finish()
  }

  func signedInStore() -> TestStore {
    let store = TestStore()
    store.send(.auth(.setEmail(.login, " test@mail.com "))) {
      $0.login.email = self.field(" test@mail.com ")
    }
    store.send(.auth(.setPassword(.login, Secret("123456")))) {
      $0.login.password = self.secret(6)
      $0.login.canSubmit = true
    }
    store.send(.auth(.submit(.login))) {
      $0.login.submitAttempted = true
      $0.login.isSubmitting = true
      $0.login.canSubmit = false
      $0.login.requestID = 1
      $0.nextRequestID = 2
      $0.session = Session(status: .signingIn, email: "test@mail.com")
    }
    store.expectEffects([.auth(.authenticate(form: .login, requestID: 1, email: "test@mail.com"))])
    return store
  }

  func field(_ value: String, valid: Bool = true) -> TextFieldState {
    var f = TextFieldState()
    f.value = value
    f.edited = true
    f.isValid = valid
    return f
  }

  func secret(_ length: Int) -> SecretFieldState {
    var f = SecretFieldState()
    f.length = length
    f.edited = true
    f.isValid = true
    return f
  }

  func testSuccessSignsInAndMovesHome() {
    let store = signedInStore()
    store.receive([Event(AuthEvents.Succeeded(form: .login, requestID: 1, email: "test@mail.com"))]) {
      $0.session = Session(status: .signedIn, email: "test@mail.com")
      $0.favorites.owner = "test@mail.com"
      $0.route = [Route(.home)]
      $0.login = AuthFormState(.login)
      $0.login.email.value = "test@mail.com"
      $0.login.email.isValid = true
    }
    store.expectEffects([
      .auth(.forgetPassword(.login)), .auth(.forgetPassword(.registration)), .dispatch(.feed(.refresh)),
    ])
    store.reject(.auth(.submit(.login)), code: "auth.alreadySignedIn")
    store.send(.auth(.logout)) {
      $0.session = Session()
      $0.favorites.owner = nil
      $0.route = [Route(.login)]
    }
    store.expectEffects([
      .auth(.clearCredentials), .auth(.forgetPassword(.login)), .images(.cancelAll(target: .detail)),
    ])
    store.reject(.auth(.logout), code: "auth.notSignedIn")
    store.finish()
  }

  func testWrongCredentialsShowTheBackendsMessage() {
    let store = signedInStore()
    let failure = RequestFailure(kind: .rejected, status: 400, serverMessage: "user not found")
    store.receive([Event(AuthEvents.Failed(form: .login, requestID: 1, failure: failure))]) {
      $0.session = Session()
      $0.login.isSubmitting = false
      $0.login.requestID = nil
      $0.login.canSubmit = true
      $0.login.error = Message(
        code: "auth.rejected", message: "The server refused the request: “user not found”", retryable: false,
        args: ["detail": "user not found"]
      )
    }
    store.finish()
  }

  func testNetworkFailureIsRetriedByASecondSubmitAndStaleResultsAreIgnored() {
    let store = signedInStore()
    store.reject(.auth(.submit(.login)), code: "auth.busy")
    store.receive([
      Event(AuthEvents.Failed(form: .login, requestID: 1, failure: RequestFailure(kind: .offline)))
    ]) {
      $0.session = Session()
      $0.login.isSubmitting = false
      $0.login.requestID = nil
      $0.login.canSubmit = true
      $0.login.error = MessageCatalog.message("request.unreachable", retryable: true).retrying(
        "auth/submitLogin")
      $0.unreachable["auth"] = Unreachable(
        since: nil,
        message: MessageCatalog.message("request.unreachable", retryable: true).retrying("auth/submitLogin"))
    }
    store.send(.auth(.submit(.login))) {
      $0.login.isSubmitting = true
      $0.login.canSubmit = false
      $0.login.requestID = 2
      $0.login.error = nil
      $0.nextRequestID = 3
      $0.session = Session(status: .signingIn, email: "test@mail.com")
    }
    store.expectEffects([.auth(.authenticate(form: .login, requestID: 2, email: "test@mail.com"))])
    // A late answer to the first request changes nothing.
    store.receive([Event(AuthEvents.Succeeded(form: .login, requestID: 1, email: "test@mail.com"))])
    store.finish()
  }

  func testRegistrationOpensFromLoginValidatesAgeAndBackReturns() {
    let store = TestStore()
    store.reject(.auth(.setAge("20")), code: "auth.registrationClosed")
    store.send(.auth(.openRegistration)) { $0.route.append(Route(.registration)) }
    store.expectEffects([.auth(.forgetPassword(.registration))])
    store.reject(.auth(.openRegistration), code: "auth.registrationFromLoginOnly")
    store.send(.auth(.setAge("abc"))) {
      $0.registration.age = self.field("abc", valid: false)
      $0.registration.age?.error = self.required("age.notANumber")
    }
    store.send(.auth(.setAge("7"))) {
      $0.registration.age?.value = "7"
      $0.registration.age?.error = self.required("age.outOfRange")
    }
    store.send(.auth(.setAge("30"))) {
      $0.registration.age?.value = "30"
      $0.registration.age?.isValid = true
      $0.registration.age?.error = nil
    }
    store.send(.navigation(.back)) { $0.route = [Route(.login)] }
    store.reject(.navigation(.back), code: "nav.atRoot")
    store.finish()
  }

  func testRegistrationSuccessSignsIn() {
    let store = TestStore()
    store.send(.auth(.openRegistration)) { $0.route.append(Route(.registration)) }
    store.expectEffects([.auth(.forgetPassword(.registration))])
    store.send(.auth(.setEmail(.registration, "new@mail.com"))) {
      $0.registration.email = self.field("new@mail.com")
    }
    store.send(.auth(.setPassword(.registration, Secret("abcdef")))) {
      $0.registration.password = self.secret(6)
    }
    store.send(.auth(.setAge("21"))) {
      $0.registration.age = self.field("21")
      $0.registration.canSubmit = true
    }
    store.send(.auth(.submit(.registration))) {
      $0.registration.submitAttempted = true
      $0.registration.isSubmitting = true
      $0.registration.canSubmit = false
      $0.registration.requestID = 1
      $0.nextRequestID = 2
      $0.session = Session(status: .signingIn, email: "new@mail.com")
    }
    store.expectEffects([
      .auth(.authenticate(form: .registration, requestID: 1, email: "new@mail.com", age: 21))
    ])
    store.reject(.navigation(.back), code: "nav.busy")
    store.receive([Event(AuthEvents.Succeeded(form: .registration, requestID: 1, email: "new@mail.com"))]) {
      $0.session = Session(status: .signedIn, email: "new@mail.com")
      $0.favorites.owner = "new@mail.com"
      $0.route = [Route(.home)]
      $0.registration = AuthFormState(.registration)
      $0.login.email.value = "new@mail.com"
      $0.login.email.isValid = true
    }
    store.expectEffects([
      .auth(.forgetPassword(.login)), .auth(.forgetPassword(.registration)), .dispatch(.feed(.refresh)),
    ])
    store.finish()
  }

  func testAProcessStopMidRequestIsClosedAsInterrupted() {
    let store = signedInStore()
    let leftovers = AppMachine.interruptedWork(store.state)
    XCTAssertEqual(leftovers.map(\.type), ["auth.interrupted", "auth.passwordsForgotten"])
    store.receive(leftovers) {
      $0.session = Session()
      $0.login.isSubmitting = false
      $0.login.requestID = nil
      $0.login.password = SecretFieldState()
      $0.login.password.error = self.required("password.required")
      // No retry offered (issue 45, item 2): the password is gone, so the text says what to do.
      $0.login.error = MessageCatalog.message("auth.interrupted")
    }
    XCTAssertNil(store.state.login.error?.retry)
    XCTAssertEqual(AppMachine.interruptedWork(store.state), [])
    store.finish()
  }

  func testPasswordsNeverReachEventsOrEncodedActions() throws {
    let store = TestStore()
    store.send(.auth(.setPassword(.login, Secret("hunter2-secret")))) {
      $0.login.password = self.secret(14)
    }
    for event in store.events {
      let bytes = String(decoding: try EventCodec.encode(event).data, as: UTF8.self)
      XCTAssertFalse(bytes.contains("hunter2"), bytes)
    }
    let action = String(
      decoding: try JSONCoding.encode(Action.auth(.setPassword(.login, Secret("hunter2-secret")))),
      as: UTF8.self)
    XCTAssertFalse(action.contains("hunter2"), action)
    XCTAssertFalse("\(Action.auth(.setPassword(.login, Secret("hunter2-secret"))))".contains("hunter2"))
  }
}
