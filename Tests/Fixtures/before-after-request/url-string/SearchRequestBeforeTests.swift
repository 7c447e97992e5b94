import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// Compares the whole URL as a string: catches every bug, and also rejects the same request with
// its query items in another order.
final class SearchRequestBeforeTests: XCTestCase {
    func testSearchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService()
        sut.search("Simon & Garfunkel") { _ in }
        let task = try XCTUnwrap(sut.currentTask)
        defer { task.cancel() }

        XCTAssertEqual(task.originalRequest?.url?.absoluteString,
                       "https://itunes.apple.com/search?media=music&entity=song&term=Simon%20%26%20Garfunkel")
    }
}
