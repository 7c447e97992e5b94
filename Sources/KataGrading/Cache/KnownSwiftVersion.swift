import Foundation
import KataGradingCore

/// The Swift version of the toolchain that builds the tests (`swift --version`, which decides the
/// `needs` verdicts), kept between grades under the toolchain's identity
/// (`GradingMachine.toolchain`, the same one a kept verdict is keyed by), so that a grade does not
/// start the driver to learn what the last grade learnt: about 0.08 s of every edit–grade.
///
/// Kept in `.build/kata/verdicts/swift-version.json`, beside the kept runs and under the same rules
/// (`VerdictCache`): the seal covers it, a grade whose tests changed anything there forgets it
/// with the runs, it is read only when it is a plain file, and it is written only by a grade that
/// holds the checkout's lock, once the seal held (`keep`). A grade that only waits for the
/// lock, or `--list`, asks the driver and keeps nothing, so that nothing is ever written into the
/// folder while another grade's tests run. What was asked travels with the platform
/// (`TestPlatform.askedToolchain`), not in a global.
enum KnownSwiftVersion {
    private struct Kept: Codable, Equatable {
        var toolchain: String
        var swiftVersion: Version
    }

    static func file(in state: URL) -> URL {
        VerdictCache.root(in: state).appendingPathComponent("swift-version.json")
    }

    /// The kept version when it names this toolchain, else `ask`'s answer (kept later by `keep`,
    /// `asked` set to the toolchain's identity), nil when the driver does not say. The driver is asked whatever was kept with
    /// `askAgain` (`--regrade`), and when the kept version is below `needed` (the newest Swift an
    /// exercise requires): a kept answer alone never judges an exercise *needs*, so a hand-edited
    /// file can cost at most the driver's 0.08 s, never a verdict.
    static func version(swift: String, state: URL, askAgain: Bool = false, needed: Version? = nil, asked: inout String?,
                        ask: () -> Version?) -> Version? {
        let toolchain = GradingMachine.toolchain(swift: swift)
        if !askAgain, let kept = read(state), kept.toolchain == toolchain, needed.map({ kept.swiftVersion >= $0 }) ?? true {
            return kept.swiftVersion
        }
        guard let version = ask() else { return nil }
        asked = toolchain
        return version
    }

    /// Writes what `platform`'s making asked of the driver (`TestPlatform.askedToolchain`) into
    /// `state`, unless it is kept there already (the next grade of a `--watch`). Called by a grade
    /// holding the checkout's lock, after its seal check.
    static func keep(_ platform: TestPlatform, in state: URL) {
        guard let toolchain = platform.askedToolchain, let version = platform.swiftVersion else { return }
        let kept = Kept(toolchain: toolchain, swiftVersion: version)
        guard read(state) != kept, let data = try? JSONEncoder().encode(kept) else { return }
        let folder = VerdictCache.root(in: state)
        guard (try? GraderFolder.makeReal(folder, within: state)) != nil else { return }
        // Written aside and renamed over the name: a link there is replaced, never followed.
        try? data.write(to: file(in: state), options: .atomic)
    }

    private static func read(_ state: URL) -> Kept? {
        FileContents.data(at: file(in: state), followingLinks: false).flatMap { try? JSONDecoder().decode(Kept.self, from: $0) }
    }
}
