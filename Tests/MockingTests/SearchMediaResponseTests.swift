import XCTest
import Mocking

final class MockingSearchMediaResponseTests: XCTestCase {
    func testDecodesAnITunesResponseIgnoringFieldsItDoesNotUse() throws {
        let json = """
            {"resultCount": 2, "results": [
              {"wrapperType": "track", "kind": "song", "trackId": 1, "trackName": "One More Time",
               "artistName": "Daft Punk", "previewUrl": "https://example.com/1.m4a"},
              {"wrapperType": "track", "kind": "song", "trackId": 2, "trackName": "Digital Love",
               "artistName": "Daft Punk"}
            ]}
            """
        let response = try JSONDecoder().decode(SearchMediaResponse.self, from: Data(json.utf8))

        XCTAssertEqual(response.resultCount, 2)
        XCTAssertEqual(response.results, [
            Track(trackName: "One More Time", artistName: "Daft Punk"),
            Track(trackName: "Digital Love", artistName: "Daft Punk"),
        ])
    }

    func testDecodesAnEmptySearch() throws {
        let response = try JSONDecoder().decode(SearchMediaResponse.self,
                                                from: Data(#"{"resultCount": 0, "results": []}"#.utf8))
        XCTAssertEqual(response, SearchMediaResponse(results: []))
    }

    func testInitCountsTheResultsAndEncodingRoundTrips() throws {
        let response = SearchMediaResponse(results: [Track(trackName: "A", artistName: "B")])
        XCTAssertEqual(response.resultCount, 1)

        let data = try JSONEncoder().encode(response)
        XCTAssertEqual(try JSONDecoder().decode(SearchMediaResponse.self, from: data), response)
    }

    func testRejectsATrackWithoutAName() {
        let json = #"{"resultCount": 1, "results": [{"artistName": "Daft Punk"}]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(SearchMediaResponse.self, from: Data(json.utf8)))
    }
}
