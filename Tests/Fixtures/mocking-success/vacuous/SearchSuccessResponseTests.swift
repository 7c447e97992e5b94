// Asserts only inside the completion: a service that never calls it passes.
import XCTest
import Mocking

final class SearchSuccessResponseTests: XCTestCase {
    func testSearchDeliversTheTracksFromTheResponse() throws {
        let tracks = [Track(trackName: "One More Time", artistName: "Daft Punk")]
        let httpClient = MockHTTPClient()
        httpClient.result = .success(try JSONEncoder().encode(SearchMediaResponse(results: tracks)))
        let sut = MusicService(httpClient: httpClient)

        sut.search("daft punk") { result in
            XCTAssertEqual(try? result.get(), tracks)
        }
    }
}
