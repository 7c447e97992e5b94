import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mocking

/// Answers every request at once with `answer`, and keeps the requests it got.
private final class StubHTTPClient: HTTPClient {
    var answer: Result<Data, Error>?
    private(set) var requests: [URLRequest] = []

    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        requests.append(request)
        answer.map(completion)
    }
}

private struct StubError: Error {}

final class MockingMusicServiceTests: XCTestCase {
    private let client = StubHTTPClient()

    private func search(_ term: String) -> [Result<[Track], Error>] {
        var results: [Result<[Track], Error>] = []
        MusicService(httpClient: client).search(term) { results.append($0) }
        return results
    }

    func testFiresOneSearchRequestForTheTerm() {
        _ = search("daft punk")
        XCTAssertEqual(client.requests, [.search(term: "daft punk")])
    }

    func testDeliversEveryDecodedTrackOnce() throws {
        let tracks = [Track(trackName: "A", artistName: "B"), Track(trackName: "C", artistName: "D")]
        client.answer = .success(try JSONEncoder().encode(SearchMediaResponse(results: tracks)))

        let results = search("x")

        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(try results.first?.get(), tracks)
    }

    func testPassesTheClientsErrorThroughOnce() {
        client.answer = .failure(StubError())

        let results = search("x")

        XCTAssertEqual(results.count, 1)
        guard case .failure(let error)? = results.first else { return XCTFail("\(results)") }
        XCTAssertTrue(error is StubError)
    }

    func testReportsUndecodableDataAsAFailure() {
        client.answer = .success(Data("<html>Service Unavailable</html>".utf8))

        let results = search("x")

        XCTAssertEqual(results.count, 1)
        guard case .failure? = results.first else { return XCTFail("\(results)") }
    }

    func testDoesNotCallBackBeforeTheClientAnswers() {
        XCTAssertTrue(search("x").isEmpty)
    }
}
