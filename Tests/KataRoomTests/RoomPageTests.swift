import XCTest
import KataVerdicts
@testable import KataRoom

/// The page must work with no internet and never turn an attendee's text into markup.
final class RoomPageTests: XCTestCase {
    func testThePageLoadsNothingFromAnywhereElse() {
        let page = RoomPage.html
        XCTAssertFalse(page.contains("http://") || page.contains("https://") || page.contains("src="), "no external script, font, image or style")
        XCTAssertFalse(page.contains("@import") || page.contains("url("))
        XCTAssertTrue(RoomPage.contentSecurityPolicy.contains("default-src 'none'"))
        XCTAssertTrue(RoomPage.contentSecurityPolicy.contains("connect-src 'self'"))
    }

    func testTheScriptNeverWritesMarkupFromData() {
        // Data reaches the page through textContent only; these would parse it as HTML.
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
            XCTAssertFalse(RoomPage.html.contains(sink), sink)
        }
    }

    func testEveryVerdictHasADistinctSymbolAndTheSameOnThePage() {
        XCTAssertEqual(Set(VerdictKind.allCases.map(\.symbol)).count, VerdictKind.allCases.count)
        for verdict in VerdictKind.allCases {
            XCTAssertTrue(RoomPage.html.contains("[\"\(verdict.rawValue)\", \"\(verdict.symbol)\"]"), verdict.rawValue)
        }
    }
}
