#define _GNU_SOURCE
#include "KataGradingKernel.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

int kata_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int kata_forbid_inspection(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

// A seccomp filter for the caller and all it starts, from which they can never get out:
// - the calls that reach into another process's memory or descriptors fail with EPERM (ptrace,
//   process_vm_readv/writev, pidfd_getfd), and so does every call made through another
//   system-call table (x86's 32-bit `int 0x80` and x32 numbers), where the same calls have other
//   numbers;
// - so does every signal to the caller, its parent (the grader) or their process group, or to
//   every process at once (kill -1), and every signal that stops a process, wherever it goes:
//   a test that killed both its supervisor and the grader was left with nothing to end it, and
//   what it started outlived the grade; one that stopped the grader left the grade hanging. The
//   calls checked: kill, rt_sigqueueinfo, tgkill, rt_tgsigqueueinfo (by their target and signal);
//   tkill and pidfd_send_signal, whose target cannot be told here, are denied whole; and fcntl's
//   F_SETOWN (to those targets), F_SETOWN_EX and the ioctls FIOSETOWN and SIOCSPGRP, and F_SETSIG
//   (a stop signal), with which the kernel signals a descriptor's owner.
// Everything else is allowed as before: a test still kills its own children, and itself.
int kata_confine_descendants(void) {
#if defined(__x86_64__)
    const unsigned int arch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
    const unsigned int arch = AUDIT_ARCH_AARCH64;
#else
    return -1;
#endif
#ifndef __NR_pidfd_getfd
#define __NR_pidfd_getfd 438
#endif
#ifndef __NR_pidfd_send_signal
#define __NR_pidfd_send_signal 424
#endif
#ifndef F_SETSIG
#define F_SETSIG 10
#endif
#ifndef F_SETOWN_EX
#define F_SETOWN_EX 15
#endif
#ifndef FIOSETOWN
#define FIOSETOWN 0x8901
#endif
#ifndef SIOCSPGRP
#define SIOCSPGRP 0x8902
#endif
    // Targets as the kernel reads them: the low half of an argument (both architectures are
    // little-endian), a pid_t; a process group as its negated id.
    const unsigned int self = (unsigned int)getpid(), parent = (unsigned int)getppid();
    const unsigned int group = (unsigned int)(-(int)getpgrp()), everyone = (unsigned int)-1;
#define KATA_ARG(n) (offsetof(struct seccomp_data, args) + (n) * sizeof(uint64_t))
    // A jump from instruction `at` to instruction `to`, counted as BPF counts (from the next one).
#define KATA_TO(to, at) ((to) - (at) - 1)
    enum { kill_like = 16, tgkill_like = 23, fcntl_call = 28, ioctl_call = 36, set_signal = 39, stops = 40,
           deny = 44, allow = 45 };
    struct sock_filter filter[] = {
        /*  0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        /*  1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 0, KATA_TO(deny, 1)),
        /*  2 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        /*  3 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, KATA_TO(deny, 3), 0),  // x32 numbers
#else
        /*  3 */ BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0),
#endif
        /*  4 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, KATA_TO(deny, 4), 0),
        /*  5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, KATA_TO(deny, 5), 0),
        /*  6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, KATA_TO(deny, 6), 0),
        /*  7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pidfd_getfd, KATA_TO(deny, 7), 0),
        /*  8 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pidfd_send_signal, KATA_TO(deny, 8), 0),
        /*  9 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tkill, KATA_TO(deny, 9), 0),
        /* 10 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, KATA_TO(kill_like, 10), 0),
        /* 11 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigqueueinfo, KATA_TO(kill_like, 11), 0),
        /* 12 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, KATA_TO(tgkill_like, 12), 0),
        /* 13 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_tgsigqueueinfo, KATA_TO(tgkill_like, 13), 0),
        /* 14 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fcntl, KATA_TO(fcntl_call, 14), 0),
        /* 15 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, KATA_TO(ioctl_call, 15), KATA_TO(allow, 15)),
        // kill(target, signal), rt_sigqueueinfo(target, signal, info)
        /* 16 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(0)),
        /* 17 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, self, KATA_TO(deny, 17), 0),
        /* 18 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, parent, KATA_TO(deny, 18), 0),
        /* 19 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, group, KATA_TO(deny, 19), 0),
        /* 20 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, everyone, KATA_TO(deny, 20), 0),
        /* 21 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(1)),
        /* 22 */ BPF_JUMP(BPF_JMP | BPF_JA, KATA_TO(stops, 22), 0, 0),
        // tgkill(process, thread, signal), rt_tgsigqueueinfo(process, thread, signal, info)
        /* 23 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(0)),
        /* 24 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, self, KATA_TO(deny, 24), 0),
        /* 25 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, parent, KATA_TO(deny, 25), 0),
        /* 26 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(2)),
        /* 27 */ BPF_JUMP(BPF_JMP | BPF_JA, KATA_TO(stops, 27), 0, 0),
        // fcntl(descriptor, command, value)
        /* 28 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(1)),
        /* 29 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_SETSIG, KATA_TO(set_signal, 29), 0),
        /* 30 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_SETOWN_EX, KATA_TO(deny, 30), 0),
        /* 31 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_SETOWN, 0, KATA_TO(allow, 31)),
        /* 32 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(2)),
        /* 33 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, self, KATA_TO(deny, 33), 0),
        /* 34 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, parent, KATA_TO(deny, 34), 0),
        /* 35 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, group, KATA_TO(deny, 35), KATA_TO(allow, 35)),
        // ioctl(descriptor, request, pointer): an owner given through a pointer cannot be read here.
        /* 36 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(1)),
        /* 37 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, FIOSETOWN, KATA_TO(deny, 37), 0),
        /* 38 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIOCSPGRP, KATA_TO(deny, 38), KATA_TO(allow, 38)),
        // fcntl(descriptor, F_SETSIG, signal)
        /* 39 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, KATA_ARG(2)),
        // The signal, loaded by the block that jumped here (BPF jumps only forward).
        /* 40 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIGSTOP, KATA_TO(deny, 40), 0),
        /* 41 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIGTSTP, KATA_TO(deny, 41), 0),
        /* 42 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIGTTIN, KATA_TO(deny, 42), 0),
        /* 43 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIGTTOU, KATA_TO(deny, 43), KATA_TO(allow, 43)),
        /* 44 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        /* 45 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
#undef KATA_TO
#undef KATA_ARG
    struct sock_fprog program = { .len = (unsigned short)(sizeof filter / sizeof filter[0]), .filter = filter };
    // Without privileges a filter needs no_new_privs, which set-user-id programs then honour.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
}

int kata_peer_pid(int fd) {
    struct ucred cred;
    socklen_t length = sizeof cred;
    return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) == 0 ? cred.pid : -1;
}

int kata_parent_of(int pid) {
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    if (count <= 0) return -1;
    text[count] = 0;
    // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
    char *after = strrchr(text, ')');
    char state;
    int parent = -1;
    return after && sscanf(after + 1, " %c %d", &state, &parent) == 2 ? parent : -1;
}

int kata_started_with_variable(int pid, const char *name) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/environ", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    static char block[1 << 18];
    size_t used = 0;
    ssize_t count;
    while (used < sizeof block && (count = read(fd, block + used, sizeof block - used)) > 0) used += (size_t)count;
    close(fd);
    size_t want = strlen(name);
    for (size_t offset = 0; offset < used;) {
        size_t length = strnlen(block + offset, used - offset);
        if (length > want && memcmp(block + offset, name, want) == 0 && block[offset + want] == '=') return 1;
        offset += length + 1;
    }
    return 0;
}


int kata_runs_same_executable(int pid, int other) {
    char a_link[64], b_link[64];
    snprintf(a_link, sizeof a_link, "/proc/%d/exe", pid);
    snprintf(b_link, sizeof b_link, "/proc/%d/exe", other);
    struct stat a, b;
    if (stat(a_link, &a) != 0 || stat(b_link, &b) != 0) return 0;
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Whether the NUL-separated block holds an entry that starts with `prefix`.
static int kata_block_has_prefix(const char *block, size_t used, const char *prefix) {
    size_t want = strlen(prefix);
    for (size_t offset = 0; offset < used;) {
        size_t length = strnlen(block + offset, used - offset);
        if (length >= want && memcmp(block + offset, prefix, want) == 0) return 1;
        offset += length + 1;
    }
    return 0;
}

static int kata_environment_has_prefix(int pid, const char *prefix) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/environ", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    size_t capacity = 1 << 18, used = 0;
    char *block = malloc(capacity);
    if (!block) { close(fd); return 0; }
    ssize_t count;
    while (used < capacity && (count = read(fd, block + used, capacity - used)) > 0) used += (size_t)count;
    close(fd);
    int found = kata_block_has_prefix(block, used, prefix);
    free(block);
    return found;
}

int kata_children(int parent, int *pids, int capacity) {
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    int found = 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) && found < capacity) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end != 0 || pid <= 0) continue;
        if (kata_parent_of((int)pid) == parent) pids[found++] = (int)pid;
    }
    closedir(proc);
    return found;
}

int kata_marked_processes(const char *prefix, int *pids, int capacity) {
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    int found = 0, me = (int)getpid();
    uid_t uid = getuid();
    struct dirent *entry;
    while ((entry = readdir(proc)) && found < capacity) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end != 0 || pid <= 0 || pid == me) continue;
        char folder[64];
        struct stat owner;
        snprintf(folder, sizeof folder, "/proc/%ld", pid);
        if (stat(folder, &owner) != 0 || owner.st_uid != uid) continue;
        if (kata_environment_has_prefix((int)pid, prefix)) pids[found++] = (int)pid;
    }
    closedir(proc);
    return found;
}

int kata_lock_holder(int fd) {
    struct stat status;
    if (fstat(fd, &status) != 0) return -1;
    FILE *locks = fopen("/proc/locks", "re");
    if (!locks) return -1;
    char line[512];
    int holder = -1;
    while (holder < 0 && fgets(line, sizeof line, locks)) {
        // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF": the pid, then major:minor:inode.
        char kind[16];
        int pid;
        unsigned long long inode;
        if (sscanf(line, "%*s %15s %*s %*s %d %*x:%*x:%llu", kind, &pid, &inode) == 3
            && strcmp(kind, "FLOCK") == 0 && inode == (unsigned long long)status.st_ino) holder = pid;
    }
    fclose(locks);
    return holder;
}

#elif defined(__APPLE__)
#include <libproc.h>
#include <sys/sysctl.h>

// No child subreaper on macOS (XNU has no PR_SET_CHILD_SUBREAPER).
int kata_become_subreaper(void) { return -1; }

// Another process of the same user cannot read this one's memory or descriptors without the
// task port, which macOS gives only to privileged callers: nothing to switch off.
int kata_forbid_inspection(void) { return 0; }

// No seccomp on macOS, and `PT_DENY_ATTACH` only keeps debuggers off the process that calls it.
// Reaching another process there takes its task port (`task_for_pid`), which macOS gives only to
// a signed debugger the user authorised (Developer Mode) and never for a hardened or platform
// binary such as the user's shell; nothing to add here.
int kata_confine_descendants(void) { return -1; }

int kata_peer_pid(int fd) {
    pid_t pid = -1;
    socklen_t length = sizeof pid;
    return getsockopt(fd, SOL_LOCAL, LOCAL_PEERPID, &pid, &length) == 0 ? pid : -1;
}

int kata_parent_of(int pid) {
    struct proc_bsdinfo info;
    return proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, &info, sizeof info) == (int)sizeof info ? (int)info.pbi_ppid : -1;
}

// Whether the process's initial environment holds an entry starting with `prefix`. KERN_PROCARGS2
// gives argc, the executable path, argv, then the initial environment, NUL-separated.
static int kata_environment_has_prefix(int pid, const char *prefix) {
    int mib[3] = { CTL_KERN, KERN_PROCARGS2, pid };
    size_t size = 0;
    if (sysctl(mib, 3, NULL, &size, NULL, 0) != 0 || size == 0) return 0;
    char *block = malloc(size);
    if (!block) return 0;
    int found = 0;
    if (sysctl(mib, 3, block, &size, NULL, 0) == 0 && size > sizeof(int)) {
        int argc;
        memcpy(&argc, block, sizeof argc);
        size_t offset = sizeof argc, want = strlen(prefix);
        offset += strnlen(block + offset, size - offset);
        while (offset < size && block[offset] == 0) offset++;
        for (int skipped = 0; skipped < argc && offset < size; skipped++) offset += strnlen(block + offset, size - offset) + 1;
        while (offset < size && !found) {
            size_t length = strnlen(block + offset, size - offset);
            if (length == 0) break;
            if (length >= want && memcmp(block + offset, prefix, want) == 0) found = 1;
            offset += length + 1;
        }
    }
    free(block);
    return found;
}

// Whether the process started with `name` set, whatever its value: an entry starting "name=".
int kata_started_with_variable(int pid, const char *name) {
    size_t length = strlen(name);
    char *entry = malloc(length + 2);
    if (!entry) return 0;
    memcpy(entry, name, length);
    entry[length] = '=';
    entry[length + 1] = 0;
    int found = kata_environment_has_prefix(pid, entry);
    free(entry);
    return found;
}


int kata_runs_same_executable(int pid, int other) {
    char a_path[PROC_PIDPATHINFO_MAXSIZE], b_path[PROC_PIDPATHINFO_MAXSIZE];
    if (proc_pidpath(pid, a_path, sizeof a_path) <= 0 || proc_pidpath(other, b_path, sizeof b_path) <= 0) return 0;
    struct stat a, b;
    return stat(a_path, &a) == 0 && stat(b_path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int kata_children(int parent, int *pids, int capacity) {
    int count = proc_listchildpids(parent, pids, capacity * (int)sizeof(int));
    return count < 0 ? 0 : (count > capacity ? capacity : count);
}


int kata_marked_processes(const char *prefix, int *pids, int capacity) {
    int room = proc_listallpids(NULL, 0);
    if (room <= 0) return 0;
    room += 64;
    int *all = malloc((size_t)room * sizeof(int));
    if (!all) return 0;
    int count = proc_listallpids(all, room * (int)sizeof(int));
    int found = 0, me = (int)getpid();
    uid_t uid = getuid();
    for (int index = 0; index < count && found < capacity; index++) {
        int pid = all[index];
        if (pid <= 0 || pid == me) continue;
        struct proc_bsdinfo info;
        if (proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, &info, sizeof info) != (int)sizeof info || info.pbi_uid != uid) continue;
        if (kata_environment_has_prefix(pid, prefix)) pids[found++] = pid;
    }
    free(all);
    return found;
}

// macOS keeps no list of flock holders that a process can read.
int kata_lock_holder(int fd) { (void)fd; return -1; }

#else
int kata_become_subreaper(void) { return -1; }
int kata_forbid_inspection(void) { return -1; }
int kata_confine_descendants(void) { return -1; }
int kata_peer_pid(int fd) { (void)fd; return -1; }
int kata_parent_of(int pid) { (void)pid; return -1; }
int kata_started_with_variable(int pid, const char *name) { (void)pid; (void)name; return 0; }
int kata_runs_same_executable(int pid, int other) { (void)pid; (void)other; return 0; }
int kata_children(int parent, int *pids, int capacity) { (void)parent; (void)pids; (void)capacity; return 0; }
int kata_marked_processes(const char *prefix, int *pids, int capacity) { (void)prefix; (void)pids; (void)capacity; return 0; }
int kata_lock_holder(int fd) { (void)fd; return -1; }
#endif

// MARK: - Starting a child

short kata_spawn_new_session_flag(void) {
#if defined(POSIX_SPAWN_SETSID)
    return (short)POSIX_SPAWN_SETSID;
#else
    return 0;
#endif
}

// MARK: - Sealing a folder

static void kata_fill(const struct stat *status, struct kata_entry *entry) {
    entry->device = (uint64_t)status->st_dev;
    entry->inode = (uint64_t)status->st_ino;
    entry->size = (uint64_t)status->st_size;
    entry->mode = (uint32_t)status->st_mode;
#if defined(__APPLE__)
    entry->modified = (int64_t)status->st_mtimespec.tv_sec * 1000000000 + status->st_mtimespec.tv_nsec;
    entry->changed = (int64_t)status->st_ctimespec.tv_sec * 1000000000 + status->st_ctimespec.tv_nsec;
#else
    entry->modified = (int64_t)status->st_mtim.tv_sec * 1000000000 + status->st_mtim.tv_nsec;
    entry->changed = (int64_t)status->st_ctim.tv_sec * 1000000000 + status->st_ctim.tv_nsec;
#endif
}

int kata_identity(const char *path, struct kata_entry *entry) {
    struct stat status;
    if (lstat(path, &status) != 0) return -1;
    kata_fill(&status, entry);
    return 0;
}

static int kata_walk_folder(char *path, size_t length, size_t root_length, int depth, kata_visit visit, void *context) {
    if (depth > 64) return 0;
    DIR *folder = opendir(path);
    if (!folder) return -1;
    struct dirent *item;
    while ((item = readdir(folder))) {
        if (strcmp(item->d_name, ".") == 0 || strcmp(item->d_name, "..") == 0) continue;
        size_t name_length = strlen(item->d_name);
        if (length + 1 + name_length >= 4096) continue;
        path[length] = '/';
        memcpy(path + length + 1, item->d_name, name_length + 1);
        struct stat status;
        if (lstat(path, &status) == 0) {
            struct kata_entry entry;
            kata_fill(&status, &entry);
            // The entry's path relative to the root, and whether to go into it (a folder, not a link).
            if (visit(context, path + root_length + 1, &entry) && S_ISDIR(status.st_mode)) {
                kata_walk_folder(path, length + 1 + name_length, root_length, depth + 1, visit, context);
            }
        }
        path[length] = 0;
    }
    closedir(folder);
    return 0;
}

int kata_walk(const char *root, kata_visit visit, void *context) {
    char path[4096];
    size_t length = strlen(root);
    if (length >= sizeof path) return -1;
    memcpy(path, root, length + 1);
    return kata_walk_folder(path, length, length, 0, visit, context);
}

// MARK: - Snapshots of folders

struct kata_snapshot_record {
    char *path;
    struct kata_entry entry;
};

/// The records, in path order once `kata_snapshot_add` returns (a walk appends them in its own).
struct kata_snapshot {
    struct kata_snapshot_record *records;
    size_t count, capacity;
};

/// A folder's size and times change with its entries, which are compared themselves.
static void kata_snapshot_normalize(struct kata_entry *entry) {
    if ((entry->mode & S_IFMT) == S_IFDIR) entry->size = entry->modified = entry->changed = 0;
}

kata_snapshot *kata_snapshot_make(void) {
    return calloc(1, sizeof(kata_snapshot));
}

static int kata_snapshot_append(kata_snapshot *snapshot, const char *path, const struct kata_entry *entry) {
    if (snapshot->count == snapshot->capacity) {
        size_t capacity = snapshot->capacity ? snapshot->capacity * 2 : 1024;
        struct kata_snapshot_record *records = realloc(snapshot->records, capacity * sizeof *records);
        if (!records) return -1;
        snapshot->records = records;
        snapshot->capacity = capacity;
    }
    char *copy = strdup(path);
    if (!copy) return -1;
    struct kata_snapshot_record *record = &snapshot->records[snapshot->count++];
    record->path = copy;
    record->entry = *entry;
    kata_snapshot_normalize(&record->entry);
    return 0;
}

struct kata_snapshot_walk {
    kata_snapshot *snapshot;
    size_t root_length;
    const char *const *skipped;
    int skipped_count;
    char path[4096 + 256];
    int failed;
};

static int kata_snapshot_visit(void *context, const char *relative_path, const struct kata_entry *entry) {
    struct kata_snapshot_walk *walk = context;
    for (int i = 0; i < walk->skipped_count; i++) {
        if (strcmp(relative_path, walk->skipped[i]) == 0) return 0;
    }
    size_t length = strlen(relative_path);
    if (walk->root_length + 1 + length >= sizeof walk->path) return 0;
    memcpy(walk->path + walk->root_length + 1, relative_path, length + 1);
    if (kata_snapshot_append(walk->snapshot, walk->path, entry) != 0) walk->failed = 1;
    return 1;
}

static int kata_snapshot_order(const void *a, const void *b) {
    return strcmp(((const struct kata_snapshot_record *)a)->path, ((const struct kata_snapshot_record *)b)->path);
}

int kata_snapshot_add(kata_snapshot *snapshot, const char *root, const char *const *skipped, int skipped_count) {
    struct kata_entry entry;
    if (kata_identity(root, &entry) != 0) return -1;
    struct kata_snapshot_walk *walk = calloc(1, sizeof *walk);
    if (!walk) return -1;
    walk->snapshot = snapshot;
    walk->root_length = strlen(root);
    walk->skipped = skipped;
    walk->skipped_count = skipped_count;
    int result = -1;
    if (walk->root_length + 1 < sizeof walk->path) {
        memcpy(walk->path, root, walk->root_length);
        walk->path[walk->root_length] = '/';
        if (kata_snapshot_append(snapshot, root, &entry) == 0) {
            kata_walk(root, kata_snapshot_visit, walk);
            result = walk->failed ? -1 : 0;
        }
    }
    free(walk);
    // Sorted before anyone looks it up: lookups only read, from any thread.
    if (snapshot->count > 1) qsort(snapshot->records, snapshot->count, sizeof *snapshot->records, kata_snapshot_order);
    return result;
}

/// The index of `path`, or where it would go (`*found` 0), in a sorted snapshot.
static size_t kata_snapshot_position(const kata_snapshot *snapshot, const char *path, int *found) {
    size_t low = 0, high = snapshot->count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        int order = strcmp(snapshot->records[middle].path, path);
        if (order == 0) { *found = 1; return middle; }
        if (order < 0) low = middle + 1; else high = middle;
    }
    *found = 0;
    return low;
}

static int kata_entries_equal(const struct kata_entry *a, const struct kata_entry *b) {
    return a->device == b->device && a->inode == b->inode && a->size == b->size && a->mode == b->mode
        && a->modified == b->modified && a->changed == b->changed;
}

int kata_snapshot_matches(const kata_snapshot *snapshot, const char *path) {
    int found;
    size_t index = kata_snapshot_position(snapshot, path, &found);
    if (!found) return -1;
    struct kata_entry now;
    if (kata_identity(path, &now) != 0) return 0;
    kata_snapshot_normalize(&now);
    return kata_entries_equal(&snapshot->records[index].entry, &now);
}

int kata_snapshot_retake(kata_snapshot *snapshot, const char *path) {
    struct kata_entry now;
    const struct kata_entry *entry = kata_identity(path, &now) == 0 ? &now : NULL;
    int found;
    size_t index = kata_snapshot_position(snapshot, path, &found);
    if (found && entry) {
        snapshot->records[index].entry = *entry;
        kata_snapshot_normalize(&snapshot->records[index].entry);
    } else if (found) {
        free(snapshot->records[index].path);
        memmove(&snapshot->records[index], &snapshot->records[index + 1], (snapshot->count - index - 1) * sizeof *snapshot->records);
        snapshot->count--;
    } else if (entry) {
        if (kata_snapshot_append(snapshot, path, entry) != 0) return -1;
        // Appended last: moved to its place, so the records stay in order.
        struct kata_snapshot_record added = snapshot->records[snapshot->count - 1];
        memmove(&snapshot->records[index + 1], &snapshot->records[index], (snapshot->count - 1 - index) * sizeof *snapshot->records);
        snapshot->records[index] = added;
    }
    return 0;
}

long kata_snapshot_compare(const kata_snapshot *before, const kata_snapshot *after, kata_difference report, void *context) {
    size_t i = 0, j = 0;
    long differences = 0;
    while (i < before->count || j < after->count) {
        int order = i == before->count ? 1 : j == after->count ? -1 : strcmp(before->records[i].path, after->records[j].path);
        if (order < 0) {
            report(context, before->records[i++].path);
            differences++;
        } else if (order > 0) {
            report(context, after->records[j++].path);
            differences++;
        } else {
            if (!kata_entries_equal(&before->records[i].entry, &after->records[j].entry)) {
                report(context, before->records[i].path);
                differences++;
            }
            i++;
            j++;
        }
    }
    return differences;
}

void kata_snapshot_free(kata_snapshot *snapshot) {
    if (!snapshot) return;
    for (size_t i = 0; i < snapshot->count; i++) free(snapshot->records[i].path);
    free(snapshot->records);
    free(snapshot);
}

// MARK: - Waiting for a child's end

static int kata_child_ended[2] = {-1, -1};

static void kata_on_child_ended(int signal_number) {
    (void)signal_number;
    int saved = errno;
    char byte = 1;
    // Full when nobody read the last ones: one unread byte says as much as many.
    ssize_t written = write(kata_child_ended[1], &byte, 1);
    (void)written;
    errno = saved;
}

int kata_child_ended_descriptor(void) {
    if (kata_child_ended[0] >= 0) return kata_child_ended[0];
    int ends[2];
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(ends[i], F_SETFD, FD_CLOEXEC);
        fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
    }
    kata_child_ended[0] = ends[0];
    kata_child_ended[1] = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = kata_on_child_ended;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    if (sigaction(SIGCHLD, &action, NULL) != 0) {
        close(ends[0]);
        close(ends[1]);
        kata_child_ended[0] = kata_child_ended[1] = -1;
        return -1;
    }
    return ends[0];
}

void kata_child_ended_drain(void) {
    char bytes[64];
    if (kata_child_ended[0] < 0) return;
    while (read(kata_child_ended[0], bytes, sizeof bytes) > 0) {}
}
