// Asserts inside the completion, but the mock has no answer, so the completion never runs and
// nothing is checked.
import XCTest
import Mocking

final class SearchFiresRequestTests: XCTestCase {
    func testSearchFiresTheSearchRequestForTheTerm() {
        let httpClient = MockHTTPClient()
        let sut = MusicService(httpClient: httpClient)

        sut.search("daft punk") { _ in
            XCTAssertEqual(httpClient.inputRequest, .search(term: "daft punk"))
        }
    }
}
