// The request test as the article writes it.
import XCTest
import Mocking

final class SearchFiresRequestTests: XCTestCase {
    func testSearch() {
        // Given
        let httpClient = MockHTTPClient()
        let sut = MusicService(httpClient: httpClient)

        // When
        sut.search("A") { _ in }

        // Then
        XCTAssertTrue(httpClient.executeCalled)
        XCTAssertEqual(httpClient.inputRequest, .search(term: "A"))
    }
}
