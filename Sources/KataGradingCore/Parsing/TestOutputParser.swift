import Foundation

/// Turns how a test process ended, and what its framework reported through the grader's channel,
/// into an outcome. Nothing the tests printed is read here: a line that looks like XCTest's, or
/// a missing newline, changes nothing.
public enum TestOutputParser {
    /// Swift Testing's exit status when no test matched the filter (`EX_UNAVAILABLE`).
    static let swiftTestingFoundNoTests: Int32 = 69

    /// The last steps of reading a run (`RunReading`): the late checks, then the outcome.
    ///
    /// `exitAttested`: the platform's hook reports how the process exits (`TestPlatform.attestsExit`),
    /// and a run that exits without the framework's own `exit`, or with another status, has not passed.
    /// `source` gives the text of a test file by its path (nil if unknown), for `LateChecks`.
    public static func outcome(of result: ProcessResult, framework: Catalog.Framework, timeLimit: Double,
                               exitAttested: Bool = false, source: (String) -> String? = { _ in nil }) -> TestOutcome {
        let summary = result.run ?? RunSummary(report: RunReport())
        var report = summary.report
        if report.failures.contains(where: { $0.afterReturning }) { LateChecks.reclassify(&report, source: source) }
        let status: TestOutcome.Status
        switch result.termination {
        case .timedOut:
            status = .hung(test: report.running, after: timeLimit)
        case .signaled(_) where summary.fatalError?.contains("uncaught exception") == true
                && summary.fatalError?.contains(Judge.expectationViolation) == true:
            // Apple's XCTest raises where swift-corelibs-xctest records a failure (an expectation
            // fulfilled too often or too late); uncaught off the main thread, it ends the run.
            // The same failure either way, in XCTest's own words.
            status = .failed(test: report.running ?? report.failures.first?.test, message: summary.fatalError ?? "", location: nil)
        case .signaled(let signal):
            let deadlock = report.trap == RunReport.deadlockTrap || summary.sawDeadlockInOutput
            status = .crashed(signal: signal, test: report.running, deadlock: deadlock,
                              inLibdispatch: !deadlock && report.trap == RunReport.libdispatchTrap)
        case .exited(let code):
            status = exited(code, report: report, summary: summary, framework: framework, exitAttested: exitAttested)
        }
        var outcome = TestOutcome(status: status, testSeconds: report.seconds, testCount: report.declared.count)
        outcome.late = report.late
        outcome.cutBytes = result.cutBytes
        return outcome
    }

    /// A failure counts first; then evidence the test process silenced (`silenced`); and a run
    /// passes only when its framework reached its own end with every test it announced finished.
    static func exited(_ code: Int32, report: RunReport, summary: RunSummary, framework: Catalog.Framework,
                       exitAttested: Bool = false) -> TestOutcome.Status {
        if let damaged = report.damaged {
            return .failed(test: nil, message: "the grader's channel from the test process held \(damaged): something other than \(framework.title) wrote into it, so this run proves nothing", location: nil)
        }
        if let failure = report.failures.first {
            return .failed(test: failure.test, message: failure.message, location: failure.location)
        }
        if let why = silenced(code, report: report, framework: framework, exitAttested: exitAttested) {
            return .failed(test: report.running, message: "the test process silenced its own results (\(why)), so this run proves nothing", location: nil)
        }
        let unfinished = report.declared.filter { !report.finished.contains($0) }
        if report.declared.isEmpty && (report.reachedEnd || (framework == .swiftTesting && code == swiftTestingFoundNoTests)) {
            return .noTests
        }
        guard report.reachedEnd, unfinished.isEmpty else {
            let count = unfinished.isEmpty ? "" : " (\(unfinished.count) of \(report.declared.count) never finished)"
            let what = summary.fatalError ?? "the test process exited with code \(code) before \(framework.title) had finished its tests"
            return .failed(test: report.running ?? unfinished.first, message: what + count, location: nil)
        }
        if !report.declared.isEmpty, report.declared.allSatisfy({ test in report.skipped.contains { $0.test == test } }) {
            return .allSkipped(count: report.declared.count, reason: report.skipped.first?.reason)
        }
        if code != 0, report.late.isEmpty {
            return .failed(test: nil, message: summary.fatalError ?? "the test process exited with code \(code) after its tests had passed", location: nil)
        }
        return .passed
    }

    /// Why a run that exited has evidence that is missing, broken or contradictory, if it has: what
    /// the hook's records say (`RunReport.silenced`), and where the platform's hook reports the
    /// exit, an exit that the framework's own end did not make, or with another status.
    static func silenced(_ code: Int32, report: RunReport, framework: Catalog.Framework, exitAttested: Bool) -> String? {
        if let silenced = report.silenced { return silenced }
        guard exitAttested else { return nil }
        guard let exit = report.exit else { return "it exited with code \(code) without \(framework.title)'s own exit, or without the grader's hook seeing it" }
        guard exit.byFramework else { return "its \(exit.caller == "test" ? "test code" : exit.caller) called exit(\(exit.status)), not \(framework.title)" }
        if exit.status >= 0, exit.status != code { return "\(framework.title) ended with status \(exit.status), but the process exited with code \(code)" }
        return nil
    }
}
