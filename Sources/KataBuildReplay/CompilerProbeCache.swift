import Foundation
import KataGradingCore
import KataGradingCore

/// Answers the questions SwiftPM asks the compiler before every build from a cache.
///
/// Each `swift build`, even one with nothing to do, starts the compiler four times to learn what
/// it already knew last time: `swiftc -print-target-info`, `swiftc -h` (twice) and
/// `swiftc -version`. That is about 0.3 s of every grade, a quarter of the edit–grade loop.
///
/// The shadow build points `SWIFT_EXEC` at a small script that answers exactly those four calls
/// from files and hands every other call, unchanged, to the real `swiftc`. SwiftPM finds the rest
/// of the toolchain beside its compiler (`../lib/libIndexStore.so`, the other tools in `bin/`), so
/// the script sits in a view of the toolchain: a `usr/` folder whose every other entry is a
/// symbolic link to the real one. The view is named after the compiler's path, size and
/// modification time, so a new toolchain gets a new view and is asked afresh; a failed question is
/// never cached.
///
/// Linux only (the grader's `BuildReplay` door uses it where `TestPlatform.usesBuildReplay`): on
/// macOS `swiftc` is an `xcrun` shim whose answers follow `xcode-select` and `DEVELOPER_DIR`,
/// which no file stamp captures, so there SwiftPM asks the compiler itself.
public enum CompilerProbeCache {
    /// The environment to give `swift build`: `SWIFT_EXEC` set to the answering script, or
    /// nothing when the cache does not apply (an attendee's own `SWIFT_EXEC`, a `swift` that is
    /// not inside a toolchain, or a state folder that cannot be written).
    public static func environment(swift: String, state: URL) -> [String: String] {
        guard ProcessInfo.processInfo.environment["SWIFT_EXEC"] == nil,
              let script = try? view(swift: swift, state: state) else { return [:] }
        return ["SWIFT_EXEC": script.path]
    }

    /// Whether the compiler's `-h` lists `option`, read from the cached answer (asked once per
    /// toolchain through `runner`, if SwiftPM has not asked yet). False when the cache does not
    /// apply, so a toolchain this cannot see is built as SwiftPM builds it by default.
    public static func compilerOffers(_ option: String, swift: String, state: URL, runner: any CommandRunner) -> Bool {
        guard let script = environment(swift: swift, state: state)["SWIFT_EXEC"] else { return false }
        let answers = answersFolder(of: URL(fileURLWithPath: script))
        let answer = answers.appendingPathComponent("h")
        if !FileManager.default.fileExists(atPath: answer.path) {
            _ = runner.output(of: [script, "-h"], environment: [:], timeout: 60, log: answers.appendingPathComponent("h.log"),
                              sharingSwiftPMTemporary: false)
        }
        guard let help = try? String(contentsOf: answer, encoding: .utf8) else { return false }
        return help.split(whereSeparator: \.isWhitespace).contains { $0 == option }
    }

    /// Where a view keeps its answers: `answers/` beside its `usr/`, one file per question.
    static func answersFolder(of script: URL) -> URL {
        script.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("answers")
    }

    /// Makes the toolchain view once per toolchain and returns its `usr/bin/swiftc`.
    static func view(swift: String, state: URL) throws -> URL? {
        let fm = FileManager.default
        let bin = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
        let usr = bin.deletingLastPathComponent()
        let compiler = bin.appendingPathComponent("swiftc")
        // A toolchain laid out as usr/{bin,lib/swift}: not a proxy such as swiftly's, whose
        // answers change with the toolchain it picks while its own file stays the same.
        guard bin.lastPathComponent == "bin", fm.fileExists(atPath: usr.appendingPathComponent("lib/swift").path),
              let stamp = stamp(of: compiler) else { return nil }
        let folder = state.appendingPathComponent("toolchain")
        let view = folder.appendingPathComponent(stamp)
        let script = view.appendingPathComponent("usr/bin/swiftc")
        let answers = answersFolder(of: script)
        let text = self.script(compiler: compiler.path, answers: answers.path)
        // A view made by another version of the grader is made again.
        if (try? String(contentsOf: script, encoding: .utf8)) == text { return script }

        // Built aside and renamed into place, so a half-made view is never used.
        try? fm.removeItem(at: folder)
        let partial = state.appendingPathComponent("toolchain.partial-\(getpid())")
        try? fm.removeItem(at: partial)
        defer { try? fm.removeItem(at: partial) }
        let partialBin = partial.appendingPathComponent("usr/bin")
        try fm.createDirectory(at: partialBin, withIntermediateDirectories: true)
        for entry in try fm.contentsOfDirectory(atPath: usr.path) where entry != "bin" {
            try fm.createSymbolicLink(atPath: partial.appendingPathComponent("usr/\(entry)").path,
                                      withDestinationPath: usr.appendingPathComponent(entry).path)
        }
        for entry in try fm.contentsOfDirectory(atPath: bin.path) where entry != "swiftc" {
            try fm.createSymbolicLink(atPath: partialBin.appendingPathComponent(entry).path,
                                      withDestinationPath: bin.appendingPathComponent(entry).path)
        }
        try fm.createDirectory(at: partial.appendingPathComponent("answers"), withIntermediateDirectories: true)
        let partialScript = partialBin.appendingPathComponent("swiftc")
        try Data(text.utf8).write(to: partialScript)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: partialScript.path)
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.moveItem(at: partial, to: view)
        return script
    }

    /// `size-mtime-pathdigest` of the compiler binary (through its links), or nil when absent.
    static func stamp(of compiler: URL) -> String? {
        let binary = compiler.resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: binary),
              let size = attributes[.size] as? NSNumber,
              let modified = attributes[.modificationDate] as? Date else { return nil }
        let path = Fingerprint.hex(Data(compiler.path.utf8))
        return "\(size)-\(Int(modified.timeIntervalSince1970))-\(path)"
    }

    static func script(compiler: String, answers: String) -> String {
        """
        #!/bin/sh
        # Written by the kata's grader (Sources/KataBuildReplay/CompilerProbeCache.swift): answers the
        # questions SwiftPM asks the compiler before every build from files, and runs the
        # compiler for everything else.
        compiler=\(shellQuoted(compiler))
        answers=\(shellQuoted(answers))
        case "$#:$1" in
          1:-print-target-info|1:-h|1:-version)
            answer="$answers/${1#-}"
            if [ ! -s "$answer" ]; then
              "$compiler" "$1" >"$answer.$$" 2>"$answer.$$.err"
              status=$?
              if [ "$status" -ne 0 ]; then
                cat "$answer.$$"; cat "$answer.$$.err" >&2; rm -f "$answer.$$" "$answer.$$.err"
                exit "$status"
              fi
              rm -f "$answer.$$.err"; mv -f "$answer.$$" "$answer"
            fi
            exec cat "$answer" ;;
        esac
        exec "$compiler" "$@"

        """
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
