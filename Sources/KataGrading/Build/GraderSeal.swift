import Foundation
import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the grader trusts under `.build/kata/`, as it stood when a grade's runs began: its own
/// binary and build, the toolchain answers it keeps, the runs it keeps for unchanged tracks
/// (`VerdictCache`), and the shadow copy with its build.
///
/// Tests run with the attendee's rights and could rewrite any of it (wrap the test binary, replace
/// the grader, poison the compiler answers). So before each run the binary it runs is checked,
/// and when the runs are over and nothing of them is alive, everything is: each entry's kind,
/// inode, size and change time (the inode's, which no program can set back). What changed is
/// removed, to be rebuilt, and the grade says so instead of trusting it.
struct GraderSeal: Sendable {
    /// The sealed folders, and the folders under them that the runs themselves write.
    private let roots: [(folder: URL, unsealed: [String])]
    /// Every entry of the sealed folders, as it was sealed (and as the grader itself wrote since).
    private let sealed: Snapshot

    struct Broken: Error, CustomStringConvertible {
        var paths: [String]
        var description: String {
            "a test wrote into the grader's folder (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : "")): the grader removed what changed and rebuilds it; this grade's verdicts are not trusted, so grade again."
        }
    }

    init(state: URL, shadow: URL) {
        roots = [(state.appendingPathComponent("grader"), []), (state.appendingPathComponent("toolchain"), []),
                 (VerdictCache.root(in: state), []), (shadow, ["logs"])]
        sealed = Snapshot(of: roots)
    }

    /// Whether `file` is still the one sealed (a run's binary, before the run). A file outside the
    /// sealed folders, or that was not there when they were sealed, is not the seal's to vouch for.
    func holds(_ file: URL) -> Bool {
        guard let path = key(of: file) else { return true }
        return sealed.matches(path) != 0
    }

    /// Takes `files` as they are now, after the grader itself wrote or removed them while nothing
    /// of a test ran (the build replay's records after it listed its binaries: `SealWatch`). Each is
    /// named as the walk names it: by its root's path, whatever links lead to either.
    func accept(_ files: [URL]) {
        for file in files {
            if let path = key(of: file) { sealed.retake(path) }
        }
    }

    /// `file` as the walk names it (its root's path, then the path inside it), whatever links lead
    /// to either; nil when it lies outside every sealed folder or in a folder left unsealed.
    private func key(of file: URL) -> String? {
        let real = file.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(file.lastPathComponent).path
        for root in roots {
            let folder = root.folder.resolvingSymlinksInPath().path
            guard real.hasPrefix(folder + "/") else { continue }
            let relative = String(real.dropFirst(folder.count + 1))
            if let first = relative.split(separator: "/").first, root.unsealed.contains(String(first)) { return nil }
            return root.folder.path + "/" + relative
        }
        return nil
    }

    /// The paths that changed, appeared or went away since the seal.
    func changes() -> [String] {
        sealed.differences(from: Snapshot(of: roots))
    }

    /// The C snapshot (`kata_snapshot`) a seal keeps, freed with it. `@unchecked Sendable`: it is
    /// changed (`retake`) only before the runs begin, and only read while they run.
    final class Snapshot: @unchecked Sendable {
        private let raw: OpaquePointer?

        init() { raw = kata_snapshot_make() }

        convenience init(of roots: [(folder: URL, unsealed: [String])]) {
            self.init()
            for root in roots {
                let names = root.unsealed.map { strdup($0) }
                defer { names.forEach { free($0) } }
                var pointers = names.map { UnsafePointer<CChar>($0) }
                _ = kata_snapshot_add(raw, root.folder.path, &pointers, Int32(pointers.count))
            }
        }

        deinit { kata_snapshot_free(raw) }

        /// 1: as kept; 0: changed or gone; -1: not kept (`kata_snapshot_matches`).
        func matches(_ path: String) -> Int32 { kata_snapshot_matches(raw, path) }

        func retake(_ path: String) { _ = kata_snapshot_retake(raw, path) }

        /// The paths that differ between this snapshot and `later`, in order.
        func differences(from later: Snapshot) -> [String] {
            final class Found { var paths: [String] = [] }
            let found = Found()
            withExtendedLifetime(found) {
                _ = kata_snapshot_compare(raw, later.raw, { context, path in
                    guard let context, let path else { return }
                    Unmanaged<Found>.fromOpaque(context).takeUnretainedValue().paths.append(String(cString: path))
                }, Unmanaged.passUnretained(found).toOpaque())
            }
            return found.paths
        }
    }

    /// Removes what changed so that it is made again: the grader's binary and `grade.sh`'s checksum
    /// of it when they alone changed (`grade.sh` links the binary again), else the grader's whole
    /// build (a test could have rewritten any object of it); the toolchain answers; every kept run;
    /// the shadow copy's build. A changed folder that stays (one of the copy's sources, say) first
    /// gets its owner's permissions back, which a test could have taken to keep the grader out.
    static func heal(_ changed: [String], state: URL, shadow: URL) {
        for path in changed { GraderFolder.giveOwnerAccess(path) }
        func within(_ folder: URL) -> (String) -> Bool { { $0 == folder.path || $0.hasPrefix(folder.path + "/") } }
        let grader = state.appendingPathComponent("grader")
        let toolchain = state.appendingPathComponent("toolchain")
        let shadowBuild = shadow.appendingPathComponent(".build")
        let graderChanges = changed.filter(within(grader))
        let binary = state.appendingPathComponent("grader/debug/KataGrader").resolvingSymlinksInPath().path
        let stamp = grader.appendingPathComponent("KataGrader.cksum").path
        if !graderChanges.isEmpty, Set(graderChanges).isSubset(of: [binary, stamp]) {
            for path in graderChanges { GraderFolder.removeWhole(URL(fileURLWithPath: path)) }
        } else if !graderChanges.isEmpty {
            GraderFolder.removeWhole(grader)
        }
        if changed.contains(where: within(toolchain)) { GraderFolder.removeWhole(toolchain) }
        if changed.contains(where: within(VerdictCache.root(in: state))) { VerdictCache.forgetAll(in: state) }
        if changed.contains(where: within(shadowBuild)) { GraderFolder.removeWhole(shadowBuild) }
        // The shadow's sources are written again by the next sync; its build record must not vouch for them.
        BuildRecord.forget(in: ShadowPackage(directory: shadow, testsRoot: shadow))
    }
}
