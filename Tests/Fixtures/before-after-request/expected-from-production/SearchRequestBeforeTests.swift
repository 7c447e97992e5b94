import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// The expected request is built by the code under test, so it agrees with every bug in it.
final class SearchRequestBeforeTests: XCTestCase {
    func testSearchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService()
        sut.search("Simon & Garfunkel") { _ in }
        let task = try XCTUnwrap(sut.currentTask)
        defer { task.cancel() }

        XCTAssertEqual(task.originalRequest?.url, URLRequest.search(term: "Simon & Garfunkel").url)
    }
}
