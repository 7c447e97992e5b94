import Foundation
import KataGradingCore

/// Runs one exercise's tests from a test binary of the shadow build, against the real module or
/// one of its variants, the way `TestInvocation` plans it for this platform.
///
/// Nothing a test can see tells a variant's run from a real one: the command line, environment and
/// log names have the same shape for every run, and which variant to be reaches only the test
/// binary's hook, through the run's channel, before `main` (`ProcessRunner.runTest`).
public struct TestRunner: Sendable {
    public var logs: URL
    public var platform: TestPlatform
    /// Every variant of the course, to number them as the shadow build's switch does.
    public var variants: [Variant]
    /// The checkout, whose runs' private folders carry its prefix.
    public var checkout: URL
    /// What the grader trusts, as it was when the runs began: a binary that changed is not run.
    var seal: GraderSeal
    /// The grade's runner of child processes.
    var runner: ProcessRunner
    /// XCTest's `Class.test` names, by shadow test target, read once per build.
    public var xctestTests: [String: [String]] = [:]
    /// Why the listing gave no XCTest test at all, when the binary said why (`MainActorDiscovery.listingCrash`).
    var listingFailure: String?
    /// Where a framework whose channel is silent on this machine is graded instead (`ChannelFallback`):
    /// `swift` and the grader's copy it runs `swift test` in.
    var fallback: ChannelFallback?
    var swift = "swift"
    var package: URL?

    /// `binary`: SwiftPM's test product, whose XCTest tests are listed first. `runsXCTest`: whether
    /// any XCTest track will run. Only those need the listing (a run of the test product, or on
    /// macOS Xcode's lister) that names their tests; Swift Testing tracks are run by filter.
    init(binary: URL, logs: URL, platform: TestPlatform, variants: [Variant], checkout: URL, runner: ProcessRunner,
         seal: GraderSeal, runsXCTest: Bool = true) throws {
        self.seal = seal
        self.runner = runner
        self.logs = logs
        self.platform = platform
        self.variants = variants
        self.checkout = checkout
        guard runsXCTest else { return }
        // Listed again only when SwiftPM's test discovery wrote other code (`XCTestListKeep`).
        let keep = XCTestListKeep(binary: binary)
        let key = BuildReplay.isOn(platformUses: platform.usesBuildReplay) ? keep.key() : nil
        if let key, let kept = keep.tests(for: key) {
            self.xctestTests = kept
            return
        }
        (self.xctestTests, self.listingFailure) = try Self.listXCTest(binary, platform: platform, logs: logs, runner: runner)
        if let key, !xctestTests.isEmpty, let written = keep.keep(xctestTests, for: key) { seal.accept([written]) }
    }

    /// The XCTest tests of the test product, by shadow target, as the platform's plan lists them
    /// (`TestInvocation.listXCTest`).
    static func listXCTest(_ binary: URL, platform: TestPlatform, logs: URL, runner: ProcessRunner) throws -> (tests: [String: [String]], failure: String?) {
        let answer = logs.appendingPathComponent("xctest-list.json")
        try? FileManager.default.removeItem(at: answer)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        guard let plan = TestInvocation.listXCTest(product: platform.testProduct(at: binary.path), platform: platform,
                                                   answerFile: answer.path, inherited: ProcessInfo.processInfo.environment)
        else { return ([:], nil) }
        let listing = platform.simulated ? plan.standingIn(for: runner.supervisor ?? plan.program) : plan
        let log = logs.appendingPathComponent("list-tests.log")
        let result = try runner.run(listing.program, listing.arguments, environment: listing.environment, timeout: 60, log: log)
        let data = plan.answerFile == nil ? Data(result.output.utf8) : ProcessRunner.read(answer, atMost: 16 << 20)
        let tests = XCTestListing.testsByTarget(data) ?? [:]
        return (tests, tests.isEmpty ? MainActorDiscovery.listingCrash(in: result.output) : nil)
    }

    /// Runs the exercise's tests once, from `binary` (the one that holds its track's current code),
    /// against `variant` or (nil) the real module; stopped if `cancellation` calls it off.
    func run(_ exercise: Catalog.Exercise, from binary: URL, variant: Variant?, label: String,
             cancellation: RunCancellation? = nil) throws -> TestOutcome {
        let target = exercise.targetName
        // A neutral name: a test that reads its own file descriptors learns nothing from it.
        let runName = "run-" + UUID().uuidString.prefix(12).lowercased()
        let log = logs.appendingPathComponent(exercise.id).appendingPathComponent("\(runName).log")
        let tests = xctestTests[target] ?? []
        if exercise.framework == .xctest && tests.isEmpty {
            // A binary that could not list its tests says why, naming the class at fault.
            if let listingFailure { return TestOutcome(status: .failed(test: nil, message: listingFailure, location: nil), testSeconds: nil, testCount: 0) }
            return TestOutcome(status: .noTests, testSeconds: nil, testCount: 0)
        }
        guard seal.holds(binary.resolvingSymlinksInPath()) else { throw GraderSeal.Broken(paths: [binary.path]) }
        if let fallback, fallback.isOn(exercise.framework) {
            return try runThroughSwiftPM(exercise, variant: variant, log: log, runName: runName, fallback: fallback,
                                         cancellation: cancellation)
        }
        let plan = TestInvocation.run(exercise.framework, target: target, tests: tests,
                                      product: platform.testProduct(at: binary.path), platform: platform,
                                      inherited: ProcessInfo.processInfo.environment)
        // Taking macOS's decisions on Linux, the grader itself plays the macOS tool the plan names.
        let invocation = platform.simulated ? plan.standingIn(for: runner.supervisor ?? plan.program) : plan
        var result = try read(exercise.framework, forwardedStream: platform.attestsExit) { relay in
            try runner.runTest(invocation.program, invocation.arguments, environment: invocation.environment,
                               framework: exercise.framework, variant: Schemata.word(of: variant, among: variants),
                               timeout: exercise.timeLimit, log: log, checkout: checkout,
                               cancellation: cancellation, relay: relay)
        }
        if let fallback {
            fallback.applySwitch(&result, framework: exercise.framework, exercise: exercise,
                                 sources: package?.appendingPathComponent("Grade/\(exercise.targetName)"))
            if variant == nil, ChannelFallback.isSilent(result) {
                // Silent because a test wrote into the grader's folder (a test binary replaced by a
                // script that exits, say) is the seal's breach, not this machine's channel: the
                // fallback, on for the rest of the command (all day under --watch), stays off.
                let changed = seal.changes()
                guard changed.isEmpty else { throw GraderSeal.Broken(paths: changed) }
                // Whether this machine's channel works is the canary's to say, not this run's.
                let failure = try fallback.canaryFailure(exercise.framework, binary: binary) {
                    try canaryFailure(exercise.framework, from: binary, fallback: fallback, cancellation: cancellation)
                }
                if let failure {
                    fallback.switchOn(exercise.framework, why: failure)
                    return try runThroughSwiftPM(exercise, variant: variant, log: log, runName: runName, fallback: fallback,
                                                 cancellation: cancellation)
                }
                if case .exited = result.termination {
                    // The grader's own test reported through this binary's channel: this run's silence
                    // is its own, and fails its exercise only.
                    var outcome = TestOutcome(status: .failed(test: nil, message: "the test process silenced its own results (nothing reached the grader's channel, which the grader's own test reached from the same binary), so this run proves nothing", location: nil),
                                              testSeconds: nil, testCount: 0)
                    outcome.cutBytes = result.cutBytes
                    outcome.log = runName
                    return outcome
                }
            }
        }
        var outcome = TestOutputParser.outcome(of: result, framework: exercise.framework, timeLimit: exercise.timeLimit,
                                                 exitAttested: platform.attestsExit) { try? String(contentsOfFile: $0, encoding: .utf8) }
        outcome.log = runName
        return outcome
    }

    /// The canary (`ChannelFallback`): the grader's own known test (`CanarySource`), run alone from
    /// `binary` with the real code, by the same plan and runner as a track's runs, so that no
    /// attendee's test runs in it. Why it says the channel does not work, or nil when it reported.
    func canaryFailure(_ framework: Catalog.Framework, from binary: URL, fallback: ChannelFallback,
                       cancellation: RunCancellation? = nil) throws -> String? {
        let log = logs.appendingPathComponent("canary").appendingPathComponent("\(framework.rawValue).log")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let plan = TestInvocation.run(framework, target: GraderOnlyNames.observerModule, tests: [CanarySource.xctestTest],
                                      product: platform.testProduct(at: binary.path), platform: platform,
                                      inherited: ProcessInfo.processInfo.environment)
        let invocation = platform.simulated ? plan.standingIn(for: runner.supervisor ?? plan.program) : plan
        var result = try read(framework, forwardedStream: platform.attestsExit) { relay in
            try runner.runTest(invocation.program, invocation.arguments, environment: invocation.environment,
                               framework: framework, variant: 0, timeout: CanarySource.timeLimit, log: log,
                               checkout: checkout, cancellation: cancellation, relay: relay)
        }
        fallback.applySwitch(toCanary: &result, framework: framework)
        let outcome = TestOutputParser.outcome(of: result, framework: framework, timeLimit: CanarySource.timeLimit,
                                               exitAttested: platform.attestsExit)
        return ChannelFallback.canaryFailure(result, outcome: outcome, framework: framework)
    }

    /// One run, `start`ed with the relay its supervisor hands what the run reports to, read by the
    /// run's parsers (`RunReading`) as it arrives: the result, with the framework's report.
    func read(_ framework: Catalog.Framework, forwardedStream: Bool = false,
              _ start: (@escaping (UnsafeRawBufferPointer) -> Void) throws -> ProcessResult) throws -> ProcessResult {
        var reading = RunReading(framework: framework, forwardedStream: forwardedStream)
        var result = try start { reading.feed($0) }
        result.run = reading.summary()
        return result
    }

    /// One run through `swift test` (`SwiftPMRoute`), the variant still told through the run's
    /// channel to the first descendant whose hook connects; one whose hook never did is marked.
    func runThroughSwiftPM(_ exercise: Catalog.Exercise, variant: Variant?, log: URL, runName: String,
                           fallback: ChannelFallback, cancellation: RunCancellation? = nil) throws -> TestOutcome {
        let package = package?.path ?? checkout.path
        let arguments = SwiftPMRoute.arguments(framework: exercise.framework, target: exercise.targetName, package: package)
        let environment = TestInvocation.baseEnvironment(inherited: ProcessInfo.processInfo.environment)
        let result = try fallback.oneAtATime {
            try read(exercise.framework) { relay in
                try runner.runTest(swift, arguments, environment: environment, framework: exercise.framework,
                                   variant: Schemata.word(of: variant, among: variants),
                                   timeout: exercise.timeLimit + SwiftPMRoute.startupAllowance, log: log,
                                   checkout: checkout, viaSwiftPM: true, cancellation: cancellation, relay: relay)
            }
        }
        var outcome = SwiftPMRoute.outcome(of: result, framework: exercise.framework, timeLimit: exercise.timeLimit)
        if variant != nil, result.run?.hookConnected != true { outcome.variantNotApplied = true }
        outcome.log = runName
        return outcome
    }
}
