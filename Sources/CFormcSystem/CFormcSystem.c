#include "CFormcSystem.h"

#include <stdlib.h> // defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

// Tuning for one short compile, on glibc:
//
// - A 32 MiB top pad: the heap grows in few, large steps. Untouched pages are not
//   resident, so the pad costs no memory. It also sizes the first heap of each
//   thread's own arena, which glibc would otherwise grow a page per mprotect call
//   (compiling a 1 MB form on a worker thread made 3,400 such calls).
// - Each thread keeps its own arena (glibc's default). A compile uses two threads
//   at once for one large form (`Concurrently`), and with one arena between them
//   every allocation of one waited on the other's: a 1 MB lint took 46 ms instead
//   of 34 (docs/performance.md, "Two cores").
// - Transparent huge pages on the main heap's first 32 MiB (where the kernel allows
//   them on request, as Debian's default "madvise" does): a 1 MB form then takes
//   about 2,100 page faults instead of 3,900. This is what glibc's own
//   glibc.malloc.hugetlb=1 tunable does, which can only be set from outside.
//
// Call it first thing, while the main thread is the only one.
int formc_tune_allocator(void) {
#if defined(__GLIBC__)
    if (!mallopt(M_TOP_PAD, 32 << 20)) return 0;
    // Make the heap grow by its pad now (a request larger than what is left at its
    // top, below the size glibc serves with mmap), then ask for huge pages on it.
    void *probe = malloc(96 << 10);
    if (probe != NULL) {
        long page = sysconf(_SC_PAGESIZE);
        uintptr_t start = (uintptr_t)probe & ~(uintptr_t)(page - 1);
        uintptr_t end = (uintptr_t)sbrk(0);
        if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
        free(probe);
    }
    return 1;
#else
    return 0;
#endif
}

// Huge pages for the calling thread's own arena, as formc_tune_allocator asks for
// the main heap. A worker thread's first allocation makes its arena: a heap whose
// first 32 MiB or more (the top pad) are made writable at once, starting a few
// kilobytes before that allocation. So the 30 MiB from the probe's page lie inside
// it whatever glibc's layout; madvise only sets a hint on them.
//
// The 2 MiB block the arena starts in cannot become a huge page: its first page,
// the arena's own header, is mapped already. The worker's first 2 MiB of memory
// would come from it, 4 KB a fault (476-489 of the worker's 500-530 faults in a
// lint of the benchmark form). So the rest of that block is taken by chunks kept
// for the life of the process, carved from the top of the arena (which the top
// pad keeps large enough); each touches only the page of its header, where it
// holds the link to the chunk kept before it, and what the thread allocates next
// lies in huge pages. Only formc's own process does this (a library has no
// business keeping memory it does not use).
//
// Call it on the thread, before it allocates much (what it allocated before keeps
// its pages). It does its work once per thread, and never on the main thread
// (whose heap formc_tune_allocator tuned), so it can be called before every piece
// of work, from several threads at once.
#if defined(__GLIBC__)
static void *kept_chunks;

static void keep(void *chunk) {
    // A list through the chunks, so that every one stays reachable (a leak
    // checker would report one that is not).
    void *head = __atomic_load_n(&kept_chunks, __ATOMIC_RELAXED);
    do {
        *(void **)chunk = head;
    } while (!__atomic_compare_exchange_n(&kept_chunks, &head, chunk, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
}
#endif

int formc_tune_thread_heap(void) {
#if defined(__GLIBC__)
    static __thread int tuned;
    if (tuned) return 0;
    tuned = 1;
    if ((pid_t)syscall(SYS_gettid) == getpid()) return 0;
    void *probe = malloc(96 << 10);
    if (probe == NULL) return 0;
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)probe & ~(uintptr_t)(page - 1);
    if (madvise((void *)start, 30 << 20, MADV_HUGEPAGE) != 0) {
        free(probe);
        return 0;
    }
    const uintptr_t huge = (uintptr_t)2 << 20;
    const size_t filler = 120 << 10;
    uintptr_t boundary = ((uintptr_t)probe + huge) & ~(huge - 1);
    // The probe is kept too: freed, it would serve the next allocations from
    // the same 4 KB pages. At most 2 MiB / 120 KiB = 18 fillers.
    keep(probe);
    for (int count = 0; count < 18; count++) {
        void *chunk = malloc(filler);
        if (chunk == NULL) break;
        keep(chunk);
        if ((uintptr_t)chunk + filler >= boundary) break;
    }
    return 1;
#else
    return 0;
#endif
}
