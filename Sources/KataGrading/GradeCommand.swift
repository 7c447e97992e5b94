import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `grade.sh`'s behaviour from arguments to exit code, in a form the kata's own tests can call.
public enum GradeCommand {
    public static let exitDone: Int32 = 0
    public static let exitNotDone: Int32 = 1
    public static let exitUsage: Int32 = 2
    public static let exitBroken: Int32 = 3
    public static let exitInterrupted: Int32 = 130

    public static func main(arguments words: [String], root: URL) -> Int32 {
        let err = StandardError()
        let arguments: Arguments
        do {
            arguments = try Arguments.parse(words)
        } catch {
            err.write("grade.sh: \(error)\nRun Scripts/grade.sh --help for the options.\n")
            return exitUsage
        }
        if arguments.action == .help {
            print(Arguments.help)
            return exitDone
        }
        let paths = KataPaths(root: root)
        if arguments.action == .check {
            // Static, and before the grader loads the catalog, so that it can name what is wrong
            // with a catalog the grader would refuse.
            let results = MaintainerCheck(paths: paths).run()
            if arguments.json == .standardOutput {
                FileHandle.standardOutput.write(MaintainerCheck.json(results))
            } else {
                print(MaintainerCheck.text(results))
            }
            return results.allSatisfy(\.ok) ? exitDone : exitNotDone
        }
        let grader: Grader
        do {
            grader = try Grader(paths: paths)
        } catch {
            err.write("grade.sh: \(describe(error))\n")
            if let json = arguments.json { _ = writeJSON(.error("\(error)", source: arguments.source.reportName, attendee: Attendee.load(paths)), to: json) }
            return exitBroken
        }
        let selected: [Catalog.Exercise]
        do {
            selected = try Arguments.select(arguments.ids, from: grader.catalog)
        } catch {
            err.write("grade.sh: \(describe(error))\n")
            return exitUsage
        }
        let style = arguments.porcelain || arguments.json == .standardOutput ? Style.plain : Style.detect()

        do {
            switch arguments.action {
            case .help:
                return exitDone
            case .list:
                list(grader, porcelain: arguments.porcelain, style: style)
                return exitDone
            case .index:
                // The catalog as written, whatever framework this checkout's attendee chose.
                print(ReadmeIndex.markdown(try Catalog.load(from: paths.catalog)))
                return exitDone
            case .hint:
                let exercise = arguments.ids.isEmpty
                    ? LastGrade.load(paths).current(in: grader.catalog, starters: grader.starterStore)
                    : selected.first
                guard let exercise else { print("Every exercise is done."); return exitDone }
                print(HintCommand.text(exercise, catalog: grader.catalog, style: style))
                return exitDone
            case .solution:
                print(try SolutionDiff.text(selected[0], store: grader.starterStore, style: style))
                return exitDone
            case .reset:
                let lines = try ResetCommand.run(selected[0], catalog: grader.catalog, store: grader.starterStore,
                                                 confirm: { arguments.yes || ResetCommand.askOnTerminal($0) })
                lines.forEach { print($0) }
                LastGrade.forget(selected[0], paths)
                return exitDone
            case .undoReset:
                let lines = try ResetCommand.undo(store: grader.starterStore, confirm: { arguments.yes || ResetCommand.askOnTerminal($0) })
                lines.forEach { print($0) }
                return exitDone
            case .framework:
                guard let framework = arguments.framework else {
                    let chosen = FrameworkChoice.load(paths)
                    print("You do the course in \(chosen?.title ?? "XCTest (the default)"). Change it with Scripts/grade.sh --framework swift-testing (or xctest).")
                    return exitDone
                }
                try FrameworkChoice.save(framework, paths)
                let both = grader.catalog.exercises.filter { $0.alternate != nil }.count
                print("You do the course in \(framework.title) now: \(both) of \(grader.catalog.exercises.count) exercises exist in both frameworks, and their \(framework.title) files come first. Exercises only in the other framework stay as they are.")
                return exitDone
            case .name:
                guard let name = arguments.name else {
                    print("Your results are signed: \(Attendee.load(paths).name). Change it with Scripts/grade.sh --name \"Your Name\".")
                    return exitDone
                }
                try Attendee.save(name, paths)
                print("Your results will be signed: \(Attendee.load(paths).name).")
                return exitDone
            case .refreshStarters:
                return try refreshStarters(grader)
            case .checkStarters:
                return checkStarters(grader)
            case .check:
                return exitDone
            case .roomServe:
                return RoomCommands.serve(grader, port: arguments.port, bind: arguments.bind, rowsPerMachine: arguments.rowsPerMachine)
            case .join:
                return RoomCommands.join(paths, url: arguments.joinURL ?? "", name: arguments.name ?? "")
            case .leave:
                return RoomCommands.leave(paths)
            case .grade, .watch, .demo:
                guard let swift = ProcessRunner.which("swift") else {
                    err.write("grade.sh: no `swift` on the PATH. Install Swift 6 (https://www.swift.org/install), open a new terminal, and check `swift --version`.\n")
                    return exitBroken
                }
                if case .directory(let url) = arguments.source, !FileManager.default.fileExists(atPath: url.path) {
                    err.write("grade.sh: --from \(url.path): no such folder.\n")
                    return exitUsage
                }
                if arguments.action == .watch {
                    return try Watch(grader: grader, swift: swift, style: style, repeats: arguments.repeats,
                                     only: arguments.ids.isEmpty ? nil : selected.first).run()
                }
                if arguments.action == .demo {
                    return try DemoCommand(grader: grader, swift: swift, style: style, repeats: arguments.repeats)
                        .run(selected[0])
                }
                return try grade(grader, selected: selected, arguments: arguments, swift: swift, style: style)
            }
        } catch let refused as ResetCommand.Refused {
            let option = arguments.action == .undoReset ? "--undo-reset" : "--reset"
            err.write("grade.sh \(option): \(refused)" + (isatty(0) == 1 || !refused.unanswered ? "\n" : " It asks before it overwrites your work; add --yes to answer yes.\n"))
            return exitNotDone
        } catch is Interrupted {
            err.write("\ngrade.sh: interrupted; every test run was stopped. Your files are untouched.\n")
            return exitInterrupted
        } catch {
            err.write("grade.sh: \(describe(error))\n")
            if let json = arguments.json { _ = writeJSON(.error("\(error)", source: arguments.source.reportName, attendee: Attendee.load(paths)), to: json) }
            return exitBroken
        }
    }

    static func grade(_ grader: Grader, selected: [Catalog.Exercise], arguments: Arguments,
                      swift: String, style: Style) throws -> Int32 {
        let quiet = arguments.porcelain || arguments.json == .standardOutput
        let report = TextReport(style: style, catalog: grader.catalog)
        Interruption.install()
        let started = Date()
        if !quiet {
            print(style.bold("Grading \(arguments.source.label)") + style.dim(" · \(selected.count) exercise\(selected.count == 1 ? "" : "s")"))
            print("")
        }
        var options = GradeOptions()
        options.source = arguments.source
        options.repeats = arguments.repeats
        let results = try grader.gradeLocked(selected, options: options, swift: swift, report: { result in
            if arguments.porcelain {
                print(TextReport.porcelain(result))
            } else if !quiet {
                print(report.entry(result))
            }
            fflush(nil)
        })
        if arguments.source == .exercises { LastGrade.record(results, grader.paths) }
        let lastVerdicts = arguments.source == .exercises ? LastGrade.load(grader.paths).verdicts : nil
        if !quiet { print(report.summary(results, catalog: grader.catalog, lastVerdicts: lastVerdicts)) }
        if let json = arguments.json {
            let next = NextStep.card(results, catalog: grader.catalog, lastVerdicts: lastVerdicts)
            let written = writeJSON(JSONReport(results: results, source: arguments.source.reportName,
                                               attendee: Attendee.load(grader.paths), startedAt: started, next: next), to: json)
            // Room collection scripts trust the exit status: a file that was not written is a failure.
            guard written else { return exitBroken }
        }
        if arguments.source == .exercises { RoomCommands.send(results, paths: grader.paths) }
        return results.allSatisfy { $0.verdict.kind == .done } ? exitDone : exitNotDone
    }

    static func list(_ grader: Grader, porcelain: Bool, style: Style) {
        ListCommand.lines(grader.catalog, last: LastGrade.load(grader.paths), porcelain: porcelain, style: style)
            .forEach { print($0) }
    }

    /// Writes the report; false (after saying why and what to do) when the file cannot be written.
    static func writeJSON(_ report: JSONReport, to output: Arguments.JSONOutput) -> Bool {
        switch output {
        case .standardOutput:
            FileHandle.standardOutput.write(report.encoded())
            return true
        case .file(let path):
            do {
                try report.encoded().write(to: URL(fileURLWithPath: path))
                return true
            } catch {
                StandardError().write("grade.sh: cannot write the results to \(path): \(whyUnwritable(path)). Choose a file in a folder you can write, for example --json=results.json.\n")
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

    /// Maintainers: fails when a shipped starter differs from its recorded fingerprint.
    static func checkStarters(_ grader: Grader) -> Int32 {
        let stale = grader.catalog.allTracks.filter { !grader.starterStore.isUntouched($0) }.map(\.key)
        if let edited = ShippedSources.firstEdited(grader.paths) {
            StandardError().write("\(edited) differs from Catalog/sources.json. If the change is intended, run Scripts/regenerate.sh.\n")
            return exitNotDone
        }
        if stale.isEmpty {
            print("Every starter matches Catalog/starters.json.")
            return exitDone
        }
        StandardError().write("These exercises' starters differ from Catalog/starters.json: \(stale.joined(separator: ", ")).\nIf the change is intended, run Scripts/regenerate.sh.\n")
        return exitNotDone
    }

    static func refreshStarters(_ grader: Grader) throws -> Int32 {
        var fingerprints: [String: String] = [:]
        for exercise in grader.catalog.allTracks {
            for file in exercise.files {
                let url = grader.starterStore.exerciseFile(exercise, file)
                guard let print = Fingerprint.ofFile(at: url) else {
                    throw CatalogError("\(grader.paths.relative(url)) is missing.")
                }
                fingerprints[grader.starterStore.key(exercise, file)] = print
            }
        }
        try StarterFingerprints(byPath: fingerprints).encoded().write(to: grader.paths.starters)
        print("Recorded \(fingerprints.count) starter fingerprints in \(grader.paths.relative(grader.paths.starters)).")
        let sources = try ShippedSources.record(grader.paths)
        print("Recorded \(sources) legacy source fingerprints in Catalog/sources.json.")
        return exitDone
    }
}

extension GradeCommand {
    /// One line for an error: Foundation's file errors say which file and how to fix it, instead
    /// of an `NSCocoaErrorDomain Code=513` dump.
    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            let path = cocoa.filePath ?? (cocoa.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
            switch cocoa.code {
            case .fileWriteNoPermission, .fileReadNoPermission:
                return "no permission to use \(path). Make the checkout yours and writable (for example: chmod -R u+w on it), or clone the kata into a folder of yours."
            case .fileWriteOutOfSpace:
                return "the disk is full while writing \(path). Free some space and grade again."
            case .fileWriteVolumeReadOnly:
                return "\(path) is on a read-only disk. Clone the kata into a folder you can write."
            default:
                return "cannot use \(path): \(cocoa.localizedDescription)"
            }
        }
        return "\(error)"
    }
}

struct StandardError: Sendable {
    func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
