/// Asks the server whether an e-mail address is still free.
public protocol EmailAvailabilityChecking: Sendable {
    func isAvailable(_ email: String) async -> Bool
}

/// The sign-up form: as soon as the user changes the e-mail address, it asks whether the address is
/// still free, and shows a spinner meanwhile.
///
/// Without Combine there is no `$email.sink`; a `didSet` starts the check instead. It cannot
/// `await`, so the check runs as fire-and-forget work, through `runner`.
@MainActor
public final class SignUpViewModel {
    public var email = "" {
        didSet {
            checkAvailability(of: email)
        }
    }

    /// True from the moment the address changes until its answer arrives.
    public private(set) var isCheckingEmail = false
    /// The answer for the current address: `nil` while it is not known.
    public private(set) var isEmailAvailable: Bool?

    private let checker: any EmailAvailabilityChecking
    private let runner: any AsyncRunner

    public init(checker: any EmailAvailabilityChecking, runner: any AsyncRunner = TaskRunner()) {
        self.checker = checker
        self.runner = runner
    }

    private func checkAvailability(of email: String) {
        isCheckingEmail = true
        isEmailAvailable = nil
        runner.run { [weak self, checker] in
            let available = await checker.isAvailable(email)
            await self?.show(available, for: email)
        }
    }

    private func show(_ available: Bool, for email: String) {
        // Answers can arrive out of order: one for an address the user has already changed is stale.
        guard email == self.email else { return }
        isCheckingEmail = false
        isEmailAvailable = available
    }
}
