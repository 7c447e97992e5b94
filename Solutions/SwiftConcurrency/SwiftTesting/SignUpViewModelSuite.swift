// Exercise swift-concurrency-runner (Swift Testing), part 2 of 2: Await the Task a didSet starts.
//
// Typing an e-mail address into the sign-up form starts a check with the server. Meanwhile the
// form shows a spinner; then it shows whether the address is free. Users type fast, so answers
// can come back out of order, and only the answer for the current address may count.
//
// The idea: inject a `MockAsyncRunner` (MockAsyncRunner.swift, shared with the XCTest track: it
// needs no test framework). Setting `email` then only queues the check, so the test can see the
// spinner, run the work, await it, and only then assert on the answer.
//
// In Swift Testing: each test makes its own runner and view model, so tests that run in parallel
// share nothing; and `confirmation` would not help here, since it never waits for the work.

import SwiftConcurrency
import Testing

/// The server's answer, decided by the test: every address in `taken` is in use.
private struct StubEmailChecker: EmailAvailabilityChecking {
    var taken: Set<String> = []

    func isAvailable(_ email: String) async -> Bool {
        !taken.contains(email)
    }
}

@Suite @MainActor struct SignUpViewModelSuite {
    // Each test gets its own instance of the suite, so its own runner: nothing is shared.
    let runner = MockAsyncRunner()

    @Test func showsASpinnerUntilTheAnswerArrivesThenTheAnswer() async {
        let viewModel = SignUpViewModel(checker: StubEmailChecker(taken: ["ana@example.com"]), runner: runner)

        viewModel.email = "ana@example.com"
        // The check is queued, not run: this is the state the user sees while waiting.
        #expect(viewModel.isCheckingEmail)
        #expect(viewModel.isEmailAvailable == nil)

        await runner.runAll()
        #expect(!viewModel.isCheckingEmail, "the spinner should stop once the answer is in")
        #expect(viewModel.isEmailAvailable == false)
    }

    @Test func ignoresAnAnswerThatArrivesAfterTheAddressChanged() async throws {
        let viewModel = SignUpViewModel(checker: StubEmailChecker(taken: ["ana@example.com"]), runner: runner)
        viewModel.email = "ana@example.com"
        viewModel.email = "ana.free@example.com"

        // The mock lets the test pick the order the server answers in: the stale answer last.
        let checks = runner.takeAll()
        // `#require`: with the wrong number of checks, the order below means nothing.
        try #require(checks.count == 2, "one check per change of address")
        for check in checks.reversed() {
            await check()
        }

        #expect(!viewModel.isCheckingEmail, "the spinner should stop once the current answer is in")
        #expect(viewModel.isEmailAvailable == true, "the answer for ana@example.com is stale")
    }
}
