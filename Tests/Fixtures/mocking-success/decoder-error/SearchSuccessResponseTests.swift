// Pins how the response is decoded, not what comes back: besides the tracks, it expects a reply
// without "results" to fail with JSONDecoder's own keyNotFound error. A service that decodes the
// same JSON by other means, and still fails on that reply, is rejected although it is correct.
import XCTest
import Mocking

final class SearchSuccessResponseTests: XCTestCase {
    func testSearchDeliversTheTracksFromTheResponse() throws {
        let json = """
            {"resultCount": 1, "results": [
              {"wrapperType": "track", "trackName": "One More Time", "artistName": "Daft Punk"}
            ]}
            """
        let httpClient = MockHTTPClient()
        httpClient.result = .success(Data(json.utf8))
        var result: Result<[Track], Error>?

        MusicService(httpClient: httpClient).search("daft punk") { result = $0 }

        XCTAssertEqual(try result?.get(), [Track(trackName: "One More Time", artistName: "Daft Punk")])
    }

    func testAReplyWithoutResultsFailsWithKeyNotFound() {
        let httpClient = MockHTTPClient()
        httpClient.result = .success(Data(#"{"resultCount": 0}"#.utf8))
        var result: Result<[Track], Error>?

        MusicService(httpClient: httpClient).search("daft punk") { result = $0 }

        guard case .failure(DecodingError.keyNotFound(let key, _))? = result else {
            return XCTFail("expected keyNotFound, got \(String(describing: result))")
        }
        XCTAssertEqual(key.stringValue, "results")
    }
}
