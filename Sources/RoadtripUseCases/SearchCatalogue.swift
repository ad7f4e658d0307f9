import Foundation
import OSMImport
import RoadtripRegions

/// The catalogue of extracts searched by name or id, once for both front ends (`roadtrip region
/// catalogue QUERY`, the planner's `D` browser as it is typed; issue 56: `region catalogue nyc`
/// found nothing that the browser found).
package struct SearchCatalogue: Sendable {
    /// The catalogue as `ExtractSource.catalogue` gives it: when it was fetched, and why it could
    /// not be fetched again when an older copy is used.
    package typealias Load = (catalogue: ExtractCatalogue, fetched: Date, stale: DownloadError?)

    private let source: ExtractSource

    package init(source: ExtractSource) {
        self.source = source
    }

    /// The catalogue: cached a day, else fetched (`refresh`: fetched again).
    package func catalogue(refresh: Bool = false, isCancelled: @escaping @Sendable () -> Bool = { false }) throws(DownloadError) -> Load {
        var curl = Curl()
        curl.isCancelled = isCancelled
        return try source.catalogue(refresh: refresh, curl: curl)
    }

    /// The size of `extract`'s file, as the server says it (a HEAD request); nil when it does not.
    package static func size(of extract: ExtractCatalogue.Extract, isCancelled: @escaping @Sendable () -> Bool = { false }) throws(DownloadError) -> Int64? {
        var curl = Curl()
        curl.isCancelled = isCancelled
        return try curl.head(extract.pbf).bytes
    }

    /// An extract found, and the region made of it, if any.
    package struct Match: Equatable, Sendable {
        package let extract: ExtractCatalogue.Extract
        /// The region downloaded from it, else one added by hand under its name; nil: not added.
        package let addedAs: String?
    }

    /// The extracts `query` finds, the one search of both front ends: every one for none, else
    /// those whose name or id holds it (in any case and accents), those whose name begins with it
    /// first; each with the region of `installed` it was added as.
    package static func extracts(matching query: String, in catalogue: ExtractCatalogue, installed: [RegionShelf.Installed]) -> [Match] {
        catalogue.browse(query).map { Match(extract: $0, addedAs: $0.addedRegion(among: installed)?.name) }
    }
}
