import Foundation
import KataGradingCore

/// What the Swift compiler driver runs for a command: its jobs (the frontend, the linker…) as
/// `swiftc … -###` lists them. Asked once and kept until the command changes, they let the grader
/// run those programs directly and skip the driver's own start, 0.1 s or more a command.
struct DriverJobs: Codable, Equatable {
    /// What the jobs were asked for: the command, and anything else they depend on.
    var key: [String]
    var jobs: [[String]]

    /// The jobs of `command`, from `cache` when it was asked with the same `key`, else from the
    /// driver, run by `runner` (then kept in `cache`). Nil when the driver fails or answers with
    /// anything but programs to run.
    static func of(_ command: [String], key: [String], cache: URL, runner: any CommandRunner, environment: [String: String],
                   log: URL) -> [[String]]? {
        if let data = try? Data(contentsOf: cache), let kept = try? JSONDecoder().decode(DriverJobs.self, from: data),
           kept.key == key { return kept.jobs }
        guard let answer = runner.output(of: command + ["-###"], environment: environment, timeout: 600, log: log,
                                         sharingSwiftPMTemporary: true) else { return nil }
        let lines = answer.split(whereSeparator: \.isNewline)
        let jobs = lines.compactMap(shellWords)
        guard !jobs.isEmpty, jobs.count == lines.count,
              jobs.allSatisfy({ $0[0].hasPrefix("/") && FileManager.default.isExecutableFile(atPath: $0[0]) }),
              readsOnlyLastingFiles(jobs, exists: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        if let data = try? JSONEncoder().encode(DriverJobs(key: key, jobs: jobs)) {
            try? data.write(to: cache, options: .atomic)
        }
        return jobs
    }

    /// Whether every response file (`@path`) the jobs read either outlasts the driver (`exists`
    /// after it ended) or is written by an earlier job (`-o path`): a temporary file the driver
    /// removed on leaving could not be read when the jobs are run again.
    static func readsOnlyLastingFiles(_ jobs: [[String]], exists: (String) -> Bool) -> Bool {
        var written: Set<String> = []
        for job in jobs {
            for argument in job where argument.hasPrefix("@") {
                let path = String(argument.dropFirst())
                guard written.contains(path) || exists(path) else { return false }
            }
            written.formUnion(outputs(of: [job]))
        }
        return true
    }

    /// Of a compile's jobs, the frontend jobs that compile the sources to objects (one per batch
    /// of sources), each object written into `objects` instead, and nothing else: not the module
    /// interface, the debugger's wrap, the index, or the dependency and diagnostics files. SwiftPM's
    /// outputs and the driver's incremental state stay as SwiftPM's last build left them, so that
    /// its next build, which sees newer sources, redoes what it must. Nil unless every one of
    /// `sources` is compiled exactly once, and every output the jobs write is one of those known
    /// (`droppedOutputs` and `-o`): a job that would write anything else into SwiftPM's folder
    /// is left to SwiftPM.
    static func objectJobs(of jobs: [[String]], sources: [String], objects: URL) -> [[String]]? {
        let dropped = droppedOutputs
        var result: [[String]] = []
        var primaries: [String] = []
        for job in jobs where job.count > 2 && job[1] == "-frontend" && job[2] == "-c" {
            // Lists in files of the driver's own making (many sources) are not ours to reuse.
            guard !job.contains(where: { $0.hasSuffix("filelist") || $0 == "-supplementary-output-file-map" }) else { return nil }
            guard !job.contains(where: { !dropped.contains($0) && writesAnOutput($0) }) else { return nil }
            var kept: [String] = []
            var index = 0
            while index < job.count {
                let argument = job[index]
                if dropped.contains(argument) {
                    index += 2
                } else if argument == "-index-system-modules" {
                    index += 1
                } else if argument == "-o" || argument == "-primary-file", index + 1 < job.count {
                    let value = job[index + 1]
                    if argument == "-primary-file" { primaries.append(value) }
                    kept += [argument, argument == "-o" ? objects.appendingPathComponent(URL(fileURLWithPath: value).lastPathComponent).path : value]
                    index += 2
                } else {
                    kept.append(argument)
                    index += 1
                }
            }
            result.append(kept)
        }
        guard !result.isEmpty, primaries.count == sources.count, Set(primaries) == Set(sources) else { return nil }
        return result
    }

    /// The outputs of a frontend job that the replay leaves out: the index, the dependency files
    /// and the diagnostics, which stay as SwiftPM's last build left them.
    static let droppedOutputs: Set<String> = ["-index-store-path", "-emit-dependencies-path", "-emit-reference-dependencies-path",
                                              "-serialize-diagnostics-path"]

    /// Whether a frontend option names a file the job writes (`-emit-…-path`, `-…-output-…`,
    /// optimisation records), other than its object (`-o`).
    static func writesAnOutput(_ option: String) -> Bool {
        (option.hasPrefix("-emit-") && option.hasSuffix("-path")) || option.contains("-output-")
            || option.hasPrefix("-save-optimization-record") || option == "-index-store-path"
            || option == "-serialize-diagnostics-path"
    }

    /// What the jobs write (`-o`), in order: for `objectJobs`, the objects.
    static func outputs(of jobs: [[String]]) -> [String] {
        jobs.flatMap { job in job.indices.dropLast().filter { job[$0] == "-o" }.map { job[$0 + 1] } }
    }

    /// The words of one command line as the driver prints it (POSIX quoting: `'…'` and `\`), or nil
    /// for anything else.
    static func shellWords(_ line: Substring) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                guard let close = line[line.index(after: index)...].firstIndex(of: "'") else { return nil }
                word += line[line.index(after: index)..<close]
                inWord = true
                index = close
            case "\\":
                index = line.index(after: index)
                guard index < line.endIndex else { return nil }
                word.append(line[index])
                inWord = true
            case "\"", "$", "`", ";", "|", "&", "<", ">", "(", ")":
                return nil
            default:
                word.append(character)
                inWord = true
            }
            index = line.index(after: index)
        }
        if inWord { words.append(word) }
        return words.isEmpty ? nil : words
    }
}
