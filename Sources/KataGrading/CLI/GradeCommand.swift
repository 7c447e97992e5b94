import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `grade.sh`'s behaviour from arguments to exit code, in a form the kata's own tests can call:
/// it reads the arguments and hands each action to its command.
public enum GradeCommand {
    public static let exitDone: Int32 = 0
    public static let exitNotDone: Int32 = 1
    public static let exitUsage: Int32 = 2
    public static let exitBroken: Int32 = 3
    public static let exitInterrupted: Int32 = 130

    /// What Ctrl-C during a grade says.
    static let interrupted = "\ngrade.sh: interrupted; every test run was stopped. Your files are untouched.\n"

    /// `paths`: the checkout's, found once by `main` from the root grade.sh names. `runner`: the
    /// one that starts every child process of this command (made by `main`, passed down from here).
    public static func main(arguments words: [String], paths: KataPaths, runner: ProcessRunner) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments.parse(words)
        } catch {
            say(parseFailure(error))
            return exitUsage
        }
        if arguments.action != .help, arguments.action != .check { AttendeeState.prepare(paths) }
        switch arguments.action {
        case .help:
            print(arguments.helpAll ? Arguments.helpAll : Arguments.help)
            return exitDone
        case .check:
            // Static, and before the course loads, so that it can name what is wrong with a
            // catalog the grader would refuse.
            return CheckCommand.run(paths, json: arguments.json, files: arguments.files)
        case .list:
            return withCourse(arguments, paths) { course, _, style in list(arguments, course: course, style: style, runner: runner) }
        case .refreshDocs:
            return withCourse(arguments, paths) { _, _, _ in
                // The catalog as written, whatever framework this checkout's attendee chose.
                try GeneratedDocs.refresh(root: paths.root, catalog: try Catalog.load(from: paths.catalog))
                print("Regenerated what README.md and docs/ say of the catalog and the verdicts.")
                return exitDone
            }
        case .hint:
            return withCourse(arguments, paths) { course, selected, style in
                hint(arguments.ids.isEmpty ? nil : selected.first, course: course, style: style, runner: runner)
            }
        case .solution:
            return withCourse(arguments, paths) { course, selected, style in
                let text = try SolutionDiff.text(selected[0], store: course.starterStore, style: style, patch: isatty(1) != 1, runner: runner)
                if !text.isEmpty { print(text) }
                return exitDone
            }
        case .reset:
            return withCourse(arguments, paths) { course, selected, style in try reset(selected[0], arguments, course: course, style: style) }
        case .undoReset:
            return withCourse(arguments, paths) { course, _, style in try undoReset(arguments, course: course, style: style) }
        case .framework:
            return withCourse(arguments, paths) { course, _, style in try FrameworkCommand.run(arguments.framework, course: course, style: style) }
        case .name:
            return withCourse(arguments, paths) { _, _, _ in try NameCommand.run(arguments.name, paths: paths) }
        case .refreshStarters:
            return withCourse(arguments, paths) { course, _, _ in
                try StarterMaintenance.refresh(course)
                return exitDone
            }
        case .checkStarters:
            return withCourse(arguments, paths) { course, _, _ in StarterMaintenance.check(course) ? exitDone : exitNotDone }
        case .roomServe:
            return withCourse(arguments, paths) { course, _, _ in RoomCommands.serve(course, port: arguments.port, bind: arguments.bind, rowsPerMachine: arguments.rowsPerMachine, code: arguments.roomCode) }
        case .join:
            return withCourse(arguments, paths) { course, _, _ in
                RoomCommands.join(course, url: arguments.joinURL ?? "", name: arguments.name ?? "")
            }
        case .leave:
            return withCourse(arguments, paths) { _, _, _ in RoomCommands.leave(paths) }
        case .merge:
            return withCourse(arguments, paths) { course, _, style in
                MergeCommand.run(files: arguments.files, html: arguments.html, course: course, style: style)
            }
        case .doctor:
            return withCourse(arguments, paths) { course, _, style in DoctorCommand(course: course, style: style, arguments: arguments, runner: runner).run() }
        case .grade, .watch, .demo, .fixtures, .attacks:
            return withCourse(arguments, paths) { course, selected, style in
                try GradingCommand.run(arguments, course: course, selected: selected, style: style, runner: runner)
            }
        }
    }

    /// `--list`: every exercise, its verdict at the last grade, and the toolchain's line.
    static func list(_ arguments: Arguments, course: Course, style: Style, runner: ProcessRunner) -> Int32 {
        let paths = course.paths
        let platform = TestPlatform.current(swift: ExecutableSearch.which("swift"), state: paths.state, runner: runner,
                                            needed: course.newestSwiftNeeded)
        ListCommand.lines(course.catalog, last: LastGrade.load(paths), porcelain: arguments.porcelain, style: style,
                          platform: platform).forEach { print($0) }
        return exitDone
    }

    /// `--hint [ID]`: the hint of `chosen`, or of the exercise the attendee is on; then the copy
    /// its first grade needs is built behind the prompt.
    static func hint(_ chosen: Catalog.Exercise?, course: Course, style: Style, runner: ProcessRunner) -> Int32 {
        let exercise = chosen ?? LastGrade.load(course.paths).current(in: course.catalog, starters: course.starterStore)
        guard let exercise else { print("Every exercise is done."); return exitDone }
        let testSource = exercise.files.last.flatMap { try? course.starterStore.starterText(exercise, $0) }
            .flatMap { String(data: $0, encoding: .utf8) }
        print(HintCommand.text(exercise, catalog: course.catalog, style: style, testSource: testSource))
        HintCommand.prepareCopy(course, runner: runner)
        return exitDone
    }

    /// `--reset ID`: the starter back, after a backup (and a question, unless `--yes`).
    static func reset(_ exercise: Catalog.Exercise, _ arguments: Arguments, course: Course, style: Style) throws -> Int32 {
        let confirm: ((String) -> Bool)? = arguments.yes ? nil : { ResetCommand.askOnTerminal($0) }
        let lines = try ResetCommand.run(exercise, catalog: course.catalog, store: course.starterStore, confirm: confirm)
        lines.flatMap { style.wrap($0, indent: "") }.forEach { print($0) }
        LastGrade.forget(exercise, course.paths)
        return exitDone
    }

    /// `--undo-reset [BACKUP]`: a reset's backup put back.
    static func undoReset(_ arguments: Arguments, course: Course, style: Style) throws -> Int32 {
        let confirm: ((String) -> Bool)? = arguments.yes ? nil : { ResetCommand.askOnTerminal($0) }
        let lines = try ResetCommand.undo(store: course.starterStore, choice: arguments.backup, confirm: confirm)
        lines.flatMap { style.wrap($0, indent: "") }.forEach { print($0) }
        return exitDone
    }

    /// What arguments that do not parse say: the error, then where the options are.
    static func parseFailure(_ error: any Error) -> String {
        "grade.sh: \(error)\nThe options: Scripts/grade.sh --help"
    }

    /// A message on standard error, wrapped when that is a terminal (`Style.message`).
    static func say(_ text: String) {
        StandardError().write(Style.detect(fileDescriptor: 2).message(text) + "\n")
    }

    /// Loads the course and the exercises asked for, then runs `body` and says what went wrong
    /// if it throws. A course that cannot be read is the kata's fault (exit 3, and a JSON error
    /// when JSON was asked for); an id that names no exercise is the caller's (exit 2).
    static func withCourse(_ arguments: Arguments, _ paths: KataPaths,
                           _ body: (Course, [Catalog.Exercise], Style) throws -> Int32) -> Int32 {
        let err = StandardError()
        /// The kata's own fault: said, and in the JSON results when they were asked for.
        func broken(_ error: any Error) -> Int32 {
            say("grade.sh: \(describe(error))")
            if let json = arguments.json { _ = json.write(.error("\(error)", source: arguments.source.reportName, attendee: Attendee.load(paths))) }
            return exitBroken
        }
        let course: Course
        do {
            course = try Course(paths: paths, recordingStarters: arguments.action == .refreshStarters)
        } catch {
            // A catalog that no longer reads is most often one edited by hand, or by a test: name it.
            if arguments.action != .refreshStarters, let edited = ShippedKata.firstEdited(paths) { say("grade.sh: \(edited)") }
            return broken(error)
        }
        let selected: [Catalog.Exercise]
        do {
            selected = try Arguments.select(arguments.ids, from: course.catalog)
        } catch {
            say("grade.sh: \(describe(error))")
            return exitUsage
        }
        let style = arguments.porcelain || arguments.json == .standardOutput ? Style.plain : Style.detect()
        do {
            return try body(course, selected, style)
        } catch let refused as ResetCommand.Refused {
            let option = arguments.action == .undoReset ? "--undo-reset" : "--reset"
            err.write("grade.sh \(option): \(refused)" + (isatty(0) == 1 || !refused.unanswered ? "\n" : " It asks before it overwrites your work; add --yes to answer yes.\n"))
            return exitNotDone
        } catch is Interrupted {
            err.write(interrupted)
            return exitInterrupted
        } catch let usage as Arguments.UsageError {
            say("grade.sh: \(usage)")
            return exitUsage
        } catch {
            return broken(error)
        }
    }
}
