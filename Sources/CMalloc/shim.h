#ifndef ROADTRIP_CMALLOC_SHIM_H
#define ROADTRIP_CMALLOC_SHIM_H

// The C library's allocator settings, which Swift's Glibc module does not declare.

#include <malloc.h>

// Blocks of `bytes` and more are mapped on their own and unmapped when freed. glibc raises
// this threshold to the largest block freed so far, after which every encoded file (megabytes,
// on the save and journal threads) stays in a thread's arena once freed: the planner's memory
// then grows with each save instead of going back to what the trips take.
static inline int rt_malloc_unmap_blocks_from(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

#endif
