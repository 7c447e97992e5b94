// The failure test as the article writes it.
import XCTest
import Mocking

private struct DummyError: Error {}

final class SearchFailureResponseTests: XCTestCase {
    func testSearchWithFailureResponse() throws {
        // Given
        let httpClient = MockHTTPClient()
        httpClient.result = .failure(DummyError())
        let sut = MusicService(httpClient: httpClient)
        var result: Result<[Track], Error>?

        // When
        sut.search("A") { result = $0 }

        // Then
        XCTAssertThrowsError(try result?.get()) { error in
            XCTAssertTrue(error is DummyError)
        }
    }
}
