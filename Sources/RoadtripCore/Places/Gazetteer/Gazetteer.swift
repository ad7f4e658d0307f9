import Foundation

/// The offline gazetteer: every GeoNames place of 500 people or more (`Resources.gazetteer`,
/// made by `make data`), searched by name and by position.
///
/// The index file is memory-mapped and used in place, so loading costs the same few system calls
/// whatever its size and the kernel shares its pages between processes. It is never written, which
/// is why the class may be shared between threads.
package final class Gazetteer: PlaceIndex, @unchecked Sendable {
    let tables: GazetteerTables
    private let bytes: GazetteerBytes
    private let qualifierNames = QualifierNames()
    /// What its places say they came from (`Place.source`).
    package let source: String
    private let path: String

    init(bytes: GazetteerBytes, path: String, source: String = Place.builtinSource) throws(GazetteerError) {
        self.bytes = bytes
        self.source = source
        self.path = path
        tables = try GazetteerTables(bytes.all, path: path)
    }

    /// Why the index cannot be used any more, or nil while it can: its file was cut short on disk
    /// after it was mapped, and reading the missing pages would kill the program (SIGBUS). Every
    /// search checks it first and finds nothing in such an index.
    package var problems: [String] {
        guard let length = bytes.lengthCutShort() else { return [] }
        return [
            "A place index was cut short on disk while roadtrip had it open; its places are left out until roadtrip starts again: "
                + "\(path) (now \(length) of \(bytes.all.count) bytes)."
        ]
    }

    private var isWhole: Bool { bytes.lengthCutShort() == nil }

    /// Opens the index at `url`: checks its header against its length and maps it. Throws a
    /// `GazetteerError` naming the file when it is missing, cut short, damaged or of another version.
    /// `source` names where its places come from: the built-in index, or a region.
    package static func load(from url: URL, source: String = Place.builtinSource) throws(GazetteerError) -> Gazetteer {
        try Gazetteer(bytes: GazetteerBytes.map(url), path: url.path, source: source)
    }

    /// How many places the index holds.
    package var count: Int { tables.placeCount }

    package func search(_ query: String, limit: Int, near context: SearchContext?) -> [Place] {
        rankedSearch(query, limit: limit, near: context).map { place(at: Int($0.place)) }
    }

    /// The best candidates for `query`, with what ranks them: for `PlaceLibrary` to merge indexes by.
    func rankedSearch(_ query: String, limit: Int, near context: SearchContext?) -> [Candidate] {
        guard isWhole else { return [] }
        return GazetteerSearch(tables: tables, limit: limit, context: context, qualifierNames: qualifierNames).run(query)
    }

    package func nearest(to coordinate: Coordinate) -> Place? {
        guard isWhole else { return nil }
        return NearestPlace(tables: tables).find(coordinate).map { place(at: $0) }
    }

    package func places(within kilometers: Double, of coordinate: Coordinate) -> [(place: Place, kilometers: Double)] {
        guard isWhole else { return [] }
        return NearbyPlaces(tables: tables).find(coordinate, kilometers: kilometers).map { (place(at: $0.place), $0.kilometers) }
    }

    package func bestPlace(
        within kilometers: Double, of coordinate: Coordinate, weight: (PlaceKind, Int) -> Int?,
        where isWanted: (Coordinate) -> Bool
    ) -> RankedPlace? {
        guard isWhole else { return nil }
        var best: (index: Int, kilometers: Double, weight: Int)?
        for found in NearbyPlaces(tables: tables).find(coordinate, kilometers: kilometers) {
            let population = Int(tables.places.uint32(found.place * GazetteerFormat.Place.size + GazetteerFormat.Place.population))
            guard let value = weight(tables.kind(ofPlace: found.place), population) else { continue }
            if let current = best, current.weight > value || (current.weight == value && current.kilometers <= found.kilometers) { continue }
            guard isWanted(self.coordinate(ofPlace: found.place)) else { continue }
            best = (found.place, found.kilometers, value)
        }
        return best.map { RankedPlace(place: place(at: $0.index), kilometers: $0.kilometers, weight: $0.weight) }
    }

    package func places(of kinds: Set<PlaceKind>, inCells cells: Set<Int>) -> [Place] {
        guard isWhole, !kinds.isEmpty else { return [] }
        let nearby = NearbyPlaces(tables: tables)
        return cells.sorted().flatMap { cell in
            nearby.places(inCell: cell).filter { kinds.contains(tables.kind(ofPlace: $0)) }.map { place(at: $0) }
        }
    }

    /// The place with index `index` (places are numbered in the file's spatial order).
    func place(at index: Int) -> Place {
        typealias Field = GazetteerFormat.Place
        let record = index * Field.size
        let places = tables.places
        let name = tables.strings.bytes(Int(places.uint32(record + Field.nameOffset)), Int(places.uint16(record + Field.nameLength)))
        let region = Int(places.uint16(record + Field.region))
        let country = Int(tables.regions.uint32(region * GazetteerFormat.Region.size + GazetteerFormat.Region.country))
        return Place(
            name: String(decoding: name, as: UTF8.self),
            admin1: regionString(region, GazetteerFormat.Region.name),
            admin1Code: regionString(region, GazetteerFormat.Region.code),
            country: tables.countries.string(at: country * GazetteerFormat.Country.size + GazetteerFormat.Country.name, in: tables.strings),
            countryCode: countryCode(country),
            coordinate: coordinate(ofPlace: index),
            population: Int(places.uint32(record + Field.population)),
            timeZone: tables.timeZone(ofPlace: index),
            kind: tables.kind(ofPlace: index),
            elevation: tables.elevation(ofPlace: index),
            source: source,
            details: tables.details(ofPlace: index)
        )
    }

    func coordinate(ofPlace index: Int) -> Coordinate {
        tables.coordinate(ofPlace: index)
    }

    private func regionString(_ region: Int, _ field: Int) -> String {
        tables.regions.string(at: region * GazetteerFormat.Region.size + field, in: tables.strings)
    }

    private func countryCode(_ country: Int) -> String {
        String(decoding: tables.countries.bytes(country * GazetteerFormat.Country.size + GazetteerFormat.Country.code, 2), as: UTF8.self)
    }
}
