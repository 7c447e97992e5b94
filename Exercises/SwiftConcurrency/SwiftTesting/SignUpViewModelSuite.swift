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
    @Test func showsASpinnerUntilTheAnswerArrivesThenTheAnswer() async {
        // TODO: Finish MockAsyncRunner.swift, then make a SignUpViewModel with it and a
        // StubEmailChecker. Set an e-mail address, check the state before the answer
        // (isCheckingEmail, isEmailAvailable), await the runner's work, and check it after.
        // Then: two addresses in a row, with the answer for the first arriving last.
        Issue.record("TODO: inject a MockAsyncRunner and await its work (SwiftTesting/SignUpViewModelSuite.swift)")
    }
}
