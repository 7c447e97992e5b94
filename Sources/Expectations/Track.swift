import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A song, as the iTunes Search API describes it (only the fields the app shows).
public struct Track: Codable, Equatable {
    public let trackName: String
    public let artistName: String

    public init(trackName: String, artistName: String) {
        self.trackName = trackName
        self.artistName = artistName
    }
}

/// The body of an iTunes search reply: `{"resultCount": 2, "results": [...]}`.
public struct SearchMediaResponse: Codable, Equatable {
    public let results: [Track]

    public init(results: [Track]) {
        self.results = results
    }
}

extension URL {
    /// Where the real iTunes Search API lives.
    public static let iTunes = URL(string: "https://itunes.apple.com")!
}

extension URLRequest {
    /// `GET <baseURL>/search?media=music&entity=song&term=…`. The base URL is a parameter so that
    /// an integration test can point the real client at a server of its own.
    public static func search(term: String, baseURL: URL = .iTunes) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "media", value: "music"),
            URLQueryItem(name: "entity", value: "song"),
            URLQueryItem(name: "term", value: term),
        ]
        return URLRequest(url: components.url!)
    }
}
