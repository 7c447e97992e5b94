import Foundation
import KataGradingCore
import KataVerdicts
import KataRoom
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The grader's side of the live room: `--room-serve` for the instructor, `--join` and `--leave`
/// for attendees, and handing each grade of `Exercises/` to the room. The room itself, its page
/// and its sender live in the KataRoom module.
enum RoomCommands {
    static let defaultPort = 8787
    /// The longest a grade waits for the room, after its verdicts are on screen.
    static let sendTimeout: TimeInterval = 1.5

    static func link(_ paths: KataPaths) -> RoomLink { RoomLink(stateDirectory: paths.attendeeState) }

    /// Where the instructor's room is kept: beside the checkout's other kept state (`AttendeeState`),
    /// not in `.build/`, so that `rm -rf .build` or `swift package clean` keeps the room, its code
    /// and every attendee's seat.
    static func roomFolder(_ paths: KataPaths) -> URL { paths.attendeeState.appendingPathComponent("room") }

    /// Sends a grade's verdicts to the joined room, if any. Never throws and never waits longer than
    /// `sendTimeout` (twice, when the room must be joined again); what could not be sent stays in
    /// the outbox for the next grade.
    static func send(_ results: [ExerciseResult], course: Course) {
        let paths = course.paths
        let link = link(paths)
        var outcome = link.send(graded(results), timeout: sendTimeout)
        if case .unknownToRoom = outcome {
            // The instructor reopened the room by its code without its saved rows: this checkout
            // takes its row again, with everything its last grades know.
            do {
                try link.rejoin(timeout: sendTimeout)
                outcome = link.send(lastVerdicts(paths, catalog: catalog(of: course)), timeout: sendTimeout)
            } catch {
                outcome = .kept(link.outbox.count, "\(error)")
            }
        }
        switch outcome {
        case .notJoined, .sent:
            break
        case .unknownToRoom(let count, let why):
            GradeCommand.say("room: \(why) \(count) result\(count == 1 ? "" : "s") kept for the next grade.")
        case .kept(let count, let why):
            GradeCommand.say("room: \(why); \(count) result\(count == 1 ? "" : "s") kept for the next grade.")
        case .refused(let why):
            GradeCommand.say("room: refused these results (\(why)). Run grade.sh --join again, or --leave.")
        case .removed(let why):
            GradeCommand.say("room: \(why) Grades are no longer sent.")
        }
        fflush(nil)
    }

    /// What a grade hands to the room: each track's verdict, the planted bugs it missed, whether
    /// a timing change the code allows (a generated perturbation) made the verdict, and why correct
    /// code failed the tests (`Verdict.cause`, which Explain next teaches by). Each
    /// exercise's standing track last: the room takes the result it received last to stand for an
    /// exercise not done, and must say what the grader says.
    static func graded(_ results: [ExerciseResult]) -> [GradedExercise] {
        results.standingLast().map {
            GradedExercise(id: $0.exercise.id, verdict: $0.verdict.kind, missed: $0.verdict.missedChaffs, framework: $0.exercise.framework.rawValue,
                           perturbed: $0.verdict.perturbationSeed != nil, cause: $0.verdict.cause?.rawValue)
        }
    }

    /// Sends the doctor's badge to the joined room: what to print about it, nil when not joined.
    static func sendDoctor(_ badge: DoctorBadge, paths: KataPaths) -> String? {
        switch link(paths).send([], doctor: badge, timeout: sendTimeout) {
        case .notJoined: return nil
        case .sent: return "Sent to the room: the instructor's page shows this machine " + (badge.ready ? "ready (✓)." : "not ready (⚠).")
        case .kept(_, let why), .unknownToRoom(_, let why): return "room: could not send the doctor's report (\(why)); paste the line above to your instructor instead."
        case .refused(let why), .removed(let why): return "room: refused the doctor's report (\(why)); paste the line above to your instructor instead."
        }
    }

    /// What the last grades know (`LastGrade`), as the room takes it: each track's kept verdict
    /// and missed bugs, oldest first, so that each exercise's standing track comes last. A track,
    /// exercise or bug this catalog no longer has is left out, since the room would refuse the
    /// whole post for it.
    static func lastVerdicts(_ paths: KataPaths, catalog: RoomCatalog) -> [GradedExercise] {
        LastGrade.load(paths).tracks.sorted { $0.value.seq < $1.value.seq }.compactMap { key, track in
            let key = TrackKey(key)
            guard let exercise = catalog.exercise(key.id) else { return nil }
            let framework = key.framework
            if let framework, !exercise.frameworks.contains(framework) { return nil }
            return GradedExercise(id: exercise.id, verdict: track.verdict,
                                  missed: (track.missed ?? []).filter { exercise.bugHints[$0] != nil }, framework: framework,
                                  perturbed: track.perturbed ?? false, cause: track.cause)
        }
    }

    static func join(_ course: Course, url: String, name: String) -> Int32 {
        let paths = course.paths
        do {
            let link = link(paths)
            let joined = try link.join(url: url, name: name)
            let style = Style.detect()
            func say(_ text: String) { print(style.message(text)) }
            // One name everywhere: the room's is the one that signs the JSON results too.
            try? Attendee.save(joined.name, paths)
            say("Joined room \(joined.code) at \(joined.room.absoluteString) as \(joined.name) (your --name and JSON results say so too).")
            // The row shows at once what the last grades know, not only what the next grade sends.
            let known = lastVerdicts(paths, catalog: catalog(of: course))
            if !known.isEmpty {
                let exercises = Set(known.map(\.id)).count
                switch link.send(known, timeout: sendTimeout) {
                case .sent:
                    say("Sent your last verdicts of \(exercises) exercise\(exercises == 1 ? "" : "s"); your row shows them now.")
                case .kept(_, let why), .refused(let why), .removed(let why), .unknownToRoom(_, let why):
                    say("Your last verdicts were not sent yet (\(why)); the next grade sends them.")
                case .notJoined:
                    break
                }
            }
            say("From now on every grade, --watch included, sends its verdicts there; to stop: Scripts/grade.sh --leave")
            return GradeCommand.exitDone
        } catch {
            GradeCommand.say("grade.sh --join: \(error)")
            return GradeCommand.exitNotDone
        }
    }

    static func leave(_ paths: KataPaths) -> Int32 {
        let style = Style.detect()
        switch link(paths).leave() {
        case .notJoined:
            print("This checkout had not joined a room.")
        case .left(let code):
            print(style.message("Left room \(code): your row is off its page, and grades are no longer sent."))
        case .leftHereOnly(let code, let why):
            print(style.message("Left room \(code) on this checkout: grades are no longer sent. The room did not confirm (\(why)), so your row stays on its page until the instructor removes it."))
        }
        return GradeCommand.exitDone
    }

    /// The course as the room shows it: titles in order, and the hint of every planted bug.
    static func catalog(of course: Course) -> RoomCatalog {
        RoomCatalog(patterns: course.catalog.patterns.map { RoomCatalog.Pattern(id: $0.id, title: $0.title) },
                    exercises: course.catalog.exercises.map { exercise in
            let module = exercise.module
            var hints: [String: String] = [:]
            for variant in course.variants where variant.kind == .chaff && variant.module == module && exercise.chaffs.contains(variant.name) {
                hints[variant.name] = variant.hint
            }
            return RoomCatalog.Exercise(id: exercise.id, title: exercise.title, pattern: exercise.pattern, bugHints: hints,
                                        frameworks: exercise.tracks.map(\.framework.rawValue))
        })
    }

    /// A room an older grader kept in `.build/kata/room/` moves beside the rest of the kept state,
    /// unless a room is kept there already. Called with the room's lock held.
    static func moveOlderRoom(_ paths: KataPaths, into store: RoomStore) {
        let fm = FileManager.default
        let older = paths.state.appendingPathComponent("room/state.json")
        guard fm.fileExists(atPath: older.path), !fm.fileExists(atPath: store.file.path) else { return }
        if (try? fm.copyItem(at: older, to: store.file)) != nil { try? fm.removeItem(at: older) }
    }

    /// What `--room-serve` prints once the room is open. On a terminal each line is wrapped to its
    /// width and the join line broken only with a ` \`, so that it still pastes as one command
    /// (an 80-column terminal cut it inside `--name`); piped (a log, a script that reads the join
    /// line after "Attendees:"), each on one line.
    static func banner(opening: String, page: String, join: ShellCommand, instructorKey: String,
                       otherAddresses: [String], stateFile: String, style: Style) -> [String] {
        let attendees = style.terminal
            ? ShellCommand.lines(join.words.map(ShellCommand.quote), first: "  Attendees:  ", rest: String(repeating: " ", count: 16), width: style.width)
            : ["  Attendees:  " + join.line]
        var lines = [opening, "  Projector:  \(page)"] + attendees
            + ["  Instructor: \(page)#key=\(instructorKey)",
               "              (remove and rename rows; keep this line off the projector)"]
        if !otherAddresses.isEmpty {
            lines.append("  This laptop's other addresses: \(otherAddresses.joined(separator: ", ")). Use the one on the room's network.")
        }
        lines.append("State is saved in \(stateFile) on every change; a restart keeps it, and so does rm -rf .build. Ctrl-C closes the room.")
        return lines.flatMap { style.message($0).components(separatedBy: "\n") }
    }

    /// Runs the room until Ctrl-C. State is saved on every change, so a restart (or a crash) keeps
    /// it; one server per checkout, since two would save over each other.
    static func serve(_ course: Course, port: Int?, bind: String?, rowsPerMachine: Int?, code: String? = nil) -> Int32 {
        let err = StandardError()
        let folder = roomFolder(course.paths)
        let store = RoomStore(file: folder.appendingPathComponent("state.json"))
        let serverLock: RoomServerLock
        let state: RoomState
        let isNew: Bool
        do {
            serverLock = try RoomServerLock.acquire(in: folder)
            moveOlderRoom(course.paths, into: store)
            (state, isNew) = try store.loadOrCreate(code: code)
        } catch {
            err.write("grade.sh --room-serve: \(error)\n")
            return GradeCommand.exitBroken
        }
        defer { serverLock.release() }
        let service = RoomService(state: state, catalog: catalog(of: course), store: store,
                                  rowsPerMachine: rowsPerMachine ?? RoomService.defaultRowsPerMachine)
        let server = RoomServer(service: service)
        let address = bind ?? "0.0.0.0"
        let listening: UInt16
        do { listening = try server.start(address: address, port: UInt16(port ?? defaultPort)) } catch {
            err.write("grade.sh --room-serve: cannot listen on \(address):\(port ?? defaultPort): \(error)\n")
            return GradeCommand.exitBroken
        }
        do { try store.save(state) } catch {
            err.write("grade.sh --room-serve: cannot save the room's state in \(course.paths.relative(store.file)): \(error)\n")
            server.stop()
            return GradeCommand.exitBroken
        }
        let lan = LocalAddresses.lan()
        let host = address == "0.0.0.0" ? (lan.first ?? "127.0.0.1") : address
        let page = "http://\(host):\(listening)/"
        serverLock.announce(url: page, code: state.code)
        let join = ShellCommand.grade("--join", "\(page)?room=\(state.code)", "--name", "Your Name")
        service.joinLine = join.line
        let opening: String
        if isNew, code != nil {
            opening = "Room \(state.code) is open again, by its code, with none of its rows: each attendee's next grade brings theirs back."
        } else {
            let count = state.attendees.count
            opening = "Room \(state.code) is open\(count == 0 ? "" : ", with the \(count) attendee\(count == 1 ? "" : "s") it had")."
        }
        // A laptop with Docker or a VPN has several addresses: the first may not be the room's network.
        let others = address == "0.0.0.0" ? Array(lan.dropFirst()) : []
        banner(opening: opening, page: page, join: join, instructorKey: state.instructorKey ?? "",
               otherAddresses: others, stateFile: course.paths.relative(store.file), style: Style.detect()).forEach { print($0) }
        fflush(nil)

        let stopped = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            sources.append(source)
        }
        stopped.wait()
        server.stop()
        print("\nRoom \(state.code) closed; run --room-serve again to reopen it with everything it had.")
        _ = sources
        return GradeCommand.exitDone
    }
}
