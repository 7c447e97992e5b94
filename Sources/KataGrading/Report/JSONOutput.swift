import Foundation

/// Where `--json` sends the report: standard output (instead of the text), or a file (as well).
public enum JSONOutput: Equatable, Sendable {
    case standardOutput
    case file(String)

    /// Writes the report; false (after saying why and what to do) when the file cannot be written.
    func write(_ report: JSONReport) -> Bool {
        switch self {
        case .standardOutput:
            FileHandle.standardOutput.write(report.encoded())
            return true
        case .file(let path):
            do {
                try report.encoded().write(to: URL(fileURLWithPath: path))
                return true
            } catch {
                StandardError().write("grade.sh: cannot write the results to \(path): \(Self.whyUnwritable(path)). Choose a file in a folder you can write, for example --json=results.json.\n")
                return false
            }
        }
    }

    /// One plain reason, rather than Foundation's error dump.
    static func whyUnwritable(_ path: String) -> String {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        let folder = url.deletingLastPathComponent().path
        if !fm.fileExists(atPath: folder) { return "the folder \(folder) does not exist" }
        if !fm.isWritableFile(atPath: folder) || (fm.fileExists(atPath: url.path) && !fm.isWritableFile(atPath: url.path)) {
            return "permission denied"
        }
        return "the disk refused it"
    }
}
