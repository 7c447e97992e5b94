import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations
import SearchServer

// Asserts in the completion handler and never waits: the test ends before the reply arrives.
final class SearchIntegrationTests: XCTestCase {
    var server: LocalSearchServer!
    var session: URLSession!
    var service: MusicService!

    override func setUpWithError() throws {
        server = LocalSearchServer()
        let baseURL = try server.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        service = MusicService(client: RealHTTPClient(session: session), baseURL: baseURL)
    }

    override func tearDown() {
        session.invalidateAndCancel()
        server.stop()
    }

    func testSearchAgainstTheLocalServer() {
        service.search("Simon & Garfunkel") { result in
            XCTAssertEqual(try? result.get().map(\.trackName), ["Fulfil Me Once", "Timeout Blues"])
        }
    }
}
