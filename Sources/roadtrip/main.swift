import CMalloc
import Foundation
import RoadtripCLI

// Buffers of 4 MB and more (a large trips file encoded for a save or the journal) go back to
// the system once freed, instead of staying with the thread that encoded them: a planner on a
// 1,000-trip file kept 108 MB after five saves, 87 MB with this (BENCHMARKS.md, issue 26).
// Below 4 MB, glibc's own choice holds, so the arrays a key makes and frees are not unmapped
// one by one.
_ = rt_malloc_unmap_blocks_from(4 << 20)

// A write past a file-size limit (ulimit -f) then fails with EFBIG and is reported like a full
// disk, instead of the signal killing the program in the middle of a save.
signal(SIGXFSZ, SIG_IGN)

// Writing to a pipe whose reader has gone then fails with EPIPE instead of killing the program,
// which could be in the middle of saving the data file; RoadtripCommand.runCommandLine reports
// such a failed write (quietly, for EPIPE: see there).
signal(SIGPIPE, SIG_IGN)

RoadtripCommand.runCommandLine()
