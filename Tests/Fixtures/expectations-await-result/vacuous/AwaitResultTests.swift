import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations

// Skips the helper: asserts inside callbacks the tests never wait for.

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
        AsyncOperation { "Hello, world!" }.perform { XCTAssertEqual($0, "Hello, world!") }
    }

    func testAnAPIWithAnArgumentAndAHandler() throws {
        let boxer = self.boxer
        try makeService().search("Simon") { XCTAssertEqual(try? $0.get(), [boxer]) }
    }

    func testAnAPIThatReturnsAFuture() throws {
        let boxer = self.boxer
        try makeService().search("Simon").observe { XCTAssertEqual(try? $0.get(), [boxer]) }
    }
}
