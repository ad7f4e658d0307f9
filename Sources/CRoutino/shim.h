// The second door to C: libroutino (Debian libroutino-dev), the road router, used in process by
// RoadtripRegions' RoadRouter. The library has no pkg-config file, so it is linked by name.
#include <routino.h>
