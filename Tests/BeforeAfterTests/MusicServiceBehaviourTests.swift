import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BeforeAfter

/// The legacy module's own behaviour, checked without the network: every request is cancelled
/// while it still waits for the typing pause.
final class BeforeAfterMusicServiceTests: XCTestCase {
    func testSearchRequestIsTheITunesSongSearch() {
        XCTAssertEqual(URLRequest.search(term: "Simon & Garfunkel").url?.absoluteString,
                       "https://itunes.apple.com/search?media=music&entity=song&term=Simon%20%26%20Garfunkel")
    }

    func testSearchWaitsForThePauseAndTheNextSearchCancelsIt() throws {
        let sut = MusicService()
        sut.search("S") { _ in }
        let first = try XCTUnwrap(sut.currentTask)
        sut.search("Si") { _ in }
        let second = try XCTUnwrap(sut.currentTask)
        second.cancel()

        XCTAssertNotEqual(first.state, .suspended)
        XCTAssertNotEqual(first.state, .running)
        XCTAssertEqual(second.originalRequest, .search(term: "Si"))
    }

    func testParseDecodesTracksAndPassesErrorsThrough() throws {
        let sut = MusicService()
        let tracks = [Track(trackName: "America", artistName: "Simon & Garfunkel")]
        let data = try JSONEncoder().encode(SearchMediaResponse(results: tracks))
        XCTAssertEqual(try sut.parse(data: data, error: nil).get(), tracks)
        XCTAssertThrowsError(try sut.parse(data: nil, error: URLError(.timedOut)).get()) {
            XCTAssertEqual(($0 as? URLError)?.code, .timedOut)
        }
        XCTAssertThrowsError(try sut.parse(data: nil, error: nil).get()) {
            XCTAssertEqual(($0 as? URLError)?.code, .badServerResponse)
        }
    }
}
