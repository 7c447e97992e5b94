// Gives the search calls a 0.45 s timeout, "well above the 250 ms a slow search took": but the
// search's answer may reach the main queue up to 500 ms after the client answered. Only a timing
// with the search's hand-off late rejects it; the operation's, late alone, does not.
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations

// Three kinds of asynchronous API, each tested in one line with the helper in AwaitResult.swift.

/// Answers every request with `reply` from a background queue, as URLSession would.
final class CannedReplyHTTPClient: HTTPClient {
    let reply: Result<Data, Error>

    init(reply: Result<Data, Error>) {
        self.reply = reply
    }

    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        let reply = self.reply
        DispatchQueue.global().async { completion(reply) }
    }
}

final class AwaitResultTests: XCTestCase {
    let boxer = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")

    func makeService() throws -> MusicService {
        let data = try JSONEncoder().encode(SearchMediaResponse(results: [boxer]))
        return MusicService(client: CannedReplyHTTPClient(reply: .success(data)))
    }

    func testAnAPIWithOnlyAHandler() throws {
        let operation = AsyncOperation { "Hello, world!" }

        XCTAssertEqual(try awaitResult(operation.perform), "Hello, world!")
    }

    func testAnAPIWithAnArgumentAndAHandler() throws {
        let service = try makeService()

        let result: Result<[Track], Error> = try awaitResult(timeout: 0.45, service.search, calledWith: "Simon")

        XCTAssertEqual(try result.get(), [boxer])
    }

    func testAnAPIThatReturnsAFuture() throws {
        let service = try makeService()

        XCTAssertEqual(try awaitResult(timeout: 0.45, service.search("Simon")), [boxer])
    }
}
