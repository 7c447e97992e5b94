// Gives the search calls a tight 0.2 s timeout, "the canned client answers at once": but the
// service's answer still has to reach the main queue, and a correct service that gets it there
// 250 ms later is rejected. The timeout is how long is too long, not a guess of how long it takes.
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

        let result: Result<[Track], Error> = try awaitResult(timeout: 0.2, service.search, calledWith: "Simon")

        XCTAssertEqual(try result.get(), [boxer])
    }

    func testAnAPIThatReturnsAFuture() throws {
        let service = try makeService()

        XCTAssertEqual(try awaitResult(timeout: 0.2, service.search("Simon")), [boxer])
    }
}
