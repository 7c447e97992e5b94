import Foundation

/// Fetches a song's lyrics as one text: the network behind the app, or a stand-in in a test.
public protocol LyricsFetching {
    func fetchLyrics(of song: String, completion: @escaping (Result<String, Error>) -> Void)
}

/// Loads a song's lyrics as the lyrics screen shows them: one entry per line, blank lines dropped.
///
/// The fetcher answers whenever the network does. The loader then splits the text on a parsing
/// queue of its own and hands the lines, or the fetcher's error, to `completion` there. How long
/// either step takes is promised nowhere: a slow phone splits long lyrics in hundreds of ms.
public final class LyricsLoader {
    private let fetcher: LyricsFetching
    private let parsing = DispatchQueue(label: "LyricsLoader.parsing")

    public init(fetcher: LyricsFetching) {
        self.fetcher = fetcher
    }

    public func load(_ song: String, completion: @escaping (Result<[String], Error>) -> Void) {
        fetcher.fetchLyrics(of: song) { result in
            self.parsing.async {
                switch result {
                case .success(let text):
                    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    completion(.success(lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }))
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
    }
}
