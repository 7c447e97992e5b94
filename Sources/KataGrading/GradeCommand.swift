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
            err.write("grade.sh: \(error)\n\n\(Arguments.help)\n")
            return exitUsage
        }
        if arguments.action == .help {
            print(Arguments.help)
            return exitDone
        }
        let paths = KataPaths(root: root)
        let grader: Grader
        do {
            grader = try Grader(paths: paths)
        } catch {
            err.write("grade.sh: \(error)\n")
            return exitBroken
        }
        let selected: [Catalog.Exercise]
        do {
            selected = try Arguments.select(arguments.ids, from: grader.catalog)
        } catch {
            err.write("grade.sh: \(error)\n")
            return exitUsage
        }

        switch arguments.action {
        case .help:
            return exitDone
        case .list where arguments.porcelain:
            // id, module, framework, files, uses: what the self-test needs to plant faults.
            for exercise in grader.catalog.exercises {
                let module = grader.catalog.pattern(of: exercise).module
                print([exercise.id, module, exercise.framework.rawValue, exercise.files.joined(separator: ","),
                       exercise.uses.joined(separator: ",")].joined(separator: "\t"))
            }
            return exitDone
        case .list:
            for (number, exercise) in grader.catalog.exercises.enumerated() {
                let id = exercise.id.padding(toLength: 28, withPad: " ", startingAt: 0)
                print("\(String(number + 1).leftPadded(3)). \(id)\(exercise.title)")
            }
            return exitDone
        case .refreshStarters:
            return refreshStarters(grader)
        case .checkStarters:
            return checkStarters(grader)
        case .grade:
            return grade(grader, selected: selected, arguments: arguments, err: err)
        }
    }

    static func grade(_ grader: Grader, selected: [Catalog.Exercise], arguments: Arguments, err: StandardError) -> Int32 {
        guard let swift = ProcessRunner.which("swift") else {
            err.write("grade.sh: no `swift` on the PATH. Install Swift 6 from https://www.swift.org/install and open a new terminal.\n")
            return exitBroken
        }
        if case .directory(let url) = arguments.source, !FileManager.default.fileExists(atPath: url.path) {
            err.write("grade.sh: --from \(url.path): no such folder.\n")
            return exitUsage
        }
        let lock: CheckoutLock
        do {
            lock = try CheckoutLock.acquire(in: grader.paths.state) {
                err.write("Another grade.sh is running in this checkout; waiting for it to finish…\n")
            }
        } catch {
            err.write("grade.sh: \(error)\n")
            return exitBroken
        }
        defer { lock.release() }
        Interruption.install()

        let style = arguments.porcelain ? Style.plain : Style.detect()
        let report = TextReport(style: style)
        let label: String
        switch arguments.source {
        case .exercises: label = "Exercises/"
        case .solutions: label = "Solutions/, the reference solutions"
        case .directory(let url): label = url.path
        }
        if !arguments.porcelain {
            print(style.bold("Grading \(label)") + style.dim(" · \(selected.count) exercise\(selected.count == 1 ? "" : "s")"))
            print("")
        }
        var options = GradeOptions()
        options.source = arguments.source
        options.repeats = arguments.repeats
        do {
            let results = try grader.grade(selected, options: options, swift: swift,
                                           progress: { err.write($0 + "\n") },
                                           report: { result in
                                               print(arguments.porcelain ? TextReport.porcelain(result) : report.entry(result))
                                               fflush(nil)
                                           })
            if !arguments.porcelain {
                print(report.summary(results, catalog: grader.catalog, graded: ""))
            }
            return results.allSatisfy { $0.verdict.kind == .done } ? exitDone : exitNotDone
        } catch is Interrupted {
            err.write("\ngrade.sh: interrupted; every test run was stopped. Your files are untouched.\n")
            return exitInterrupted
        } catch {
            err.write("grade.sh: \(error)\n")
            return exitBroken
        }
    }

    /// Maintainers: fails when a shipped starter differs from its recorded fingerprint.
    static func checkStarters(_ grader: Grader) -> Int32 {
        let stale = grader.catalog.exercises.filter { !grader.isUntouchedStarter($0) }.map(\.id)
        if stale.isEmpty {
            print("Every starter matches Catalog/starters.json.")
            return exitDone
        }
        StandardError().write("These exercises' starters differ from Catalog/starters.json: \(stale.joined(separator: ", ")).\nIf the change is intended, run Scripts/refresh-starters.sh.\n")
        return exitNotDone
    }

    static func refreshStarters(_ grader: Grader) -> Int32 {
        var fingerprints: [String: String] = [:]
        for exercise in grader.catalog.exercises {
            let module = grader.catalog.pattern(of: exercise).module
            for file in exercise.files {
                let url = grader.paths.exercises.appendingPathComponent("\(module)/\(file)")
                guard let print = Fingerprint.ofFile(at: url) else {
                    StandardError().write("grade.sh: \(grader.paths.relative(url)) is missing.\n")
                    return exitBroken
                }
                fingerprints["\(module)/\(file)"] = print
            }
        }
        do {
            try StarterFingerprints(byPath: fingerprints).encoded().write(to: grader.paths.starters)
        } catch {
            StandardError().write("grade.sh: cannot write \(grader.paths.relative(grader.paths.starters)): \(error)\n")
            return exitBroken
        }
        print("Recorded \(fingerprints.count) starter fingerprints in \(grader.paths.relative(grader.paths.starters)).")
        return exitDone
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

/// One grade at a time per checkout: a second run waits instead of racing the first on the
/// shared shadow copy. The lock is an advisory `flock`, released by the kernel if we die.
public final class CheckoutLock: @unchecked Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    public static func acquire(in directory: URL, onWait: () -> Void) throws -> CheckoutLock {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("grade.lock").path
        let fd = open(path, O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { throw CatalogError("cannot open the lock file \(path).") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            onWait()
            guard flock(fd, LOCK_EX) == 0 else { throw CatalogError("cannot lock \(path).") }
        }
        return CheckoutLock(descriptor: fd)
    }

    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Ctrl-C (or a kill) stops every test run and build we started, then exits.
enum Interruption {
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    static func install() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                ProcessRunner.shared.stopAll()
                StandardError().write("\ngrade.sh: interrupted; every test run was stopped. Your files are untouched.\n")
                exit(GradeCommand.exitInterrupted)
            }
            source.resume()
            sources.append(source)
        }
    }
}
