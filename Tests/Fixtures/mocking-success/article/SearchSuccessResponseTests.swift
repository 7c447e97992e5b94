// The success test as the article writes it.
import XCTest
import Mocking

final class SearchSuccessResponseTests: XCTestCase {
    func testSearchWithSuccessResponse() throws {
        // Given
        let expectedTracks = [Track(trackName: "A", artistName: "B")]
        let response = try JSONEncoder().encode(SearchMediaResponse(results: expectedTracks))

        let httpClient = MockHTTPClient()
        httpClient.result = .success(response)
        let sut = MusicService(httpClient: httpClient)
        var result: Result<[Track], Error>?

        // When
        sut.search("A") { result = $0 }

        // Then
        XCTAssertEqual(try? result?.get(), expectedTracks)
    }
}
