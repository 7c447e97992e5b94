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

extension URLRequest {
    /// `GET https://itunes.apple.com/search?media=music&entity=song&term=…`
    ///
    /// Built with `URLComponents` so that a term such as "Simon & Garfunkel" arrives as one value
    /// instead of being cut at the `&`.
    public static func search(term: String) -> URLRequest {
        var components = URLComponents(string: "https://itunes.apple.com/search")!
        components.queryItems = [
            URLQueryItem(name: "media", value: "music"),
            URLQueryItem(name: "entity", value: "song"),
            URLQueryItem(name: "term", value: term),
        ]
        return URLRequest(url: components.url!)
    }
}
