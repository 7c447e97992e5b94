import Foundation

extension Arguments {
    /// `--help`: what an attendee needs, on one screen of 24 lines; `--help all` has every option.
    public static let help = """
        Usage: Scripts/grade.sh [options] [EXERCISE…]

        Grades your tests in Exercises/ against the real code, against buggy
        versions they must catch, and against correct versions that answer at
        other times.

          grade.sh                 grade every exercise, in course order
          grade.sh ID…             grade only these (an id, or its number in --list)
          grade.sh --watch [ID]    re-grade whenever you save a file in Exercises/
          grade.sh --hint [ID]     the hint for ID, or for your current exercise
          grade.sh --list          list the exercises
          grade.sh --reset ID      put the starter back (keeps a backup)
          grade.sh --framework swift-testing
                                   do the course in Swift Testing (or xctest)
          grade.sh --join URL --name NAME
                                   send every grade to the instructor's room

        Every option, the instructors' too: Scripts/grade.sh --help all

        Exit status: 0 when every graded exercise is done, 1 when some are not,
        2 for a usage error, 3 when the kata itself cannot be built or read,
        130 when interrupted.
        """

    /// `--help all`: every option.
    public static let helpAll = """
        Usage: Scripts/grade.sh [options] [EXERCISE…]

        Grades your tests in Exercises/ against the real code, against buggy
        versions they must catch, and against correct versions that answer at
        other times.

        Attendees
          grade.sh                 grade every exercise, in course order
          grade.sh ID…             grade only these (an id, or its number in --list)
          grade.sh --watch [ID]    re-grade whenever you save a file in Exercises/;
                                   with ID, stay on that exercise
          grade.sh --hint [ID]     the hint for ID, or for your current exercise
          grade.sh --reset ID      put the starter back (keeps a backup; --yes skips
                                   the question)
          grade.sh --undo-reset [N]
                                   put back the files the last --reset replaced
                                   (or backup N), and list the other backups
          grade.sh --list          list the exercises
          grade.sh --regrade       grade again even what has not changed since its
                                   last done verdict (shown "unchanged since …")
          grade.sh ID --seed N     replay exactly the timing a verdict named: the
                                   grader delays the code's hand-offs as seed N did
          grade.sh --name "NAME"   your name, in the JSON results and the room
          grade.sh --framework swift-testing
                                   do the course in Swift Testing (or xctest): the
                                   Next card and --hint name that track's files
          grade.sh --join URL --name NAME
                                   send every grade to the instructor's room
          grade.sh --leave         leave the room: your row goes, grades stop
          grade.sh --doctor        check this machine before the workshop: builds,
                                   grades two exercises, prints a line to paste

        Instructors
          grade.sh --demo ID       grade ID's weak suites and its solution, one line
                                   each and why it is weak (never touches Exercises/);
                                   --details: each in full; --demo ID SUITE: one
          grade.sh --solutions     grade the reference solutions (never touches
                                   Exercises/)
          grade.sh --solution ID   show the solution as a diff against the starter
          grade.sh --json          print the results as JSON (--json=PATH writes a
                                   file too)
          grade.sh --merge FILE… [--html=PATH]
                                   the room from results files, with no network: who
                                   is where and what it misses most; --html writes
                                   the room's page to a file
          grade.sh --repeats N     run each suite N times to detect flakiness
                                   (default 3)
          grade.sh --generated-wheats-only
                                   leave out the written correct versions: what the
                                   perturbed timings alone find (maintainers)
          grade.sh --fixtures [ID | ID/NAME]… [--times N] [--keep-logs DIR]
                                   grade the weak suites of Tests/Fixtures/: one line
                                   each, expected and got (maintainers)
          grade.sh --attacks [NAME]… [--keep-logs DIR]
                                   plant the attacks of Tests/Attacks/ and check
                                   their verdicts: one line per check (maintainers)
          grade.sh --room-serve [--port N] [--bind ADDRESS] [--rows-per-machine N]
                                   open the live room page (default port 8787, every
                                   address, 3 rows per machine); prints the join
                                   line and your instructor link; --code CODE
                                   reopens the room of that code

        Exit status: 0 when every graded exercise is done, 1 when some are not,
        2 for a usage error, 3 when the kata itself cannot be built or read,
        130 when interrupted.
        """
}
