import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations
import SearchServer

// Swaps the real client for a canned one: a good unit test, but it never runs RealHTTPClient or
// sends a request, so none of the transport's bugs can show.
final class CannedIntegrationClient: HTTPClient {
    let reply: Result<Data, Error>
    init(reply: Result<Data, Error>) { self.reply = reply }
    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        let reply = self.reply
        DispatchQueue.global().async { completion(reply) }
    }
}

final class SearchIntegrationTests: XCTestCase {
    func testASearchComesBackAsTracks() throws {
        let service = MusicService(client: CannedIntegrationClient(reply: .success(LocalSearchServer.sampleSearchJSON)))

        let result: Result<[Track], Error> = try awaitResult(service.search, calledWith: "Simon & Garfunkel")

        XCTAssertEqual(try result.get().map(\.trackName), ["Fulfil Me Once", "Timeout Blues"])
    }

    func testAServerErrorComesBack() throws {
        let error = HTTPStatusError(statusCode: 500)
        let service = MusicService(client: CannedIntegrationClient(reply: .failure(error)))

        let result: Result<[Track], Error> = try awaitResult(service.search, calledWith: "Simon & Garfunkel")

        XCTAssertThrowsError(try result.get()) { XCTAssertEqual($0 as? HTTPStatusError, error) }
    }
}
