// Exercise expectations-await-result (Swift Testing), part 2 of 2.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Expectations

// Three kinds of asynchronous API, each tested in one line with the helpers in
// AwaitResultAsync.swift.
@Suite struct AwaitResultSuite {
    /// Answers every request with `reply` from a background queue, as URLSession would.
    /// (Nested, so that it does not clash with the XCTest track's `CannedReplyHTTPClient`.)
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

    let boxer = Track(trackName: "The Boxer", artistName: "Simon & Garfunkel")

    func makeService() throws -> MusicService {
        let data = try JSONEncoder().encode(SearchMediaResponse(results: [boxer]))
        return MusicService(client: CannedReplyHTTPClient(reply: .success(data)))
    }

    @Test func anAPIWithOnlyAHandler() async throws {
        let operation = AsyncOperation { "Hello, world!" }

        #expect(try await awaitResult(operation.perform) == "Hello, world!")
    }

    @Test func anAPIWithAnArgumentAndAHandler() async throws {
        let service = try makeService()

        let result: Result<[Track], Error> = try await awaitResult(service.search, calledWith: "Simon")

        #expect(try result.get() == [boxer])
    }

    @Test func anAPIThatReturnsAFuture() async throws {
        let service = try makeService()

        #expect(try await awaitResult(service.search("Simon")) == [boxer])
    }
}
