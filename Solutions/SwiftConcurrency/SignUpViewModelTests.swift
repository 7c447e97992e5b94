// Exercise swift-concurrency-runner, part 2 of 2: Await the Task a didSet starts.
//
// Typing an e-mail address into the sign-up form starts a check with the server. Meanwhile the
// form shows a spinner; then it shows whether the address is free. Users type fast, so answers
// can come back out of order, and only the answer for the current address may count.
//
// The idea: inject a `MockAsyncRunner`. Setting `email` then only queues the check, so the test
// can see the spinner, run the work, await it, and only then assert on the answer.

import SwiftConcurrency
import XCTest

/// The server's answer, decided by the test: every address in `taken` is in use.
private struct StubEmailChecker: EmailAvailabilityChecking {
    var taken: Set<String> = []

    func isAvailable(_ email: String) async -> Bool {
        !taken.contains(email)
    }
}

@MainActor
final class SignUpViewModelTests: XCTestCase {
    func testShowsASpinnerUntilTheAnswerArrivesThenTheAnswer() async {
        let runner = MockAsyncRunner()
        let viewModel = SignUpViewModel(checker: StubEmailChecker(taken: ["ana@example.com"]), runner: runner)

        viewModel.email = "ana@example.com"
        // The check is queued, not run: this is the state the user sees while waiting.
        XCTAssertTrue(viewModel.isCheckingEmail)
        XCTAssertNil(viewModel.isEmailAvailable)

        await runner.runAll()
        XCTAssertFalse(viewModel.isCheckingEmail, "the spinner should stop once the answer is in")
        XCTAssertEqual(viewModel.isEmailAvailable, false)
    }

    func testIgnoresAnAnswerThatArrivesAfterTheAddressChanged() async {
        let runner = MockAsyncRunner()
        let viewModel = SignUpViewModel(checker: StubEmailChecker(taken: ["ana@example.com"]), runner: runner)
        viewModel.email = "ana@example.com"
        viewModel.email = "ana.free@example.com"

        // The mock lets the test pick the order the server answers in: the stale answer last.
        let checks = runner.takeAll()
        XCTAssertEqual(checks.count, 2, "one check per change of address")
        for check in checks.reversed() {
            await check()
        }

        XCTAssertFalse(viewModel.isCheckingEmail, "the spinner should stop once the current answer is in")
        XCTAssertEqual(viewModel.isEmailAvailable, true, "the answer for ana@example.com is stale")
    }
}
