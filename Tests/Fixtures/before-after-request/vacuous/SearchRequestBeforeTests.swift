import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// The false positive from the article: the assertion sits in a completion handler the test never
// waits for, so it never runs and the test is green whatever the request was.
//
// Fixture note: the long typing pause keeps the request from ever firing while the test process
// lives, so the handler never runs and this suite is vacuous every time. (Cancelling the task
// instead lets URLSession call the handler with the cancellation, sometimes before the process
// ends, and the verdict would depend on that race.)
final class SearchRequestBeforeTests: XCTestCase {
    func testSearchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService(typingPause: 600)
        sut.search("Simon & Garfunkel") { result in
            XCTAssertFalse((try? result.get())?.isEmpty ?? true)
        }
    }
}
