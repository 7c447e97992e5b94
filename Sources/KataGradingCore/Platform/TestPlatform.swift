/// Everything the grader decides differently on Linux and on macOS, decided here from plain facts,
/// so that the macOS decisions are unit-tested and exercised on Linux too (docs/platforms.md has
/// the sources of each).
///
/// The facts come from `TestPlatform.current` (KataGrading/Platform): the system, the versions,
/// and on macOS the tools SwiftPM itself would use. With `KATA_PLATFORM=macos` on Linux, the grader
/// takes every macOS decision that is not a call to the operating system (`simulated`): the
/// self-test's second pass, so that a macOS-only branch that breaks fails CI here.
public struct TestPlatform: Equatable, Sendable {
    public enum System: String, Sendable { case linux, macOS }

    /// Whose decisions the grader takes.
    public let system: System
    /// True when `system` is macOS but the grader runs on Linux: the test product is Linux's, and
    /// the macOS tools are played by the grader itself (`TestInvocation.standingIn`).
    public let simulated: Bool
    /// macOS: the system's version (`ProcessInfo.operatingSystemVersion`, or the simulated one).
    public let osVersion: Version?
    /// The version of the toolchain that builds the tests (`swift --version`, not the compiler
    /// that built the grader): nil when it could not be read.
    public let swiftVersion: Version?
    /// macOS: Xcode's `xctest` (`xcrun --sdk macosx --find xctest`); nil without Xcode.
    public let xctest: String?
    /// macOS: the toolchain whose `swift` the grader builds with (`Toolchain`), found from that
    /// `swift`; nil when it did not say.
    public let toolchain: Toolchain?
    /// macOS: that toolchain's `swiftpm-testing-helper` (`…/usr/libexec/swift/pm/`).
    public let testingHelper: String?
    /// macOS: Xcode's `swiftpm-xctest-helper`, which lists a bundle's XCTest tests.
    public let xctestHelper: String?
    /// macOS: the SDK platform folder (`xcrun --sdk macosx --show-sdk-platform-path`), for the
    /// frameworks and libraries SwiftPM adds to the test's search paths; nil without Xcode.
    public let sdkPlatform: String?
    /// macOS: the developer folder `xcode-select -p` names (Xcode's, or the Command Line Tools');
    /// nil when none is selected. Reported by `grade.sh --doctor`; no decision reads it.
    public let developerDirectory: String?
    /// The machine's cores, which the run width follows.
    public let cores: Int
    /// A width chosen by hand (`KATA_RUN_WIDTH`), for measuring: overrides `runWidth`.
    public let fixedWidth: Int?
    /// The identity of the toolchain whose driver was asked `swiftVersion` when this platform was
    /// made (KataGrading's `KnownSwiftVersion`, which a grade keeps after its seal check); nil when
    /// the version came from what was kept, or from the environment. No decision reads it.
    public var askedToolchain: String?

    public init(system: System, simulated: Bool = false, osVersion: Version? = nil, swiftVersion: Version? = nil,
                toolchain: Toolchain? = nil, xctest: String? = nil, testingHelper: String? = nil, xctestHelper: String? = nil,
                sdkPlatform: String? = nil, developerDirectory: String? = nil, cores: Int = 2, fixedWidth: Int? = nil) {
        self.system = system
        self.simulated = simulated
        self.osVersion = osVersion
        self.swiftVersion = swiftVersion
        self.toolchain = toolchain
        self.xctest = xctest
        self.testingHelper = testingHelper
        self.xctestHelper = xctestHelper
        self.sdkPlatform = sdkPlatform
        self.developerDirectory = developerDirectory
        self.cores = cores
        self.fixedWidth = fixedWidth
        // The decisions, taken here once from the facts above: every later stage reads them as
        // stored values and never asks the platform again.
        usesBuildReplay = system.usesBuildReplay
        ignoresCase = system.ignoresCase
        attestsExit = system.attestsExit
        reliesOnSubreaper = system.reliesOnSubreaper
        lacksXCTest = system == .macOS && xctest == nil
        runWidth = fixedWidth ?? min(Self.widthCap, max(4, Self.runsPerCore * max(1, cores)))
        buildFlags = system == .macOS ? toolchain?.buildFlags ?? [] : []
        notice = lacksXCTest ? Self.lacksXCTestNotice : nil
        decisions = ["system \(system.rawValue)", "simulated \(simulated)", "os \(osVersion?.description ?? "-")",
                     "swift \(swiftVersion?.description ?? "-")",
                     "toolchain \(toolchain.map { "\($0.usr), swift testing \($0.swiftTesting?.description ?? "-")" } ?? "-")",
                     "xctest \(xctest ?? "-")", "testing-helper \(testingHelper ?? "-")",
                     "xctest-helper \(xctestHelper ?? "-")", "sdk \(sdkPlatform ?? "-")", "width \(runWidth)",
                     "build-replay \(usesBuildReplay)"].joined(separator: "; ")
    }

    // MARK: - The decisions

    /// Every fact the decisions below are taken from, in one line: part of the key of the runs a
    /// grade keeps (`VerdictKey`), so that runs made taking one platform's decisions never stand
    /// for a grade taking another's (`KATA_PLATFORM=macos`, a simulated version or Xcode, a width).
    public let decisions: String

    /// The Linux build replay, when this platform uses it (`System.usesBuildReplay`).
    public let usesBuildReplay: Bool

    /// Whether a file name is found whatever its case (`System.ignoresCase`).
    public let ignoresCase: Bool

    /// The name under which `name` is found among a folder's `present` names: itself, or on a
    /// system that ignores case the one name that differs from it only in case (an editor that
    /// saved `SearchFiresRequestTests.swift` as `searchfiresrequesttests.swift`). Linux taking
    /// macOS's decisions looks files up so, as a Mac's disk does.
    public func lookUp(_ name: String, among present: [String]) -> String? {
        Self.lookUp(name, among: present, ignoringCase: ignoresCase)
    }

    public static func lookUp(_ name: String, among present: [String], ignoringCase: Bool) -> String? {
        if present.contains(name) { return name }
        guard ignoringCase else { return nil }
        let matches = present.filter { Self.differOnlyInCase($0, name) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Two names a case-insensitive disk holds as one file (and git and Linux as two).
    public static func differOnlyInCase(_ a: String, _ b: String) -> Bool {
        a != b && a.lowercased() == b.lowercased()
    }

    /// Whether a run passes only when the hook saw the framework's own library call `exit` with the
    /// status the process ended with (`System.attestsExit`).
    public let attestsExit: Bool

    /// Whether what a test starts is ended through a child subreaper (`System.reliesOnSubreaper`).
    public let reliesOnSubreaper: Bool

    /// Xcode is missing (only the Command Line Tools): no `xctest`, and `import XCTest` does not
    /// compile, so XCTest tracks are left out of the build and cannot be graded.
    public let lacksXCTest: Bool

    /// Runs at once. Most runs wait for a timeout or a delayed answer rather than compute, so the
    /// pool is wider than the machine; but a correct variant answers a few hundred milliseconds
    /// late against a test's one-second wait, and too many runs per core stretch that margin into
    /// a wrong verdict. Measured on 2 cores (README, "Platforms"): 4, 8 and 16 at once kept every
    /// verdict of the solutions and fixtures alike, and 32 broke one. Four per core is half the
    /// densest that held; the cap, the widest that held, bounds a many-core laptop, where nothing
    /// was measured.
    public let runWidth: Int
    public static let runsPerCore = 4
    public static let widthCap = 16

    /// The platform's one line about itself before a grade, when it has something to say: what a
    /// Mac without Xcode cannot do, what to install, and what still works.
    public let notice: String?
    static let lacksXCTestNotice = "This Mac has the Command Line Tools but not Xcode, so XCTest exercises cannot run here (\"needs Xcode\"). Install Xcode from the App Store and run `sudo xcode-select -s /Applications/Xcode.app`; until then, every exercise has a Swift Testing track: Scripts/grade.sh --framework swift-testing."

    /// What `track` needs that this machine lacks, said as the grader says it: `Swift 6.2 (this
    /// toolchain is 6.1)`, `macOS 26 (this Mac has 15.5)`, `Xcode (this Mac has only the Command
    /// Line Tools)`. Nil when it can run here. An unknown version never blocks a track.
    public func unmet(_ requirements: Catalog.Requirements, framework: Catalog.Framework) -> Unmet? {
        if let needed = requirements.swift, let have = swiftVersion, have < needed {
            return Unmet(what: "Swift \(needed)", have: "this toolchain is \(have)",
                         install: "Install Swift \(needed) or later (https://www.swift.org/install; on a Mac, the Xcode that carries it)")
        }
        if system == .macOS, let needed = requirements.macOS, let have = osVersion, have < needed {
            return Unmet(what: "macOS \(needed)", have: "this Mac has \(have)", install: "Update this Mac to macOS \(needed) or later")
        }
        if framework == .xctest, lacksXCTest {
            return Unmet(what: "Xcode", have: "this Mac has only the Command Line Tools",
                         install: "Install Xcode, or do this exercise's Swift Testing track (Scripts/grade.sh --framework swift-testing)")
        }
        return nil
    }

    public struct Unmet: Equatable, Sendable {
        /// `macOS 26`
        public var what: String
        /// `this Mac has 15.5`
        public var have: String
        /// What would make it run.
        public var install: String

        /// `macOS 26 (this Mac has 15.5)`
        public var text: String { "\(what) (\(have))" }
    }

    // MARK: - The test product

    /// The test product at `path` (`<bin path>/<Package>PackageTests.xctest`, in the folder that
    /// `swift build --show-bin-path` names): on Linux one executable; on macOS a bundle, whose code
    /// is `Contents/MacOS/<name>` inside it (SwiftPM `BuildParameters.swift`, `BuiltTestProduct.swift`).
    /// A simulated macOS builds Linux's product.
    public func testProduct(at path: String) -> TestProduct {
        guard system == .macOS, !simulated else { return TestProduct(binary: path, bundle: path) }
        let name = String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".xctest", with: "")
        return TestProduct(binary: path + "/Contents/MacOS/" + name, bundle: path)
    }

    /// What `swift build` adds on this platform: on a Mac, what the toolchain needs to find its own
    /// Swift Testing (`Toolchain.buildFlags`); nothing on Linux.
    public let buildFlags: [String]

    /// SwiftPM's additions to a test's environment on macOS (`TestingSupport.swift`), for XCTest
    /// and Swift Testing runs alike: the toolchain's own Swift Testing first, then the SDK
    /// platform's frameworks and libraries; appended, so that the attendee's own come first.
    func dynamicLibraryPaths(inherited: [String: String]) -> [String: String] {
        guard system == .macOS else { return [:] }
        let own = toolchain?.runSearchPaths ?? (frameworks: [], libraries: [])
        let frameworks = own.frameworks + (sdkPlatform.map { [$0 + "/Developer/Library/Frameworks", $0 + "/Developer/Library/PrivateFrameworks"] } ?? [])
        let libraries = own.libraries + (sdkPlatform.map { [$0 + "/Developer/usr/lib"] } ?? [])
        var environment: [String: String] = [:]
        for (key, paths) in [("DYLD_FRAMEWORK_PATH", frameworks), ("DYLD_LIBRARY_PATH", libraries)] where !paths.isEmpty {
            environment[key] = ([inherited[key]].compactMap { $0 }.filter { !$0.isEmpty } + paths).joined(separator: ":")
        }
        return environment
    }
}

extension TestPlatform.System {
    /// The Linux build replay (KataBuildReplay): cached compiler answers, content-hashed
    /// incremental builds, Swift Testing tracks relinked without SwiftPM, and no `swift build` when
    /// nothing changed. Each relies on how SwiftPM builds on Linux (its plan, its discovery module,
    /// an executable test product); on macOS SwiftPM does every build.
    public var usesBuildReplay: Bool { self == .linux }

    /// Linux makes the supervisor a child subreaper, so a process a test moved out of its group is
    /// re-parented to it and ended. macOS has none: the supervisor ends what carries the run's mark
    /// in its environment instead (`Supervisor`), and a process that leaves both survives.
    public var reliesOnSubreaper: Bool { self == .linux }

    /// macOS's default disk (APFS, case-insensitive) finds `a.swift` as `A.swift`; Linux's do
    /// not. A Mac formatted case-sensitive behaves as Linux, and the grader's notes hold there too.
    public var ignoresCase: Bool { self == .macOS }

    /// Linux: the hook hears the status passed to `exit` (glibc's `on_exit`), and who called it is
    /// `libTesting.so` at the end of a Swift Testing run and `libXCTest.so` at the end of an XCTest
    /// one (measured here, Swift 6.3.1). macOS has no `on_exit`, and which image calls `exit` there
    /// (XCTest's `xctest` tool, SwiftPM's testing helper) was never seen: the hook still reports
    /// it, and the run is judged on its records alone.
    public var attestsExit: Bool { self == .linux }
}

/// The test product of a shadow build.
public struct TestProduct: Equatable, Sendable {
    /// What runs: the Linux executable, or the macOS bundle's inner binary.
    public var binary: String
    /// The bundle folder on macOS (what `xctest` loads); the executable on Linux.
    public var bundle: String

    public init(binary: String, bundle: String) {
        self.binary = binary
        self.bundle = bundle
    }
}
