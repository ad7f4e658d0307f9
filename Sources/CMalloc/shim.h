#ifndef ROADTRIP_CMALLOC_SHIM_H
#define ROADTRIP_CMALLOC_SHIM_H

// The C library's allocator settings, which Swift's Glibc module does not declare.

#include <malloc.h>

// Blocks of `bytes` and more are mapped on their own and unmapped when freed. glibc raises
// this threshold to the largest block freed so far, after which every encoded file (megabytes,
// on the save and journal threads) stays in a thread's arena once freed: the planner's memory
// then grows with each save instead of going back to what the trips take.
// Setting it stops glibc from moving the trim threshold along with it, and the heap would then
// shrink and grow again on every key that frees and makes the arrays of a long trip: the top of
// the heap is kept up to four times `bytes`.
static inline int rt_malloc_unmap_blocks_from(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes) && mallopt(M_TRIM_THRESHOLD, 4 * bytes);
}

#endif
