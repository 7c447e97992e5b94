// The few operating-system calls the grader needs that Swift cannot make well itself (`prctl` is
// variadic; `struct ucred`, `proc_pidinfo` and `sysctl` layouts differ by platform). Every
// difference between Linux and macOS at this level lives in KataGradingKernel.c, in one
// `#if defined(__linux__)` / `#elif defined(__APPLE__)` each. Only the grader uses this module.
#ifndef KATA_GRADING_KERNEL_H
#define KATA_GRADING_KERNEL_H

#include <stdint.h>

/// Makes the calling process a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`): orphaned
/// descendants are re-parented to it instead of to init, so it can find and end them.
/// Returns 0 on success and -1 where the platform has no such thing (macOS).
int kata_become_subreaper(void);

/// Keeps other processes of the same user from reading this one's memory, environment and
/// descriptors through /proc (Linux `PR_SET_DUMPABLE` 0). 0 on success or where nothing is needed.
int kata_forbid_inspection(void);

/// Denies the calling process and every process it starts the calls that read or write another
/// process, every signal to the caller, its parent or their process group, and every signal that
/// stops a process (Linux: a seccomp filter, inherited across fork and exec, and never lifted; the
/// calls it covers are listed in the .c file). 0 on success; -1 where the kernel or the platform
/// offers none (macOS: see the .c file).
int kata_confine_descendants(void);

/// The `posix_spawn` flag that starts the child in a session of its own (`POSIX_SPAWN_SETSID`),
/// or 0 where the C library has none.
short kata_spawn_new_session_flag(void);

/// The process at the other end of a connected Unix socket, or -1.
int kata_peer_pid(int fd);

/// The parent of a process, or -1.
int kata_parent_of(int pid);

/// 1 when the process was started with the environment variable `name` set (its initial
/// environment, as the kernel keeps it, not what it changed since), else 0.
int kata_started_with_variable(int pid, const char *name);

/// 1 when both processes run the same program (the same file), else 0.
int kata_runs_same_executable(int pid, int other);

/// The children of `parent`: up to `capacity` pids written to `pids`; returns how many.
int kata_children(int parent, int *pids, int capacity);

/// The processes of this user (but the caller) whose initial environment holds an entry that
/// starts with `prefix` (`KATA_RUN=/tmp/kata-abc-`): up to `capacity` pids written to `pids`;
/// returns how many. Linux reads /proc/<pid>/environ, macOS `KERN_PROCARGS2`.
int kata_marked_processes(const char *prefix, int *pids, int capacity);

/// The process that holds an flock on the file open at `fd`, or -1 where the kernel does not say
/// (Linux: /proc/locks; macOS keeps no such list).
int kata_lock_holder(int fd);

/// What a file system entry is, as `lstat` says: enough to tell that it was replaced or written.
struct kata_entry {
    uint64_t device, inode, size;
    uint32_t mode;
    /// Nanoseconds since 1970: the content's last change, and the inode's (which no program can set).
    int64_t modified, changed;
};

/// `lstat` of one path. 0, or -1 when there is nothing there.
int kata_identity(const char *path, struct kata_entry *entry);

/// Called with each entry under the root (path relative to it); return nonzero to go into a folder.
typedef int (*kata_visit)(void *context, const char *relative_path, const struct kata_entry *entry);

/// Walks a folder without following links. 0, or -1 when the root cannot be read.
int kata_walk(const char *root, kata_visit visit, void *context);

/// What a set of folders held at one moment: each entry's path and `kata_entry`, kept sorted by
/// path (a folder's size and times left out: they change whenever an entry comes or goes, which
/// the entries themselves show). The grader's seal takes one before a test runs and one after, and
/// compares them; kept in C because a grade takes two of some 3,000 entries each, where building
/// them as Swift strings and dictionaries cost more than the `lstat` calls.
typedef struct kata_snapshot kata_snapshot;

/// An empty snapshot, or NULL when there is no memory.
kata_snapshot *kata_snapshot_make(void);

/// Adds `root` itself and everything under it, without following links, but for the entries
/// directly under it named in `skipped` (and what they hold). 0, or -1 when `root` is not there
/// (nothing is added) or memory ran out.
int kata_snapshot_add(kata_snapshot *snapshot, const char *root, const char *const *skipped, int skipped_count);

/// Whether `path` is as the snapshot keeps it: 1 when it is, 0 when it changed or is gone, -1 when
/// the snapshot holds no entry for it.
int kata_snapshot_matches(const kata_snapshot *snapshot, const char *path);

/// Keeps `path` as it is now from now on (adding it when new), or forgets it when it is gone.
/// 0, or -1 when memory ran out.
int kata_snapshot_retake(kata_snapshot *snapshot, const char *path);

/// Called with each path whose entry differs between two snapshots, or that only one holds.
typedef void (*kata_difference)(void *context, const char *path);

/// Calls `report` for each difference between `before` and `after`, in path order; returns how many.
long kata_snapshot_compare(const kata_snapshot *before, const kata_snapshot *after, kata_difference report, void *context);

void kata_snapshot_free(kata_snapshot *snapshot);

/// A descriptor that becomes readable whenever a child of this process ends: a non-blocking pipe
/// that a `SIGCHLD` handler writes a byte into (the self-pipe trick, the same on every POSIX
/// system), so that a loop can wait in `poll` for a child's end as it waits for its output,
/// instead of waking every few milliseconds to ask `waitpid`. Installed once; later calls return
/// the same descriptor. -1 when it cannot be made.
int kata_child_ended_descriptor(void);

/// Reads away what `kata_child_ended_descriptor` holds, so that the next `poll` waits again.
void kata_child_ended_drain(void);

#endif
