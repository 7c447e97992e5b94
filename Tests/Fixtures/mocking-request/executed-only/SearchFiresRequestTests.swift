// Checks that a request was fired, not which one.
import XCTest
import Mocking

final class SearchFiresRequestTests: XCTestCase {
    func testSearchFiresTheSearchRequestForTheTerm() {
        let httpClient = MockHTTPClient()
        let sut = MusicService(httpClient: httpClient)

        sut.search("daft punk") { _ in }

        XCTAssertTrue(httpClient.executeCalled)
    }
}
