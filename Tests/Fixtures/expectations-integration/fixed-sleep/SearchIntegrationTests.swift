import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations
import SearchServer

// Runs the main run loop a fixed 150 ms instead of waiting for the completion: a loopback request
// takes milliseconds, so it passes, until the answer takes longer.
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

    func testSearchAgainstTheLocalServer() throws {
        var result: Result<[Track], Error>?
        service.search("Simon & Garfunkel") { result = $0 }
        RunLoop.current.run(until: Date().addingTimeInterval(0.15))

        XCTAssertEqual(try result?.get().map(\.trackName), ["Fulfil Me Once", "Timeout Blues"])
        XCTAssertEqual(server.receivedRequests.first?.query("term"), "Simon & Garfunkel")

        server.reply = .status(500)
        var failure: Result<[Track], Error>?
        service.search("Simon & Garfunkel") { failure = $0 }
        RunLoop.current.run(until: Date().addingTimeInterval(0.15))

        XCTAssertThrowsError(try failure?.get()) { XCTAssertEqual($0 as? HTTPStatusError, HTTPStatusError(statusCode: 500)) }
    }
}
