// Exercise expectations-integration: The real client, end to end.

import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations
import SearchServer

// Unit tests with a mock client never run `RealHTTPClient`: not the URL it really sends, not the
// status code, not the data task it has to resume. Only a real request shows those, and the real
// iTunes is slow, changeable and sometimes not there. So the test brings its own server:
// `LocalSearchServer` plays the iTunes Search API on 127.0.0.1, answers what the test tells it to
// and records what it received.
//
// The idea: an integration test through the real stack (MusicService, RealHTTPClient, URLSession,
// a socket), written as plainly as a unit test with the `awaitResult` helper from the previous
// exercise. It waits for milliseconds of real I/O, and fails after a second instead of hanging.
final class SearchIntegrationTests: XCTestCase {
    var server: LocalSearchServer!
    var session: URLSession!
    var service: MusicService!

    override func setUpWithError() throws {
        server = LocalSearchServer()
        let baseURL = try server.start()
        // A session of its own, with no cache, so that no reply outlives its test.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        service = MusicService(client: RealHTTPClient(session: session), baseURL: baseURL)
    }

    override func tearDown() {
        session.invalidateAndCancel()
        server.stop()
    }

    func testASearchTravelsToTheServerAndItsReplyComesBackAsTracks() throws {
        // A loopback server answers in milliseconds: 0.4 s is plenty (so a failure shows fast).
        let result: Result<[Track], Error> = try awaitResult(timeout: 0.4, service.search, calledWith: "Simon & Garfunkel")

        XCTAssertEqual(try result.get().map(\.trackName), ["Fulfil Me Once", "Timeout Blues"])
        // What really went over the wire, as the server decoded it.
        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/search")
        XCTAssertEqual(request.query("term"), "Simon & Garfunkel")
    }

    func testAServerErrorComesBackAsItsStatusCode() throws {
        server.reply = .status(500)

        let result: Result<[Track], Error> = try awaitResult(timeout: 0.4, service.search, calledWith: "Simon & Garfunkel")

        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual(error as? HTTPStatusError, HTTPStatusError(statusCode: 500))
        }
    }
}
