import Foundation

/// Where a command's executable is, found on the PATH as a shell would find it: the commands ask
/// before they run anything (swift for a grade, the doctor and the hint; diff for --solution).
public enum ExecutableSearch {
    /// The executable `name` names: itself when it holds a "/", else the first on the PATH; nil when there is none.
    public static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
