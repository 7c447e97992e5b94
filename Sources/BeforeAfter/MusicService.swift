import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Searches the iTunes catalogue for songs, as the user types.
///
/// Legacy code with no seam: it talks to `URLSession.shared` itself, so a test cannot swap the
/// network for something faster or more predictable. Two things are still in reach without
/// waiting for the network:
///
/// - *before* the reply: the request that `search` is about to fire, because the service keeps
///   that task in `currentTask` so that the next keystroke can cancel it;
/// - *after* the reply: what the service makes of it, because `parse(data:error:)` depends only on
///   its inputs, so a test can call it directly.
public final class MusicService {
    /// The search waiting for a pause in typing, or in flight. Kept so that the next keystroke can
    /// cancel it: only the last term the user typed should reach the server.
    public private(set) var currentTask: URLSessionDataTask?

    /// How long the term must stay unchanged before the search is fired.
    public let typingPause: TimeInterval

    public init(typingPause: TimeInterval = 0.3) {
        self.typingPause = typingPause
    }

    /// Called on every keystroke. Cancels the previous search, prepares the request for `term`
    /// and fires it once the user has paused for `typingPause`; `completion` runs on the main
    /// queue with the tracks found.
    public func search(_ term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        currentTask?.cancel()
        let task = URLSession.shared.dataTask(with: .search(term: term)) { data, _, error in
            DispatchQueue.main.async {
                completion(self.parse(data: data, error: error))
            }
        }
        currentTask = task
        DispatchQueue.main.asyncAfter(deadline: .now() + typingPause) {
            // If the next keystroke cancelled this task meanwhile, resuming it does nothing.
            task.resume()
        }
    }

    /// Turns what `URLSession` delivered into tracks, or into the error that explains why not.
    /// Internal, not private: tests reach it with `@testable import BeforeAfter`.
    func parse(data: Data?, error: Error?) -> Result<[Track], Error> {
        if let data = data {
            return Result { try JSONDecoder().decode(SearchMediaResponse.self, from: data).results }
        } else {
            return .failure(error ?? URLError(.badServerResponse))
        }
    }
}
