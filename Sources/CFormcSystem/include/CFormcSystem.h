#ifndef CFORMC_SYSTEM_H
#define CFORMC_SYSTEM_H

/// Tunes the C allocator for a short compiler process; see CFormcSystem.c.
/// Returns 1 when it did, 0 where the C library has no such knobs.
int formc_tune_allocator(void);

/// Gives freed memory back to the system (glibc's `malloc_trim`); see CFormcSystem.c.
/// Returns 1 when some was given back.
int formc_release_free_memory(void);

/// How many CPUs the calling process may run on (its affinity mask, on Linux);
/// 0 where that cannot be read.
int formc_available_cpus(void);

/// Temporary output files to delete when formc is stopped by SIGINT, SIGTERM or
/// SIGHUP (a Ctrl-C during a build): `formc_remove_on_signal` records a path
/// (copied) before the file is made, `formc_created_for_signal` tells that it was
/// made (and deletes it at once when a stop has begun meanwhile),
/// `formc_keep_on_signal` forgets it (once renamed or removed), and
/// `formc_install_signal_cleanup` installs the handler, which deletes every
/// recorded file and then dies of the signal.
void formc_remove_on_signal(const char *path);
void formc_created_for_signal(const char *path);
void formc_keep_on_signal(const char *path);
void formc_install_signal_cleanup(void);

#endif
