import Foundation

/// The files under a folder, listed and written the way an incremental build needs: a file is
/// rewritten only when what it holds changed. Used by the shadow copy, `--demo`'s scratch copies,
/// the maintainers' check and the record of the shipped sources.
enum FileTree {
    /// Writes `text` to `url`, unless the file already holds it.
    static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// Writes `data` to `url`, unless the file already holds it.
    static func write(_ data: Data, to url: URL) throws {
        let fm = FileManager.default
        if fm.contents(atPath: url.path) == data { return }
        let previous = (try? fm.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        // The incremental build compares modification times at one-second granularity: a file
        // rewritten within the second of its previous version would look unchanged and keep its
        // old object code. Move its time past that second.
        if let previous {
            let next = (previous.timeIntervalSince1970 + 1).rounded(.down)
            if Date().timeIntervalSince1970 < next {
                try fm.setAttributes([.modificationDate: Date(timeIntervalSince1970: next)], ofItemAtPath: url.path)
            }
        }
    }

    /// The Swift files under `directory`, as paths relative to it, sorted.
    static func swiftFiles(under directory: URL) throws -> [String] {
        try files(under: directory).filter { $0.hasSuffix(".swift") }
    }

    /// Every file under `directory`, as paths relative to it, sorted.
    static func files(under directory: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue { files.append(path) }
        }
        return files.sorted()
    }

    /// Removes every file under `directory` not in `keep` (the files just written), whatever its kind.
    static func removeFiles(under directory: URL, except keep: Set<String>) throws {
        for file in try files(under: directory) where !keep.contains(file) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(file))
        }
    }
}
