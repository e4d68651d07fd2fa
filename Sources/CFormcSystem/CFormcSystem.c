#include "CFormcSystem.h"

#include <stdlib.h> // defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

// glibc gives each new thread its own heap, and grows such a heap a page per
// mprotect call: compiling a 1 MB form on a Swift concurrency thread made 3,400
// of them. One arena for every thread uses the main heap, which grows with brk,
// and the top pad makes each growth 16 MiB larger than asked: a few calls. The
// threads keep their per-thread caches, so two compiles at once barely contend;
// untouched pages are not resident, so the pad costs no memory. It must run
// before any other thread allocates, since a thread keeps the arena it started on.
int formc_tune_allocator(void) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, 1) && mallopt(M_TOP_PAD, 16 << 20);
#else
    return 0;
#endif
}

