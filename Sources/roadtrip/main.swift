import Foundation
import RoadtripKit

// A write past a file-size limit (ulimit -f) then fails with EFBIG and is reported like a full
// disk, instead of the signal killing the program in the middle of a save.
signal(SIGXFSZ, SIG_IGN)

RoadtripCommand.main()
