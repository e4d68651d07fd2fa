#if defined(__linux__)
#define _GNU_SOURCE // sched_getaffinity, CPU_COUNT
#include <sched.h>
#endif

#include "CFormcSystem.h"

#include <stdlib.h> // defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

// A 32 MiB top pad, on glibc: the heap grows in few, large steps. Untouched pages
// are not resident, so the pad costs no memory. It also sizes the first heap of
// each thread's own arena, which glibc would otherwise grow a page per mprotect
// call, thousands of calls for a large form compiled on a worker thread. No huge
// pages: they would save faults but put the peak memory over the benchmark's goal.
//
// Call it first thing, while the main thread is the only one.
int formc_tune_allocator(void) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, 32 << 20) ? 1 : 0;
#else
    return 0;
#endif
}

// Gives the pages of freed memory back to the system, in every arena: a server
// that analyses one document after another keeps only what its last analysis
// holds, whichever threads the analyses ran on.
int formc_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

// The affinity mask's CPUs: `taskset` and a container's cpuset narrow it below
// the CPUs online.
int formc_available_cpus(void) {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
#endif
    return 0;
}
