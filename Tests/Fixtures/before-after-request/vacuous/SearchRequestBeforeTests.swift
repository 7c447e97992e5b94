import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// The false positive from the article: the assertion sits in a completion handler the test never
// waits for, so it never runs and the test is green whatever the request was.
final class SearchRequestBeforeTests: XCTestCase {
    func testSearchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService()
        sut.search("Simon & Garfunkel") { result in
            XCTAssertFalse((try? result.get())?.isEmpty ?? true)
        }
        sut.currentTask?.cancel()
    }
}
