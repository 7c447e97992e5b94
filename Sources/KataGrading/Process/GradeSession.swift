import Foundation
import KataGradingCore

/// What guards one grade from its first step to its last, owned by one value made in one scope
/// (`GradeSession.run`, from `Grader.gradeLocked`) and passed to the stages that need it, as
/// SwiftPM's commands pass their `Cancellator`:
/// - the checkout's lock (`CheckoutLock`), so that two grade.sh runs never share the shadow copy
///   at once: the second one says it is waiting, then goes on;
/// - the kata's own files as shipped (`ShippedKata`), checked before anything is built, and put
///   back, the grade stopped, if a test changed them;
/// - the seal (`SealWatch`), taken before the first run of anything built from the attendee's
///   files and checked once that is over (`checkSeal`), also when the grade fails part-way;
/// - the command's runner of child processes: nothing the grade started or adopted outlives it.
///
/// However the grade ends, `run` ends it in one place: a failure first ends every run and checks
/// the seal, then the kata's files; the lock goes last.
final class GradeSession {
    let paths: KataPaths
    let runner: ProcessRunner
    /// Where a framework goes when the private channel is silent: whether SwiftPM ran in the copy,
    /// which the seal must allow for (`SealWatch.release`).
    let fallback: ChannelFallback
    /// The seal of the grade's copy, once the build stage asked for it (`watch(shadow:)`).
    private var watch: SealWatch?

    private init(paths: KataPaths, runner: ProcessRunner, fallback: ChannelFallback) {
        self.paths = paths
        self.runner = runner
        self.fallback = fallback
    }

    /// Runs `grade` in a session of its own: under the checkout's lock, with what a grade killed
    /// outright left behind ended first, and the kata as shipped checked before and after.
    static func run<T>(paths: KataPaths, runner: ProcessRunner, fallback: ChannelFallback,
                       _ grade: (GradeSession) throws -> T) throws -> T {
        let lock = try CheckoutLock.acquire(in: paths.state) { StandardError().write($0) }
        defer { lock.release() }
        defer {
            runner.endAdopted()
            runner.endMarked(runsOf: paths.root)
        }
        runner.endMarked(runsOf: paths.root)
        runner.removeLeftoverTemporaries()
        RunFolder.removeLeftovers(for: paths.root)
        // The kata's own files (catalog, legacy and grader sources, manifest) as shipped, before
        // anything is built; put back, and the grade stopped, if a test changed them.
        let shipped = try ShippedKata.verified(paths)
        let session = GradeSession(paths: paths, runner: runner, fallback: fallback)
        let result: T
        do {
            result = try grade(session)
        } catch {
            try session.failed(error, shipped: shipped)
        }
        try shipped.checkUnchanged()
        return result
    }

    /// A grade that failed part-way: its runs ended and its seal checked (`SealWatch`), which wins
    /// over the grade's own error, then the kata's files. Always throws.
    private func failed(_ error: any Error, shipped: ShippedKata) throws -> Never {
        var failure = error
        do {
            try watch?.releaseAfterFailure()
        } catch {
            failure = error
        }
        runner.endAdopted()
        try shipped.checkUnchanged()
        // A grade that failed because a test took the permissions of a folder it writes into
        // (its logs, the copy's sources) fails the same way every time after: they go back.
        let taken = GraderFolder.giveOwnerAccess(under: paths.state)
        if !taken.isEmpty, !(failure is GraderSeal.Broken) {
            throw GraderFolder.AccessTaken(paths: taken.map { paths.relative(URL(fileURLWithPath: $0)) })
        }
        throw failure
    }

    /// The grade's seal over the copy in `shadow`: made once, the first time a stage asks.
    func watch(shadow: URL) -> SealWatch {
        if let watch, watch.shadow == shadow { return watch }
        let made = SealWatch(paths: paths, shadow: shadow, runner: runner, fallback: fallback)
        watch = made
        return made
    }

    /// Every run of the grade is over: what they adopted is ended and the seal, if one was taken,
    /// is checked and let go (`SealWatch.release`). Whether one was.
    @discardableResult
    func checkSeal() throws -> Bool {
        guard let watch, watch.isSealed else { return false }
        runner.endAdopted()
        try watch.release()
        return true
    }
}
