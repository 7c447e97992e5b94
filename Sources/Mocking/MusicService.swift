import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Searches the iTunes catalogue for songs.
///
/// It does no threading of its own: it fires `URLRequest.search(term:)` through whatever
/// `HTTPClient` it was given and calls back on that client's callback. With `RealHTTPClient` that
/// happens later, on the main queue; with a client that answers at once it happens before
/// `search` returns. That is what makes it testable without waiting.
public struct MusicService {
    private let httpClient: HTTPClient

    public init(httpClient: HTTPClient) {
        self.httpClient = httpClient
    }

    public func search(_ term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        httpClient.execute(request: .search(term: term)) { result in
            switch result {
            case .success(let data):
                completion(Result { try self.decodeTracks(from: data) })
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    private func decodeTracks(from data: Data) throws -> [Track] {
        let response = try JSONDecoder().decode(SearchMediaResponse.self, from: data)
        return response.results
    }
}
