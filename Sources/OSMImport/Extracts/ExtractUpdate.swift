import Foundation
import RoadtripCore
import RoadtripRegions

/// Whether a downloaded region's extract changed on the server since it was downloaded: what
/// `region update` and the planner's regions panel ask, the same way.
package enum ExtractUpdate: Equatable, Sendable {
    /// The published MD5 and the file's address are those of the region's download.
    case current
    /// The extract to download again.
    case available(ExtractCatalogue.Extract)
    /// The catalogue no longer lists the region's extract.
    case notListed
}

extension RegionOrigin {
    /// Asks the server for the published MD5 of this origin's extract (a few bytes), not the file.
    package func update(in catalogue: ExtractCatalogue, curl: Curl) throws(DownloadError) -> ExtractUpdate {
        guard let extract = catalogue.extracts.first(where: { $0.id == self.extract }) else { return .notListed }
        let published = try ExtractDownload.publishedMD5(of: extract, curl: curl)
        return published == md5 && extract.pbf.absoluteString == url ? .current : .available(extract)
    }
}

extension RegionShelf.Installed {
    /// Where the region was downloaded from; nil for a region added from a file (or unreadable).
    package var origin: RegionOrigin? {
        guard case .success(let info) = info else { return nil }
        return info.origin
    }
}

extension ExtractCatalogue.Extract {
    /// The region of `regions` this extract was added as: the one downloaded from it, else one
    /// added by hand under its name.
    package func addedRegion(among regions: [RegionShelf.Installed]) -> RegionShelf.Installed? {
        regions.first { region in
            if let origin = region.origin { return origin.extract == id }
            return region.name == regionName
        }
    }
}

extension ExtractDownload {
    /// The bytes past which a download is asked about first.
    package static let askAbove: Int64 = 1_000_000_000

    /// What importing `bytes` of extract takes, at the rates `make bench` measured (`ImportRates`).
    package static func estimate(bytes: Int64, rates: ImportRates? = ImportRates.shipped) -> String {
        guard let rates else { return "how long its import takes is not known here (no import-rates.json among the resources)" }
        return rates.estimate(bytes: bytes)
    }
}

extension ExtractCatalogue {
    /// The extracts to browse for `query`, as it is typed: every extract for none, else those whose
    /// name or id holds it (in any case and accents), those whose name begins with it first; each
    /// group by name. No abbreviation is written out: "st" is the start of "Styria" here.
    package func browse(_ query: String) -> [Extract] {
        let key = Self.fold(query)
        let byName = extracts.sorted { lhs, rhs in
            let order = lhs.name.localizedStandardCompare(rhs.name)
            return order == .orderedSame ? lhs.path < rhs.path : order == .orderedAscending
        }
        guard !key.isEmpty else { return byName }
        let keyed = byName.map { (extract: $0, name: Self.fold($0.name), path: Self.fold($0.path)) }
        let starting = keyed.filter { $0.name.hasPrefix(key) }
        let holding = keyed.filter { !$0.name.hasPrefix(key) && ($0.name.contains(key) || $0.path.contains(key)) }
        return (starting + holding).map(\.extract)
    }

    private static func fold(_ text: String) -> String {
        SearchText.words(of: text).joined(separator: " ")
    }
}
