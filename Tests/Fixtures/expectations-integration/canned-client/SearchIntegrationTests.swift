import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations
import SearchServer

// Swaps the real client for a canned one: a good unit test, but it never runs RealHTTPClient or
// sends a request, so none of the transport's bugs can show. (Plain expectations, so that it
// does not depend on the awaitResult helper.)
final class CannedIntegrationClient: HTTPClient {
    let reply: Result<Data, Error>
    init(reply: Result<Data, Error>) { self.reply = reply }
    func execute(request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        let reply = self.reply
        DispatchQueue.global().async { completion(reply) }
    }
}

final class SearchIntegrationTests: XCTestCase {
    func testASearchComesBackAsTracks() {
        let service = MusicService(client: CannedIntegrationClient(reply: .success(LocalSearchServer.sampleSearchJSON)))
        let answered = expectation(description: "search answered")
        var result: Result<[Track], Error>?

        service.search("Simon & Garfunkel") { result = $0; answered.fulfill() }
        wait(for: [answered], timeout: 1)

        XCTAssertEqual(try result?.get().map(\.trackName), ["Fulfil Me Once", "Timeout Blues"])
    }

    func testAServerErrorComesBack() {
        let error = HTTPStatusError(statusCode: 500)
        let service = MusicService(client: CannedIntegrationClient(reply: .failure(error)))
        let answered = expectation(description: "search answered")
        var result: Result<[Track], Error>?

        service.search("Simon & Garfunkel") { result = $0; answered.fulfill() }
        wait(for: [answered], timeout: 1)

        XCTAssertThrowsError(try result?.get()) { XCTAssertEqual($0 as? HTTPStatusError, error) }
    }
}
