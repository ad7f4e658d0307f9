import DurableWrites
import Foundation
import IndexWriting
import RoadtripCore

// gazetteer-builder SOURCE.tsv OUTPUT.bin
// gazetteer-builder --features NATURALEARTH-DIR GAZETTEER.bin OUTPUT.bin
// gazetteer-builder --country-names OUTPUT.swift
//
// The second form writes the built-in natural features (`NaturalEarth`), each placed in the
// country and region of the nearest town of GAZETTEER.bin. The third writes `CountryNames`, the
// English country names Foundation (ICU) has, for `CountryCodes`.
//
// Reads the places that Scripts/make-gazetteer.py extracted from GeoNames (run it through
// `make data`) and writes the binary place index. The text format, one record a line, tab-separated:
//     # roadtrip gazetteer source 3
//     C  ISO-code  country name
//     R  ISO-code  GeoNames admin-1 code  region name  short code
//     P  geonameid  name  latitude  longitude  ISO-code  admin-1 code  population  alternates  trusted  time zone
// with the alternate names, and the trusted names (the place's names in other languages), each
// separated by U+001F; the time zone is GeoNames' IANA identifier, empty when unknown.

/// A line of the source file that cannot be read, with where it is.
struct SourceError: Error, CustomStringConvertible {
    let description: String
}

let formatLine = "# roadtrip gazetteer source 3"

func readSource(at path: String) throws -> GazetteerSource {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var source = GazetteerSource(countries: [], regions: [], places: [])
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        lineNumber += 1
        if lineNumber == 1 {
            guard line == formatLine else { throw SourceError(description: "\(path): the first line is not “\(formatLine)”") }
            continue
        }
        if line.isEmpty { continue }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard add(fields, to: &source) else {
            throw SourceError(description: "\(path), line \(lineNumber): unreadable record “\(line.prefix(80))”")
        }
    }
    return source
}

/// Adds the record in `fields` to `source`; false when it is malformed.
func add(_ fields: [String], to source: inout GazetteerSource) -> Bool {
    switch (fields.first, fields.count) {
    case ("C", 3):
        source.countries.append(.init(code: fields[1], name: fields[2]))
    case ("R", 5):
        source.regions.append(.init(countryCode: fields[1], code: fields[2], name: fields[3], shortCode: fields[4]))
    case ("P", 11):
        guard let id = Int(fields[1]), let latitude = Double(fields[3]), let longitude = Double(fields[4]),
            let population = Int(fields[7])
        else { return false }
        let alternates = fields[8].split(separator: "\u{1F}").map(String.init)
        let trusted = fields[9].split(separator: "\u{1F}").map(String.init)
        source.places.append(
            .init(
                geonameID: id, name: fields[2], latitude: latitude, longitude: longitude,
                countryCode: fields[5], admin1Code: fields[6], population: population,
                alternateNames: alternates, trustedNames: trusted, timeZone: fields[10]))
    default:
        return false
    }
    return true
}

/// Writes through the one atomic writer: an interrupted build never leaves half an index, and a
/// link at the temporary name is never written through (a fixed `.gazetteer.bin.tmp` was).
func write(_ bytes: [UInt8], to path: String) throws {
    do {
        try AtomicWriter.replace(Data(bytes), at: path, links: .follow)
    } catch {
        throw SourceError(description: "cannot write \(path): \(error.reason)")
    }
}

let arguments = CommandLine.arguments
if arguments.count == 3 && arguments[1] == "--country-names" {
    do {
        try write(Array(CountryCodes.countryNamesSource().utf8), to: arguments[2])
        print("Wrote \(arguments[2]): \(CountryCodes.namesFromFoundation().count) country names.")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("gazetteer-builder: \(error)\n".utf8))
        exit(1)
    }
}
let features = arguments.count == 5 && arguments[1] == "--features"
guard arguments.count == 3 || features else {
    FileHandle.standardError.write(
        Data(
            "usage: gazetteer-builder SOURCE.tsv OUTPUT.bin, or --features NATURALEARTH-DIR GAZETTEER.bin OUTPUT.bin, or --country-names OUTPUT.swift (run by `make data`)\n"
                .utf8))
    exit(2)
}
do {
    let started = Date()
    let source: GazetteerSource
    if features {
        let towns = try Gazetteer.load(from: URL(fileURLWithPath: arguments[3]))
        source = FeatureGazetteer.source(for: try NaturalEarth.features(in: URL(fileURLWithPath: arguments[2])), towns: towns)
    } else {
        source = try readSource(at: arguments[1])
    }
    let output = arguments[arguments.count - 1]
    let (bytes, summary) = try GazetteerWriter.bytes(for: source)
    try write(bytes, to: output)
    _ = try Gazetteer.load(from: URL(fileURLWithPath: output))
    let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_048_576)
    print(
        "\(output): \(summary.places) places, \(summary.entries) name entries, \(summary.rankedPrefixes) ranked prefixes, \(megabytes) MB, in \(Int(Date().timeIntervalSince(started))) s"
    )
} catch {
    FileHandle.standardError.write(Data("gazetteer-builder: \(error)\n".utf8))
    exit(1)
}
