import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SearchServer
import XCTest

/// The server as an exercise uses it: a real `URLSession` against each kind of reply.
final class LocalSearchServerTests: XCTestCase {
    func testOkReplyDecodesAsSearchResults() async throws {
        let server = LocalSearchServer()
        defer { server.stop() }
        let baseURL = try server.start()

        let (data, response) = try await fetch(baseURL, "/search?media=music&entity=song&term=abba")

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "application/json")
        let decoded = try JSONDecoder().decode(SearchResults.self, from: data)
        XCTAssertEqual(decoded.resultCount, 2)
        XCTAssertEqual(decoded.results.map(\.trackName), ["Fulfil Me Once", "Timeout Blues"])
        XCTAssertEqual(decoded.results.first?.previewUrl.host, "example.com")
    }

    func testStatusReplyReachesTheClientAsItsStatusCode() async throws {
        let server = LocalSearchServer(reply: .status(500))
        defer { server.stop() }
        let baseURL = try server.start()

        let (data, response) = try await fetch(baseURL, "/search?term=abba")

        XCTAssertEqual(response.statusCode, 500)
        XCTAssertEqual(data, Data())
    }

    func testMalformedJSONArrivesButFailsToDecode() async throws {
        let server = LocalSearchServer(reply: .malformedJSON)
        defer { server.stop() }
        let baseURL = try server.start()

        let (data, response) = try await fetch(baseURL, "/search?term=abba")

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertFalse(data.isEmpty)
        XCTAssertThrowsError(try JSONDecoder().decode(SearchResults.self, from: data))
    }

    func testSlowReplyArrivesOnlyAfterItsDelay() async throws {
        let server = LocalSearchServer(reply: .slow(LocalSearchServer.sampleSearchJSON, after: 0.15))
        defer { server.stop() }
        let baseURL = try server.start()
        let started = Date()

        let (data, _) = try await fetch(baseURL, "/search?term=abba")

        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.15)
        XCTAssertEqual(data, LocalSearchServer.sampleSearchJSON)
    }

    func testRecordsEachRequestWithItsQuery() async throws {
        let server = LocalSearchServer()
        defer { server.stop() }
        let baseURL = try server.start()

        _ = try await fetch(baseURL, "/search?media=music&entity=song&term=jack%20johnson")
        _ = try await fetch(baseURL, "/search?media=music&entity=song&term=abba")

        let requests = server.receivedRequests
        XCTAssertEqual(requests.map(\.method), ["GET", "GET"])
        XCTAssertEqual(requests.map(\.path), ["/search", "/search"])
        XCTAssertEqual(requests.first?.target, "/search?media=music&entity=song&term=jack%20johnson")
        XCTAssertEqual(requests.map { $0.query("term") }, ["jack johnson", "abba"])
        XCTAssertEqual(requests.first?.queryItems, [
            URLQueryItem(name: "media", value: "music"),
            URLQueryItem(name: "entity", value: "song"),
            URLQueryItem(name: "term", value: "jack johnson"),
        ])
        XCTAssertEqual(requests.first?.headers["host"], "127.0.0.1:\(baseURL.port!)")
    }

    func testReplyCanChangeBetweenRequests() async throws {
        let server = LocalSearchServer()
        defer { server.stop() }
        let baseURL = try server.start()

        let (_, first) = try await fetch(baseURL, "/search?term=abba")
        server.reply = .status(503)
        let (_, second) = try await fetch(baseURL, "/search?term=abba")

        XCTAssertEqual([first.statusCode, second.statusCode], [200, 503])
    }

    func testAnswersOtherPathsWithNotFound() async throws {
        let server = LocalSearchServer()
        defer { server.stop() }
        let baseURL = try server.start()

        let (_, response) = try await fetch(baseURL, "/lookup?id=1001")

        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(server.receivedRequests.map(\.path), ["/lookup"])
    }

    func testTwoServersRunAtOnceOnDifferentPorts() async throws {
        let server = LocalSearchServer(reply: .status(500))
        defer { server.stop() }
        let other = LocalSearchServer(reply: .status(503))
        defer { other.stop() }
        let firstURL = try server.start()
        let otherURL = try other.start()

        let (_, first) = try await fetch(firstURL, "/search?term=abba")
        let (_, second) = try await fetch(otherURL, "/search?term=abba")

        XCTAssertNotEqual(firstURL.port, otherURL.port)
        XCTAssertEqual([first.statusCode, second.statusCode], [500, 503])
    }
}

/// What a test gets back from one `dataTask`.
func fetch(_ baseURL: URL, _ pathAndQuery: String) async throws -> (Data, HTTPURLResponse) {
    let url = URL(string: pathAndQuery, relativeTo: baseURL)!
    return try await withCheckedThrowingContinuation { continuation in
        testSession.dataTask(with: url) { data, response, error in
            if let response = response as? HTTPURLResponse, let data {
                continuation.resume(returning: (data, response))
            } else {
                continuation.resume(throwing: error ?? URLError(.badServerResponse))
            }
        }.resume()
    }
}

/// Ephemeral, so that no cookie or cache carries over between tests; a short timeout, so that a
/// server bug fails a test instead of hanging it.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 5
    return URLSession(configuration: configuration)
}()

/// The fields of an iTunes search result that the kata's clients decode.
struct SearchResults: Decodable {
    struct Track: Decodable {
        let trackId: Int
        let trackName: String
        let artistName: String
        let previewUrl: URL
    }
    let resultCount: Int
    let results: [Track]
}
