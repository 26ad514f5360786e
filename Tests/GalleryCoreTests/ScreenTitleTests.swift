import GalleryCore
import XCTest

/// A screen named to the user is named in the user's language: every screen and tab a feature
/// declares has its title (`NAME.title`) in every language, and a refusal that names one
/// shows the title ("Inicia sesión para abrir albums." showed the API's name).
final class ScreenTitleTests: XCTestCase {
  func testEveryScreenAndTabHasItsTitleInEveryLanguage() {
    let names = Set(Route.Screen.all.map(\.rawValue) + Tab.allCases.map(\.rawValue))
    for language in Language.allCases {
      let catalog = MessageCatalog.catalog(language)
      for name in names.sorted() {
        XCTAssertNotNil(catalog["\(name).title"], "\(language): no title for the screen \(name)")
      }
    }
  }

  func testARefusalNamesTheScreenByItsTitle() {
    let spanish = MessageCatalog.text("nav.signInFirst", ["screen": "albums"], in: .es)
    XCTAssertEqual(spanish, "Inicia sesión para abrir los álbumes.")
    XCTAssertEqual(
      MessageCatalog.text("nav.signInFirst", ["screen": "albums"], in: .en), "Sign in to open the albums.")
    XCTAssertEqual(
      MessageCatalog.text("nav.notShown", ["screen": "detail"], in: .es),
      "Abre primero el detalle de la foto: esta acción le pertenece.")
    XCTAssertEqual(MessageCatalog.arguments(of: "nav.signInFirst"), ["screen"])
    // An API error keeps the API's names (a frontend developer reads it).
    XCTAssertTrue(
      MessageCatalog.text("nav.badHome", ["screen": "detail", "homes": "feed"], in: .es).hasPrefix("detail "))
  }
}
