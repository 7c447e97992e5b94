import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The iTunes search for songs matching `term`:
    /// `https://itunes.apple.com/search?media=music&entity=song&term=<term>`.
    ///
    /// Built with `URLComponents`, so the term is percent-encoded ("daft punk" becomes
    /// `daft%20punk`) instead of producing an invalid URL.
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
