import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations
import SearchServer

// Asserts in the completion handler, never waits, and asserts nothing that could fail.
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
        // Checks only that some Result arrived, inside a handler the test never waits for: this
        // passes whatever the service does, and whenever (if ever) the handler runs.
        service.search("Simon & Garfunkel") { result in
            XCTAssertNotNil(result)
        }
    }
}
