// Exercise mocking-success (Swift Testing): the success response.
//
// When iTunes answers, MusicService must decode the JSON and hand back the tracks in it: all of
// them, in order. The mock from the previous exercise can now play the server: set its `result`
// to the bytes iTunes would send, and it passes them to the service before `execute` returns.
//
// The idea: because the mock answers synchronously, `search` has called its completion by the time
// it returns. Store what the completion receives in a local variable and assert on it right after
// the call. No confirmation, no waiting.
//
// In Swift Testing: `try #require(result)` unwraps what the completion stored, and fails the test
// right there if the completion never ran; `#expect` then compares the tracks.

import Foundation
import Testing
import Mocking

@Suite struct SearchSuccessResponseSuite {
    @Test func searchDeliversTheTracksFromTheResponse() throws {
        // Given: the bytes iTunes sends, extra fields and all.
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

        // Then: the completion has already run. `#require` fails here if it never did; `get()`
        // throws, and fails the test with that error, if it got a failure.
        let tracks = try #require(result, "search never called its completion").get()
        #expect(tracks == [
            Track(trackName: "One More Time", artistName: "Daft Punk"),
            Track(trackName: "Around the World", artistName: "Daft Punk"),
        ])
    }
}
