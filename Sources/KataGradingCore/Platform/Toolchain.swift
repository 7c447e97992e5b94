import Foundation

/// The toolchain whose `swift` the grader builds with, and what SwiftPM finds inside it on a Mac:
/// the testing helper, its own Swift Testing, and what a run and a build need to reach that.
///
/// Found from the toolchain itself (`swift -print-target-info`), never through `xcrun`: `xcrun`
/// follows `xcode-select` and `TOOLCHAINS`, not `PATH`, so with swiftly's or a swift.org
/// toolchain first on the `PATH`, `xcrun` names another toolchain than the one `swift build`
/// runs. SwiftPM takes these from its own toolchain too (docs/platforms.md, rows 4 and 5).
public struct Toolchain: Equatable, Sendable {
    /// Its `usr` folder: `<usr>/bin/swift`, `<usr>/lib/swift`, `<usr>/libexec/swift/pm`.
    public var usr: String
    /// Where it keeps Swift Testing outside the SDK, if it does.
    public var swiftTesting: SwiftTestingLocation?

    public enum SwiftTestingLocation: Equatable, Sendable, CustomStringConvertible {
        /// The Command Line Tools: `<root>/Library/Developer/Frameworks`, which holds
        /// `Testing.framework`; `_TestingInterop`'s library is in `<root>/Library/Developer/usr/lib`.
        case frameworks(String)
        /// A swift.org or swiftly toolchain: `<usr>/lib/swift/macosx/testing`, a module and a library.
        case library(String)

        public var description: String {
            switch self {
            case .frameworks(let folder): return "frameworks \(folder)"
            case .library(let folder): return "library \(folder)"
            }
        }
    }

    /// SwiftPM's rule (`UserToolchain.deriveSwiftTestingPath`): the Command Line Tools' frameworks
    /// folder if it holds `Testing.framework`, else the toolchain's `lib/swift/macosx/testing` if
    /// it exists, else none (Xcode's Swift Testing is in its SDK platform).
    public init(usr: String, exists: (String) -> Bool) {
        self.usr = usr
        let root = (usr as NSString).deletingLastPathComponent
        let frameworks = root + "/Library/Developer/Frameworks"
        let library = usr + "/lib/swift/macosx/testing"
        if exists(frameworks + "/Testing.framework") {
            swiftTesting = .frameworks(frameworks)
        } else if exists(library) {
            swiftTesting = .library(library)
        }
    }

    /// The `usr` folder that `swift -print-target-info` names: its runtime resource path is
    /// `<usr>/lib/swift`. Asked of the `swift` itself, so a launcher in between (swiftly's proxy,
    /// `/usr/bin/swift`) answers for the toolchain it runs.
    public static func usr(fromTargetInfo data: Data) -> String? {
        struct TargetInfo: Decodable {
            struct Paths: Decodable { var runtimeResourcePath: String }
            var paths: Paths
        }
        guard let resources = try? JSONDecoder().decode(TargetInfo.self, from: data).paths.runtimeResourcePath,
              resources.hasSuffix("/lib/swift") else { return nil }
        return String(resources.dropLast("/lib/swift".count))
    }

    /// SwiftPM's testing helper, beside the compiler that SwiftPM runs with.
    public var testingHelper: String { usr + "/libexec/swift/pm/swiftpm-testing-helper" }
    /// SwiftPM's XCTest lister, when this toolchain ships it (Xcode's do; swift.org's do not).
    public var xctestHelper: String { usr + "/libexec/swift/pm/swiftpm-xctest-helper" }

    /// What a test run adds to the dynamic loader's search paths to load this toolchain's Swift
    /// Testing (SwiftPM's `TestingSupport.constructTestEnvironment` from 6.2; with the Command Line
    /// Tools, as fixed on SwiftPM's main: the frameworks folder and `_TestingInterop`'s folder).
    public var runSearchPaths: (frameworks: [String], libraries: [String]) {
        switch swiftTesting {
        case .frameworks(let folder):
            return ([folder], [(folder as NSString).deletingLastPathComponent + "/usr/lib"])
        case .library(let folder):
            return ([], [folder])
        case nil:
            return ([], [])
        }
    }

    /// What `swift build` needs to find this toolchain's Swift Testing: the Command Line Tools'
    /// framework folder as a framework search path (`-F`), which SwiftPM 6.0–6.1 passed and 6.2–6.3
    /// pass as `-I`/`-L` instead ("no such module 'Testing'"). Given to the compiler, it reaches
    /// the link too (SwiftPM passes `-Xswiftc` flags to the linking `swiftc`).
    public var buildFlags: [String] {
        guard case .frameworks(let folder) = swiftTesting else { return [] }
        return ["-Xswiftc", "-F", "-Xswiftc", folder]
    }
}
