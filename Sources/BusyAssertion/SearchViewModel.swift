import Dispatch
import Foundation

/// The state behind a search screen: the tracks found, a spinner, an error message.
///
/// `search(term:)` returns at once. The answer arrives later, and the view model publishes it on
/// the main queue by setting its properties. Nothing tells the caller when: the screen simply
/// re-reads the properties. So a test has no completion handler to wait on, only state that will
/// change *eventually*:
///
/// ```swift
/// viewModel.search(term: "beatles")
/// XCTAssertEqual(viewModel.tracks, expected)   // fails: the answer hasn't been published yet
/// ```
///
/// A test has to keep checking the state until it holds or a deadline passes.
public final class SearchViewModel {
    /// The tracks of the latest search, in the order the service returned them.
    public private(set) var tracks: [Track] = []
    /// True from `search(term:)` until its answer is shown or the search is cancelled.
    public private(set) var isLoading = false
    /// What to tell the user when the latest search failed.
    public private(set) var errorMessage: String?

    private let service: TrackSearching
    /// Numbers the searches. An answer belongs to the search that was current when it started; if
    /// that search has since been cancelled or replaced, its answer is dropped, because showing it
    /// would overwrite what the user asked for last.
    private var currentSearch = 0

    public init(service: TrackSearching) {
        self.service = service
    }

    /// Starts a search and returns at once. The answer shows up later, on the main queue.
    public func search(term: String) {
        currentSearch += 1
        let search = currentSearch
        isLoading = true
        errorMessage = nil
        service.searchTracks(term: term) { [weak self] result in
            // The service answers on a background thread; the screen's state lives on the main queue.
            switch result {
            case .success(let tracks):
                DispatchQueue.main.async { self?.show(tracks, for: search) }
            case .failure(let error):
                DispatchQueue.main.async { self?.showFailure(error, for: search) }
            }
        }
    }

    /// Stops waiting for the current search. The request itself may still answer: that answer must
    /// never reach the screen.
    public func cancelSearch() {
        currentSearch += 1
        isLoading = false
    }

    private func show(_ tracks: [Track], for search: Int) {
        // Reading and writing this state from two threads is a data race; trap instead of racing.
        dispatchPrecondition(condition: .onQueue(.main))
        guard search == currentSearch else { return }
        self.tracks = tracks
        isLoading = false
    }

    private func showFailure(_ error: Error, for search: Int) {
        dispatchPrecondition(condition: .onQueue(.main))
        guard search == currentSearch else { return }
        errorMessage = "Search failed. Please try again."
        isLoading = false
    }
}
