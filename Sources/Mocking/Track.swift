import Foundation

/// One song, as the iTunes Search API describes it. The API sends many more fields; decoding
/// keeps only the ones the app shows.
public struct Track: Codable, Equatable {
    public let trackName: String
    public let artistName: String

    public init(trackName: String, artistName: String) {
        self.trackName = trackName
        self.artistName = artistName
    }
}

/// The body of an iTunes search response: `{"resultCount": 1, "results": [ … ]}`.
///
/// It is `Encodable` too, so that a test can build the exact bytes a server would send instead of
/// writing JSON by hand.
public struct SearchMediaResponse: Codable, Equatable {
    public let resultCount: Int
    public let results: [Track]

    public init(results: [Track]) {
        self.resultCount = results.count
        self.results = results
    }
}
