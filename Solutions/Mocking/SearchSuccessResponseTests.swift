// Exercise mocking-success: the success response.
//
// When iTunes answers, MusicService must decode the JSON and hand back the tracks in it: all of
// them, in order. The mock from the previous exercise can now play the server: set its `result`
// to the bytes iTunes would send, and it passes them to the service before `execute` returns.
//
// The idea: because the mock answers synchronously, `search` has called its completion by the time
// it returns. Store what the completion receives in a local variable and assert on it right after
// the call. No expectation, no waiting.

import XCTest
import Mocking

final class SearchSuccessResponseTests: XCTestCase {
    func testSearchDeliversTheTracksFromTheResponse() throws {
        // Given: the bytes iTunes sends, extra fields and all. (Encoding a SearchMediaResponse
        // would work too; writing the JSON out also pins the wire format.)
        let json = """
            {
              "resultCount": 2,
              "results": [
                {"wrapperType": "track", "trackName": "One More Time", "artistName": "Daft Punk"},
                {"wrapperType": "track", "trackName": "Around the World", "artistName": "Daft Punk"}
              ]
            }
            """
        let httpClient = MockHTTPClient()
        httpClient.result = .success(Data(json.utf8))
        let sut = MusicService(httpClient: httpClient)
        var result: Result<[Track], Error>?

        // When
        sut.search("daft punk") { result = $0 }

        // Then: the completion has already run. If it never did, `result` is nil and this fails;
        // if it got a failure, `get()` throws and the test fails with that error.
        XCTAssertEqual(try result?.get(), [
            Track(trackName: "One More Time", artistName: "Daft Punk"),
            Track(trackName: "Around the World", artistName: "Daft Punk"),
        ])
    }
}
