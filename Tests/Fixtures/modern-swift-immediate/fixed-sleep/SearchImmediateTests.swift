// Weak suite: checks the state right after the call (good), but then sleeps 50 ms and hopes the
// answer is there instead of awaiting the task that search returned.

import Foundation
import ModernSwift
import Testing

struct InstantSearchClient: SearchClient {
    func results(for term: String) async throws -> [String] { ["One More Time"] }
}

@MainActor @Suite struct SearchImmediateTests {
    @Test func searchShowsTheSpinnerThenTheResults() async throws {
        let model = SearchModel(client: InstantSearchClient())

        model.search("  daft punk ")
        #expect(model.isSearching)
        #expect(model.sentTerms == ["daft punk"])

        try await Task.sleep(for: .milliseconds(50))
        #expect(model.results == ["One More Time"])
        #expect(!model.isSearching)
    }
}
