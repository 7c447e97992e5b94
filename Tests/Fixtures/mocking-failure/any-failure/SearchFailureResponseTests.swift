// Checks that some failure came back, not that it is the client's error.
import XCTest
import Mocking

private struct DummyError: Error {}

final class SearchFailureResponseTests: XCTestCase {
    func testSearchPassesTheClientsErrorThrough() {
        let httpClient = MockHTTPClient()
        httpClient.result = .failure(DummyError())
        let sut = MusicService(httpClient: httpClient)
        var result: Result<[Track], Error>?

        sut.search("A") { result = $0 }

        XCTAssertThrowsError(try XCTUnwrap(result).get())
    }
}
