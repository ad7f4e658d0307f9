import OSMImport
import RoadtripRegions

/// Whether the downloaded regions' extracts changed on the server, once for both front ends
/// (`roadtrip region update`, the regions panel as it opens): which regions are asked about (the
/// downloaded ones; those added from a file are not), and each one's published MD5 (a few bytes),
/// not the file. Runs on any thread.
package struct CheckRegionUpdates: Sendable {
    /// A region downloaded from the catalogue, and where from.
    package struct Downloaded: Equatable, Sendable {
        package let name: String
        package let origin: RegionOrigin

        package init(name: String, origin: RegionOrigin) {
            (self.name, self.origin) = (name, origin)
        }
    }

    private let catalogue: SearchCatalogue

    package init(source: ExtractSource) {
        catalogue = SearchCatalogue(source: source)
    }

    /// The regions of `installed` a check is about (those `names` names, when given; each must be
    /// a region): the downloaded ones, and the names of those added from a file (or unreadable),
    /// which are not checked.
    package static func regions(
        _ installed: [RegionShelf.Installed], named names: [String] = []
    ) throws(RegionError)
        -> (downloaded: [Downloaded], fromFiles: [String])
    {
        for name in names where !installed.contains(where: { $0.name == name }) {
            throw RegionError.noSuchRegion(name, known: installed.map(\.name))
        }
        let asked = installed.filter { names.isEmpty || names.contains($0.name) }
        return (downloaded(among: asked), asked.filter { $0.origin == nil }.map(\.name))
    }

    /// The regions of `installed` downloaded from a catalogue, in their order.
    package static func downloaded(among installed: [RegionShelf.Installed]) -> [Downloaded] {
        installed.compactMap { region in region.origin.map { Downloaded(name: region.name, origin: $0) } }
    }

    /// Whether `region`'s extract changed since it was downloaded.
    package func update(
        of region: Downloaded, in catalogue: ExtractCatalogue, isCancelled: @escaping @Sendable () -> Bool = { false }
    )
        throws(DownloadError) -> ExtractUpdate
    {
        var curl = Curl()
        curl.isCancelled = isCancelled
        return try region.origin.update(in: catalogue, curl: curl)
    }

    /// Each of `regions`' answer by name, the catalogue read first (an older copy when it cannot
    /// be fetched again): what the planner's panel shows.
    package func updates(of regions: [Downloaded], isCancelled: @escaping @Sendable () -> Bool = { false }) -> [String: Result<ExtractUpdate, DownloadError>] {
        let found = Result { () throws(DownloadError) in try catalogue.catalogue(isCancelled: isCancelled).catalogue }
        var updates: [String: Result<ExtractUpdate, DownloadError>] = [:]
        for region in regions {
            updates[region.name] = found.flatMap { catalogue in
                Result { () throws(DownloadError) in try update(of: region, in: catalogue, isCancelled: isCancelled) }
            }
        }
        return updates
    }
}
