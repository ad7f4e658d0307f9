import Foundation
import RoadtripCLI

// A write past a file-size limit (ulimit -f) then fails with EFBIG and is reported like a full
// disk, instead of the signal killing the program in the middle of a save.
signal(SIGXFSZ, SIG_IGN)

// Writing to a pipe whose reader has gone then fails with EPIPE instead of killing the program,
// which could be in the middle of saving the data file; RoadtripCommand.runCommandLine reports
// such a failed write (quietly, for EPIPE: see there).
signal(SIGPIPE, SIG_IGN)

RoadtripCommand.runCommandLine()
