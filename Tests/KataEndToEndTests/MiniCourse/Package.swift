// swift-tools-version:6.0
import PackageDescription

// A mini course for the kata's end-to-end test (Tests/KataEndToEndTests): one legacy module, three
// exercises, laid out as the kata is, so that the real grader can grade it.
let settings: [SwiftSetting] = [.swiftLanguageMode(.v5)]
let package = Package(
    name: "MiniKata",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Greeting", swiftSettings: settings),
        .testTarget(name: "GreetingExercises", dependencies: ["Greeting"], path: "Exercises/Greeting", swiftSettings: settings),
        .testTarget(name: "GreetingSolutions", dependencies: ["Greeting"], path: "Solutions/Greeting", swiftSettings: settings),
    ]
)
