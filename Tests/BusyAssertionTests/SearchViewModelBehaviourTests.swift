import BusyAssertion
import XCTest

/// The kata's own checks of `SearchViewModel`. The fake answers only when told to, from the test's
/// thread; the view model then hops to the main queue, and `drainMainQueue()` lets that hop run.
/// Main-queue blocks run in order, so one drain is enough and no test polls or sleeps.
final class SearchViewModelBehaviourTests: XCTestCase {
    private let tracks = [
        Track(trackName: "Something", artistName: "The Beatles"),
        Track(trackName: "Come Together", artistName: "The Beatles"),
    ]

    func test_search_showsSpinnerAtOnce_andTracksOnlyAfterTheMainQueueRuns() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)

        viewModel.search(term: "beatles")
        XCTAssertTrue(viewModel.isLoading)
        XCTAssertEqual(service.terms, ["beatles"])

        service.answer(with: .success(tracks))
        XCTAssertEqual(viewModel.tracks, [], "the answer is published on the main queue, not in-line")

        drainMainQueue()
        XCTAssertEqual(viewModel.tracks, tracks)
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
    }

    func test_answerFromABackgroundThread_isPublishedOnMain() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        let answered = expectation(description: "answered from a background thread")
        DispatchQueue.global().async {
            service.answer(with: .success(self.tracks))
            answered.fulfill()
        }
        wait(for: [answered], timeout: 1)
        drainMainQueue()

        XCTAssertEqual(viewModel.tracks, tracks)
    }

    func test_failure_showsErrorMessage_andStopsSpinner() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)

        viewModel.search(term: "beatles")
        service.answer(with: .failure(URLError(.notConnectedToInternet)))
        drainMainQueue()

        XCTAssertEqual(viewModel.errorMessage, "Search failed. Please try again.")
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertEqual(viewModel.tracks, [])
    }

    func test_newSearch_clearsThePreviousError() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")
        service.answer(with: .failure(URLError(.timedOut)))
        drainMainQueue()

        viewModel.search(term: "beatles")

        XCTAssertNil(viewModel.errorMessage)
        XCTAssertTrue(viewModel.isLoading)
    }

    func test_cancel_stopsSpinner_andDropsTheLateAnswer() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)

        viewModel.search(term: "beatles")
        viewModel.cancelSearch()
        XCTAssertFalse(viewModel.isLoading)

        service.answer(with: .success(tracks))
        drainMainQueue()
        XCTAssertEqual(viewModel.tracks, [])
        XCTAssertFalse(viewModel.isLoading)
    }

    func test_cancel_dropsTheLateFailure() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)

        viewModel.search(term: "beatles")
        viewModel.cancelSearch()
        service.answer(with: .failure(URLError(.cancelled)))
        drainMainQueue()

        XCTAssertNil(viewModel.errorMessage)
        XCTAssertFalse(viewModel.isLoading)
    }

    func test_lateAnswerOfAnOlderSearch_neverReplacesTheNewerOne() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        let stones = [Track(trackName: "Angie", artistName: "The Rolling Stones")]

        viewModel.search(term: "beatles")
        viewModel.search(term: "stones")
        service.answer(with: .success(stones), at: 1)
        service.answer(with: .success(tracks), at: 0)
        drainMainQueue()

        XCTAssertEqual(viewModel.tracks, stones)
        XCTAssertFalse(viewModel.isLoading)
    }

    private func drainMainQueue() {
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 1)
    }
}

/// Keeps each completion until the test answers it, in-line on the caller's thread.
private final class AnswerOnDemandSearch: TrackSearching {
    private let lock = NSLock()
    private var completions: [(Result<[Track], Error>) -> Void] = []
    private var recordedTerms: [String] = []

    var terms: [String] { lock.withLock { recordedTerms } }

    func searchTracks(term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        lock.withLock {
            recordedTerms.append(term)
            completions.append(completion)
        }
    }

    func answer(with result: Result<[Track], Error>, at index: Int = 0) {
        let completion = lock.withLock { completions[index] }
        completion(result)
    }
}
