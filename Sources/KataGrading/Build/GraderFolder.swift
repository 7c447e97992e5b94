import Foundation
import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the grader's own folder (`.build/kata/`) the grader's: no write goes through a link.
///
/// A test runs with the attendee's rights and can replace a folder the grader writes into with a
/// link (to the checkout's `Sources/` or `Exercises/`, say); a write through it would change the
/// attendee's files. So every folder from `.build/kata/` down to the one written is checked to be
/// a folder, not a link, and a link found is removed (the link itself, never what it points to).
enum GraderFolder {
    /// Makes `folder` and every folder between `state` (`.build/kata`) and it real folders.
    static func makeReal(_ folder: URL, within state: URL) throws {
        var current = state.standardizedFileURL
        let rest = folder.standardizedFileURL.path.dropFirst(current.path.count).split(separator: "/")
        try makeReal(current)
        for component in rest {
            current.appendPathComponent(String(component))
            try makeReal(current)
        }
    }

    private static func makeReal(_ folder: URL) throws {
        var entry = kata_entry()
        if kata_identity(folder.path, &entry) == 0, entry.mode & UInt32(S_IFMT) != UInt32(S_IFDIR) {
            try FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Removes every link under `folder` (which holds only what the grader writes, never a link),
    /// and returns their paths.
    @discardableResult
    static func removeLinks(under folder: URL) -> [String] {
        final class Found { var links: [String] = [] }
        let found = Found()
        _ = withExtendedLifetime(found) {
            kata_walk(folder.path, { context, relative, entry in
                guard let context, let relative, let entry else { return 0 }
                let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                if entry.pointee.mode & UInt32(S_IFMT) == UInt32(S_IFLNK) { found.links.append(String(cString: relative)); return 0 }
                return 1
            }, Unmanaged.passUnretained(found).toOpaque())
        }
        return found.links.map { link in
            let url = folder.appendingPathComponent(link)
            try? FileManager.default.removeItem(at: url)
            return url.path
        }
    }

    /// Removes `folder` and everything in it, whatever a test did to the permissions of the folders
    /// inside (a folder without them cannot be listed, so it and all above it would stay, and every
    /// later build or run that needs it would fail, `rm -rf` included). Called when nothing of a
    /// test runs any more (its run is over, or the grade's).
    static func removeWhole(_ folder: URL) {
        giveOwnerAccess(under: folder)
        try? FileManager.default.removeItem(at: folder)
    }

    /// What a test took away from the grader's folder, given back: a grade that failed for it says so.
    struct AccessTaken: Error, CustomStringConvertible {
        var paths: [String]
        var description: String {
            "a test took away your permissions on folders of the grader's (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : "")): the grader gave them back; this grade's verdicts are not trusted, so grade again."
        }
    }

    /// Gives the owner read, write and search again on `folder` and every folder under it that
    /// lacks one (a test could have taken them, to keep the grader out); returns those it changed.
    /// A link is never followed nor changed. Called when nothing of a test runs any more, so
    /// nothing swaps a folder for a link between the look and the `chmod`.
    @discardableResult
    static func giveOwnerAccess(under folder: URL) -> [String] {
        final class Walk { var root = ""; var changed: [String] = [] }
        let walk = Walk()
        walk.root = folder.path
        guard let isFolder = giveOwnerAccess(folder.path) else { return [] }
        if isFolder.changed { walk.changed.append(folder.path) }
        guard isFolder.folder else { return walk.changed }
        withExtendedLifetime(walk) {
            _ = kata_walk(folder.path, { context, relative, entry in
                guard let context, let relative, let entry else { return 0 }
                guard entry.pointee.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else { return 0 }
                let walk = Unmanaged<Walk>.fromOpaque(context).takeUnretainedValue()
                // Before the walk goes in: it lists the folder next.
                if entry.pointee.mode & 0o700 != 0o700 {
                    let path = walk.root + "/" + String(cString: relative)
                    _ = chmod(path, mode_t(entry.pointee.mode & 0o7777) | 0o700)
                    walk.changed.append(path)
                }
                return 1
            }, Unmanaged.passUnretained(walk).toOpaque())
        }
        return walk.changed
    }

    /// Gives a folder's owner read, write and search on it again; nil when nothing is at `path`,
    /// `folder` false when it is no folder (a link is left alone).
    @discardableResult
    static func giveOwnerAccess(_ path: String) -> (folder: Bool, changed: Bool)? {
        var entry = kata_entry()
        guard kata_identity(path, &entry) == 0 else { return nil }
        guard entry.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else { return (false, false) }
        guard entry.mode & 0o700 != 0o700 else { return (true, false) }
        _ = chmod(path, mode_t(entry.mode & 0o7777) | 0o700)
        return (true, true)
    }
}
