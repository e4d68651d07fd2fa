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

// Temporary output files, for the signal handler. A table of pointers, each
// set and cleared atomically, so that the handler (which may only make
// async-signal-safe calls) reads whole pointers and calls `unlink` alone. Its
// pages are touched only as far as it is filled. Past its end, and from the
// moment a stop begins, a new file is deleted by the thread that made it.
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#define FORMC_TEMPORARY_SLOTS (1 << 16)
static _Atomic(char *) temporaries[FORMC_TEMPORARY_SLOTS];
static atomic_int next_free_hint;
// One past the highest slot ever filled: how far the others look.
static atomic_int slots_used;
static atomic_int stopping;

void formc_remove_on_signal(const char *path) {
    char *copy = strdup(path);
    if (copy == NULL) return;
    int start = atomic_load(&next_free_hint);
    for (int step = 0; step < FORMC_TEMPORARY_SLOTS; step++) {
        int slot = (start + step) % FORMC_TEMPORARY_SLOTS;
        char *empty = NULL;
        if (atomic_compare_exchange_strong(&temporaries[slot], &empty, copy)) {
            atomic_store(&next_free_hint, (slot + 1) % FORMC_TEMPORARY_SLOTS);
            int used = atomic_load(&slots_used);
            while (used < slot + 1 && !atomic_compare_exchange_weak(&slots_used, &used, slot + 1)) {}
            return;
        }
    }
    free(copy);
}

void formc_created_for_signal(const char *path) {
    if (atomic_load(&stopping)) unlink(path);
}

void formc_keep_on_signal(const char *path) {
    int used = atomic_load(&slots_used);
    for (int slot = 0; slot < used; slot++) {
        char *held = atomic_load(&temporaries[slot]);
        if (held != NULL && strcmp(held, path) == 0 && atomic_compare_exchange_strong(&temporaries[slot], &held, NULL)) {
            // Kept while a stop runs: the handler may be reading it.
            if (!atomic_load(&stopping)) free(held);
            return;
        }
    }
}

static void formc_remove_temporaries(int signal_number) {
    atomic_store(&stopping, 1);
    int used = atomic_load(&slots_used);
    for (int slot = 0; slot < used; slot++) {
        char *held = atomic_load(&temporaries[slot]);
        if (held != NULL) unlink(held);
    }
    // Then the signal's own end: the default action, with the exit status it gives.
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void formc_install_signal_cleanup(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = formc_remove_temporaries;
    sigemptyset(&action.sa_mask);
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction previous;
        // A signal the shell made the process ignore (`nohup`) stays ignored.
        if (sigaction(signals[index], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        sigaction(signals[index], &action, NULL);
    }
}
