// Weak suite: awaits the search first and checks everything afterwards. By then the task has run to
// its end, so a search that started late, or showed no spinner while it waited, looks the same.

import Foundation
import ModernSwift
import Testing

struct InstantSearchClient: SearchClient {
    func results(for term: String) async throws -> [String] { ["One More Time"] }
}

@MainActor @Suite struct SearchImmediateTests {
    @Test func searchSendsTheTermAndShowsTheResults() async {
        let model = SearchModel(client: InstantSearchClient())

        await model.search("  daft punk ").value

        #expect(model.sentTerms == ["daft punk"])
        #expect(model.results == ["One More Time"])
        #expect(!model.isSearching)
    }
}
