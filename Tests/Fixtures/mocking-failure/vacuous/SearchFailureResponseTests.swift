// Asserts only inside the completion: a service that never calls it passes.
import XCTest
import Mocking

private struct DummyError: Error {}

final class SearchFailureResponseTests: XCTestCase {
    func testSearchPassesTheClientsErrorThrough() {
        let httpClient = MockHTTPClient()
        httpClient.result = .failure(DummyError())
        let sut = MusicService(httpClient: httpClient)

        sut.search("A") { result in
            guard case .failure(let error) = result else { return XCTFail("expected a failure") }
            XCTAssertTrue(error is DummyError)
        }
    }
}
