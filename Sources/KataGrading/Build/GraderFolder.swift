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
/// What was removed is said once, by whoever asks `removedLinks()`.
enum GraderFolder {
    private static let removed = Locked<[String]>([])

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
            removed.withLock { $0.append(folder.path) }
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Removes every link under `folder` (which holds only what the grader writes, never a link).
    static func removeLinks(under folder: URL) {
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
        for link in found.links {
            let url = folder.appendingPathComponent(link)
            try? FileManager.default.removeItem(at: url)
            removed.withLock { $0.append(url.path) }
        }
    }

    /// The links removed since the last call.
    static func removedLinks() -> [String] {
        removed.withLock { links in defer { links = [] }; return links }
    }
}
