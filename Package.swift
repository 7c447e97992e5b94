// swift-tools-version:6.0
import PackageDescription

// One legacy module per pattern. Each has a test target of starters (`Exercises/<Module>`), one of
// reference solutions (`Solutions/<Module>`) and the kata's own tests of it (`Tests/<Module>Tests`).
//
// Legacy callback/GCD code is written the way such code is: in the Swift 5 language mode, and so
// are its tests. The Swift concurrency pattern and the grader use Swift 6.
struct Pattern {
    let module: String
    let mode: SwiftLanguageMode
    /// Extra modules that this pattern's exercises and solutions may import.
    var testSupport: [Target.Dependency] = []
}

let patterns: [Pattern] = [
    Pattern(module: "Mocking", mode: .v5),
    Pattern(module: "BeforeAfter", mode: .v5),
    Pattern(module: "Expectations", mode: .v5, testSupport: [.target(name: "SearchServer")]),
    Pattern(module: "BusyAssertion", mode: .v5),
    Pattern(module: "SwiftConcurrency", mode: .v6, testSupport: [.target(name: "SwiftConcurrencyTestSupport")]),
    // What Swift 6.2-6.3 changed: Task.immediate, ranged confirmations, .timeLimit, known issues,
    // exit tests, nonisolated(nonsending). Needs a Swift 6.2 toolchain to teach anything (each story says why).
    Pattern(module: "ModernSwift", mode: .v6),
    // Suites that pass on one machine and fail on another schedule, and how to make them robust.
    Pattern(module: "FlakyTests", mode: .v5),
]

var targets: [Target] = []
for pattern in patterns {
    let settings: [SwiftSetting] = [.swiftLanguageMode(pattern.mode)]
    let dependencies: [Target.Dependency] = [.target(name: pattern.module)] + pattern.testSupport
    targets += [
        .target(name: pattern.module, swiftSettings: settings),
        .testTarget(name: "\(pattern.module)Exercises", dependencies: dependencies,
                    path: "Exercises/\(pattern.module)", swiftSettings: settings),
        .testTarget(name: "\(pattern.module)Solutions", dependencies: dependencies,
                    path: "Solutions/\(pattern.module)", swiftSettings: settings),
        .testTarget(name: "\(pattern.module)Tests", dependencies: dependencies, swiftSettings: settings),
    ]
}

// TestURLProtocol, the chat server's stand-in that the Swift concurrency exercises use and never edit.
targets += [
    .target(name: "SwiftConcurrencyTestSupport", dependencies: ["SwiftConcurrency"], swiftSettings: [.swiftLanguageMode(.v6)]),
]

// A tiny local HTTP server, so that one exercise can test a real `URLSession` client end to end
// without touching the internet. Its socket calls are the room's too (`Sockets`).
targets += [
    .target(name: "Sockets", swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(name: "SearchServer", dependencies: ["Sockets"], swiftSettings: [.swiftLanguageMode(.v6)]),
    .testTarget(name: "SearchServerTests", dependencies: ["SearchServer"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
]

// The grader: all logic in a testable library, a thin executable that `Scripts/grade.sh` runs.
// KataRoom is the instructor's live room (server, page, and the attendee's sender); it needs
// nothing of the grader, so its tests stay small.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]
// The grader's pure core is optimised even in the debug build grade.sh makes: attendees wait on
// it dozens of times an hour, and unoptimised, its catalog, plan, fingerprints and scans cost
// 0.02 s of every grade. Only the core: optimising the whole grader gained a few milliseconds
// more, and made its first build three times as long (65 s against 22 s; the core alone, 37 s).
let optimisedCore: [SwiftSetting] = swift6 + [.unsafeFlags(["-O"])]
targets += [
    .target(name: "KataGradingKernel"),
    .target(name: "KataVerdicts", swiftSettings: swift6),
    // The room page is edited as files (Page/room.html, .css, .js), which RoomPageFiles.swift embeds
    // (Scripts/room-page.sh writes it): they are not sources of the module.
    .target(name: "KataRoom", dependencies: ["KataVerdicts", "Sockets"], exclude: ["Page"], swiftSettings: swift6),
    .testTarget(name: "KataRoomTests", dependencies: ["KataRoom", "KataVerdicts", "Sockets"], swiftSettings: swift6),
    .target(name: "KataGradingCore", dependencies: ["KataVerdicts"], swiftSettings: optimisedCore),
    .testTarget(name: "KataGradingCoreTests", dependencies: ["KataGradingCore"], exclude: ["Golden"], swiftSettings: swift6),
    .target(name: "KataBuildReplay", dependencies: ["KataGradingCore"], swiftSettings: swift6),
    .testTarget(name: "KataBuildReplayTests", dependencies: ["KataBuildReplay", "KataGradingCore"], swiftSettings: swift6),
    .target(name: "KataGrading", dependencies: ["KataGradingKernel", "KataGradingCore", "KataBuildReplay", "KataVerdicts", "KataRoom"],
            swiftSettings: swift6),
    .executableTarget(name: "KataGrader", dependencies: ["KataGrading", "KataGradingCore"], swiftSettings: swift6),
    .testTarget(name: "KataGradingTests", dependencies: ["KataGrading", "KataGradingCore", "KataTestSupport"], swiftSettings: swift6),
    // Where the kata's own tests find the grader binary built beside them, and the checkout they were built from.
    .target(name: "KataTestSupport", path: "Tests/KataTestSupport", swiftSettings: swift6),
    // The real grader binary (built beside the tests) over a mini course of its own, end to end.
    .testTarget(name: "KataEndToEndTests", dependencies: ["KataTestSupport"], exclude: ["MiniCourse"], swiftSettings: swift6),
    // The kata's own cases (the weak suites of Tests/Fixtures/ and the attacks of Tests/Attacks/), one Swift test each, graded by the
    // real grader binary over this checkout (Tests/KataCasesTests/GradedCases.swift).
    .testTarget(name: "KataCasesTests", dependencies: ["KataGrading", "KataGradingCore", "KataVerdicts", "KataTestSupport"],
                swiftSettings: swift6),
]

let package = Package(
    name: "AsyncTestingKata",
    platforms: [.macOS(.v13)],
    products: [.executable(name: "KataGrader", targets: ["KataGrader"])],
    targets: targets
)
