import Foundation
import RoadtripCore

extension LazyResource where Value == any PlaceIndex {
    /// Everything the program searches: the built-in towns (`gazetteer.bin`), the built-in natural
    /// features (`features.bin`) and every added region (`RegionShelf`), loaded the first time a
    /// search needs them. Without the towns nothing is searched (a sentence says why); a features
    /// file that cannot be read is left out, and so is a region whose places cannot be searched,
    /// with the sentence saying why (`PlaceLibrary.problems`).
    package static func library(environment: [String: String], shelf: RegionShelf? = nil) -> PlaceIndexProvider {
        PlaceIndexProvider {
            let resources = try Resources.locate(environment: environment)
            let towns = try Gazetteer.load(from: resources.gazetteer)
            let features = try? Gazetteer.load(from: resources.features)
            let regions = (shelf ?? RegionShelf.standard(environment: environment)).placeIndexes()
            return PlaceLibrary(indexes: [towns] + (features.map { [$0] } ?? []) + regions.indexes, leftOut: regions.problems, serviceAreas: regions.areas)
        }
    }
}
