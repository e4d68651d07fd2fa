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

#endif
