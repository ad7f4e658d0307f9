import RoadtripKit

RoadtripCommand.main()
