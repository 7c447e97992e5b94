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
struct GraderSeal {
    struct Entry: Equatable {
        var inode: UInt64, size: UInt64, mode: UInt32, modified: Int64, changed: Int64
    }

    /// The sealed folders, and the folders under them that the runs themselves write.
    private let roots: [(folder: URL, unsealed: Set<String>)]
    private var entries: [String: Entry]

    struct Broken: Error, CustomStringConvertible {
        var paths: [String]
        var description: String {
            "a test wrote into the grader's folder (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : "")): the grader removed what changed and rebuilds it; this grade's verdicts are not trusted, so grade again."
        }
    }

    init(state: URL, shadow: URL) {
        roots = [(state.appendingPathComponent("grader"), []), (state.appendingPathComponent("toolchain"), []),
                 (VerdictCache.root(in: state), []), (shadow, ["logs"])]
        var entries: [String: Entry] = [:]
        for root in roots { Self.walk(root.folder, skipping: root.unsealed) { entries[$0] = $1 } }
        self.entries = entries
    }

    /// Whether `file` is still the one sealed (a run's binary, before the run). A file outside the
    /// sealed folders, or that was not there when they were sealed, is not the seal's to vouch for.
    func holds(_ file: URL) -> Bool {
        guard let path = key(of: file), let sealed = entries[path] else { return true }
        var entry = kata_entry()
        return kata_identity(path, &entry) == 0 && Self.entry(entry) == sealed
    }

    /// Takes `files` as they are now, after the grader itself wrote or removed them while nothing
    /// of a test ran (the build replay's records after it listed its binaries: `SealWatch`). Each is
    /// named as the walk names it: by its root's path, whatever links lead to either.
    mutating func accept(_ files: [URL]) {
        for file in files {
            guard let path = key(of: file) else { continue }
            var entry = kata_entry()
            entries[path] = kata_identity(path, &entry) == 0 ? Self.entry(entry) : nil
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
        var now: [String: Entry] = [:]
        for root in roots { Self.walk(root.folder, skipping: root.unsealed) { now[$0] = $1 } }
        return Set(entries.keys).union(now.keys).filter { entries[$0] != now[$0] }.sorted()
    }

    /// Removes what changed so that it is made again: the grader's binary and `grade.sh`'s checksum
    /// of it when they alone changed (`grade.sh` links the binary again), else the grader's whole
    /// build (a test could have rewritten any object of it); the toolchain answers; every kept run;
    /// the shadow copy's build.
    static func heal(_ changed: [String], state: URL, shadow: URL) {
        let fm = FileManager.default
        let grader = state.appendingPathComponent("grader").path + "/"
        let toolchain = state.appendingPathComponent("toolchain").path + "/"
        let shadowBuild = shadow.appendingPathComponent(".build").path + "/"
        let graderChanges = changed.filter { $0.hasPrefix(grader) }
        let binary = state.appendingPathComponent("grader/debug/KataGrader").resolvingSymlinksInPath().path
        let stamp = grader + "KataGrader.cksum"
        if !graderChanges.isEmpty, Set(graderChanges).isSubset(of: [binary, stamp]) {
            for path in graderChanges { try? fm.removeItem(atPath: path) }
        } else if !graderChanges.isEmpty {
            try? fm.removeItem(atPath: grader)
        }
        if changed.contains(where: { $0.hasPrefix(toolchain) }) { try? fm.removeItem(atPath: toolchain) }
        let verdicts = VerdictCache.root(in: state).path
        if changed.contains(where: { $0 == verdicts || $0.hasPrefix(verdicts + "/") }) { VerdictCache.forgetAll(in: state) }
        if changed.contains(where: { $0.hasPrefix(shadowBuild) }) { try? fm.removeItem(atPath: shadowBuild) }
        // The shadow's sources are written again by the next sync; its build record must not vouch for them.
        BuildRecord.forget(in: ShadowPackage(directory: shadow, testsRoot: shadow))
    }

    /// A folder's own times change whenever an entry comes or goes, which the walk sees anyway:
    /// only its inode and kind are kept.
    private static func entry(_ raw: kata_entry) -> Entry {
        if raw.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) { return Entry(inode: raw.inode, size: 0, mode: raw.mode, modified: 0, changed: 0) }
        return Entry(inode: raw.inode, size: raw.size, mode: raw.mode, modified: raw.modified, changed: raw.changed)
    }

    private static func walk(_ folder: URL, skipping: Set<String>, _ take: (String, Entry) -> Void) {
        final class Visit {
            var found: [(String, Entry)] = []
            let skipping: Set<String>
            init(skipping: Set<String>) { self.skipping = skipping }
        }
        let visit = Visit(skipping: skipping)
        var root = kata_entry()
        guard kata_identity(folder.path, &root) == 0 else { return }
        withExtendedLifetime(visit) {
            _ = kata_walk(folder.path, { context, relative, entry in
                guard let context, let relative, let entry else { return 0 }
                let visit = Unmanaged<Visit>.fromOpaque(context).takeUnretainedValue()
                let path = String(cString: relative)
                if visit.skipping.contains(path) { return 0 }
                visit.found.append((path, GraderSeal.entry(entry.pointee)))
                return 1
            }, Unmanaged.passUnretained(visit).toOpaque())
        }
        take(folder.path, entry(root))
        for (path, entry) in visit.found { take(folder.path + "/" + path, entry) }
    }
}
