#ifndef CFORMC_SYSTEM_H
#define CFORMC_SYSTEM_H

/// Tunes the C allocator for a short compiler process; see CFormcSystem.c.
/// Returns 1 when it did, 0 where the C library has no such knobs.
int formc_tune_allocator(void);
/// Tunes the calling worker thread's heap, once per thread; see CFormcSystem.c.
/// Returns 1 when this call did, 0 on the main thread, on a thread already
/// tuned, when the kernel refused the hint, or where there are no such knobs.
int formc_tune_thread_heap(void);

#endif
