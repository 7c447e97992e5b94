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
        // TODO: Finish MockAsyncRunner.swift, then make a SignUpViewModel with it and a
        // StubEmailChecker. Set an e-mail address, check the state before the answer
        // (isCheckingEmail, isEmailAvailable), await the runner's work, and check it after.
        // Then: two addresses in a row, with the answer for the first arriving last.
        XCTFail("TODO: inject a MockAsyncRunner and await its work (SignUpViewModelTests.swift)")
    }
}
