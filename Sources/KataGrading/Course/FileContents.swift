import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain file's bytes, or its text, read whole: what a grade reads of the attendee's files, of
/// SwiftPM's and of its own state, and what `--watch` reads of every Swift file under `Exercises/`
/// twice a second.
///
/// Not `Data(contentsOf:)`, `String(contentsOf:)` or `FileManager.contents(atPath:)`, which leak on
/// Linux for an empty file (docs/platforms.md row 27): swift-foundation (6.3.1, `readBytesFromFile` in `Data+Reading.swift`)
/// reads a file whose size is 0 into a 4 KiB buffer of its own, since some files there (`/proc`)
/// say 0 and hold text, and when nothing came returns an empty `Data` without freeing it. A
/// `--watch` beside one empty file grew by 8 KiB a second, and every grade lost 4 KiB on SwiftPM's
/// empty discovery file. A `FileHandle` frees what it read. Opened without waiting, so a pipe put
/// in a file's place is refused, not waited on.
enum FileContents {
    /// `followingLinks: false` for what the grader wrote itself (its kept runs, its state): a link
    /// a test could have put in its place is refused where it is opened, not read through.
    static func data(at url: URL, followingLinks: Bool = true) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (try? handle.readToEnd()) ?? Data()
    }

    /// The file's text, nil when it cannot be read or is not UTF-8.
    static func text(at url: URL) -> String? {
        data(at: url).flatMap { String(data: $0, encoding: .utf8) }
    }
}
