import Foundation

/// Where search results come from: the iTunes search in the app, a stub in a test.
public protocol SearchClient: Sendable {
    func results(for term: String) async throws -> [String]
}

/// The search screen's model. The text field calls `search(_:)`, which is not `async`: it starts
/// the work in a task and returns.
///
/// Code like this used to start its work with `Task { … }`. Such a task is only *scheduled*: when
/// `search` returns, nothing has happened yet, so a test cannot check the state right after the
/// call, and waits or sleeps instead. Since Swift 6.2 `Task.immediate` runs the task's body at once,
/// on the caller's actor, up to its first real suspension. So by the time `search` returns, the
/// spinner is on and the term is on its way, and a test can assert that on the very next line:
/// the *before* of Before & After, with no seam at all.
///
/// `Task.immediate` needs the Swift 6.2 runtime: macOS 26 / iOS 26 on Apple platforms. Older
/// systems fall back to a plain `Task`, which starts later.
@MainActor
public final class SearchModel {
    /// True while a search waits for its answer: the screen shows a spinner.
    public private(set) var isSearching = false
    /// Every term sent to the client, trimmed, in order.
    public private(set) var sentTerms: [String] = []
    /// The songs that the last search found.
    public private(set) var results: [String] = []

    private let client: any SearchClient

    public init(client: any SearchClient) {
        self.client = client
    }

    /// Starts a search for `term` and returns the task that runs it.
    @discardableResult
    public func search(_ term: String) -> Task<Void, Never> {
        let query = term.trimmingCharacters(in: .whitespacesAndNewlines)
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate { await self.run(query) }
        }
        #endif
        return Task { await self.run(query) }
    }

    private func run(_ query: String) async {
        isSearching = true
        sentTerms.append(query)
        let found = (try? await client.results(for: query)) ?? []
        results = found
        isSearching = false
    }
}
