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
            XCTAssertTrue(RoomPage.html.contains("[\"\(verdict.rawValue)\", \"\(verdict.symbol)\", \"\(verdict.cssClass)\"]"), verdict.rawValue)
            // Its colours, under the class the script gives it: both from VerdictKind.
            XCTAssertTrue(RoomPage.html.contains("\n.\(verdict.cssClass) { \(RoomPage.colours(verdict)) }"), verdict.rawValue)
        }
        XCTAssertEqual(Set(VerdictKind.allCases.map(\.cssClass)).count, VerdictKind.allCases.count)
        // Without symbols (NO_COLOR, a pipe), the grid's signs are plain ASCII, and still distinct.
        XCTAssertEqual(Set(VerdictKind.allCases.map(\.asciiSymbol)).count, VerdictKind.allCases.count)
        XCTAssertTrue(VerdictKind.allCases.allSatisfy { $0.asciiSymbol.unicodeScalars.allSatisfy(\.isASCII) })
    }

    func testTheGridSharesItsWidthAndWrapsNamesInsteadOfCuttingThem() {
        // The real measure is Scripts/room-check.py browser, in Chromium at 1920x1080, 1280x800
        // and 1280x720.
        let page = RoomPage.html
        XCTAssertTrue(page.contains("#grid { border-collapse: collapse; table-layout: fixed; width: 100%; }"))
        XCTAssertFalse(page.contains("ellipsis"), "a name is never cut")
        XCTAssertTrue(page.contains("td.stuckmark"), "the stuck mark has a column of its own, beside the name, not after it")
    }

    func testTheInstructorKeyLeavesTheAddressBarAndIsCheckedByTheServer() {
        let page = RoomPage.html
        XCTAssertTrue(page.contains("history.replaceState(null, \"\", location.pathname + location.search)"))
        for route in ["/api/instructor", "/api/rename", "/api/remove"] { XCTAssertTrue(page.contains("\"\(route)\""), route) }
    }
}
