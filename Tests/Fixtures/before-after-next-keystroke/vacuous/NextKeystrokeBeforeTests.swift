import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// Checks only that the service now holds a search for the last term: says nothing about whether
// the previous search is cancelled or the current one survives.
final class NextKeystrokeBeforeTests: XCTestCase {
    func testTheNextKeystrokeCancelsTheSearchThatWasWaiting() throws {
        let sut = MusicService()
        sut.search("Simon") { _ in }
        let previous = try XCTUnwrap(sut.currentTask)
        sut.search("Simon & Garfunkel") { _ in }
        let current = try XCTUnwrap(sut.currentTask)
        defer { current.cancel(); previous.cancel() }

        XCTAssertFalse(current === previous)
    }
}
