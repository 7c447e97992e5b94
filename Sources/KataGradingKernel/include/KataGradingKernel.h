// The few kernel calls the grader needs that Swift cannot make itself: `prctl` is variadic, and
// Swift does not import variadic C functions. Only the grader uses this module.
#ifndef KATA_GRADING_KERNEL_H
#define KATA_GRADING_KERNEL_H

/// Makes the calling process a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`): orphaned
/// descendants are re-parented to it instead of to init, so it can find and end them.
/// Returns 0 on success and -1 where the platform has no such thing (macOS).
int kata_become_subreaper(void);

#endif
