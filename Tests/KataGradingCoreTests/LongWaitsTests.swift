import Foundation
import XCTest
@testable import KataGradingCore

final class LongWaitsTests: XCTestCase {
    func test_findsWaitsAsLongAsTheLimit_notShortOnesOrComments() {
        let text = """
            func expectToEventually(timeout: TimeInterval = 10) {}
            wait(for: [done], timeout: 1)
            waitForExpectations(timeout: 9.5)
            // wait(for: [done], timeout: 60)
            try await Task.sleep(for: .seconds(30))
            """
        XCTAssertEqual(LongWaits.find(in: [(name: "T.swift", text: text)], limit: 10),
                       ["T.swift:1 waits 10 s", "T.swift:3 waits 9.5 s", "T.swift:5 waits 30 s"])
    }

    /// What the line-by-line regex got wrong: waits in a block comment or a string literal, and a
    /// real wait after a `//` inside a string on its line.
    func test_readsCodeOnly_notCommentsOrStrings() {
        let text = #"""
            /* wait(for: [done], timeout: 60)
               try await Task.sleep(for: .seconds(30)) */
            let note = "try await Task.sleep(for: .seconds(30))"
            let doc = """
                waitForExpectations(timeout: 30)
                """
            let url = URL(string: "https://example.com")!; wait(for: [done], timeout: 20)
            XCTAssertEqual(timeout, 12)
            """#
        XCTAssertEqual(LongWaits.find(in: [(name: "T.swift", text: text)], limit: 10), ["T.swift:7 waits 20 s"])
    }

    func test_namedTimeoutsAndTypedOnes_oneALine() {
        let text = """
            let defaultTimeoutSeconds: Double = 15
            func poll(timeout: TimeInterval = 9, interval: TimeInterval = 0.01) {}
            wait(for: [a], timeout: 30); wait(for: [b], timeout: 40)
            let timeout2 = 50
            """
        XCTAssertEqual(LongWaits.find(in: [(name: "T.swift", text: text)], limit: 10),
                       ["T.swift:1 waits 15 s", "T.swift:2 waits 9 s", "T.swift:3 waits 30 s"])
    }
}
