import Foundation

/// A song in the search results.
public struct Track: Equatable {
    public let trackName: String
    public let artistName: String

    public init(trackName: String, artistName: String) {
        self.trackName = trackName
        self.artistName = artistName
    }
}

/// Finds tracks for a search term.
///
/// In the app this goes over the network with `URLSession`, so it answers later, once, on a
/// background thread. `SearchViewModel` only sees this protocol, which is the seam that lets a test
/// answer with tracks or an error of its choosing, and no network.
public protocol TrackSearching {
    func searchTracks(term: String, completion: @escaping (Result<[Track], Error>) -> Void)
}
