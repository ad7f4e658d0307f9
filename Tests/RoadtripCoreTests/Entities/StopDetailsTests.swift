import Foundation
@testable import RoadtripCore
import Testing

/// A stop keeps what it seldom has (region, country, notes, unknown fields, stay, night) in one
/// box that copies share: it reads and writes as the fields it was, and a stop with none of them
/// has no box at all.
struct StopDetailsTests {
    private let plain = Stop(name: "Carmel", location: Coordinate(latitude: 36.5552, longitude: -121.9233))

    @Test func eachFieldReadsBackWhatWasWrittenAndTheOthersStayAsTheyWere() {
        var stop = plain
        stop.region = "California"
        stop.country = "United States"
        stop.notes = "Mission at 10"
        stop.stay = .hours(2)
        stop.overnight = true
        stop.unknownFields = ["elevation": .string("12 m")]
        stop.locationUnknownFields = ["accuracy": .bool(true)]
        #expect(stop.region == "California" && stop.country == "United States" && stop.notes == "Mission at 10")
        #expect(stop.stay == .hours(2) && stop.overnight)
        #expect(stop.unknownFields == ["elevation": .string("12 m")] && stop.locationUnknownFields == ["accuracy": .bool(true)])
        #expect(
            stop
                == Stop(
                    id: plain.id, name: "Carmel", location: plain.location, region: "California", country: "United States",
                    notes: "Mission at 10", stay: .hours(2), overnight: true, unknownFields: ["elevation": .string("12 m")],
                    locationUnknownFields: ["accuracy": .bool(true)]))
        #expect(stop != plain)
    }

    @Test func aCopyChangedLeavesTheOriginalAlone() {
        var original = plain
        original.notes = "Before"
        var copy = original
        copy.notes = "After"
        copy.region = "California"
        #expect(original.notes == "Before" && original.region == nil)
        #expect(copy.notes == "After" && copy.region == "California")
    }

    @Test func aStopWhoseDetailsAreAllTakenAwayHasNoBoxAndEqualsOneThatNeverHadAny() {
        var stop = plain
        #expect(stop.details == nil)
        stop.notes = "Lunch"
        stop.overnight = true
        #expect(stop.details != nil)
        stop.notes = nil
        stop.overnight = false
        #expect(stop.details == nil)
        #expect(stop == plain)
        #expect(withUnsafeBytes(of: stop) { Array($0) } == withUnsafeBytes(of: plain) { Array($0) })
    }

    /// Fields kept beside the point describe that point: a new location drops them, the same one keeps them.
    @Test func aNewLocationDropsTheFieldsKeptBesideTheOldOne() {
        var stop = plain
        stop.locationUnknownFields = ["accuracy": .bool(true)]
        stop.location = plain.location
        #expect(stop.locationUnknownFields == ["accuracy": .bool(true)])
        stop.location = Coordinate(latitude: 36, longitude: -121)
        #expect(stop.locationUnknownFields.isEmpty)
    }

    @Test func placesAndNotesAreFoundAcrossTheStops() {
        var stops = Array(repeating: plain, count: 50)
        #expect(!stops.anyHasPlace && !stops.anyHasNotesOrStay)
        stops[30].region = ""
        stops[31].notes = ""
        #expect(!stops.anyHasPlace && !stops.anyHasNotesOrStay)
        stops[40].country = "France"
        #expect(stops.anyHasPlace && !stops.anyHasNotesOrStay)
        stops[41].stay = .nights(2)
        #expect(stops.anyHasNotesOrStay)
        stops[41].stay = nil
        stops[42].overnight = true
        #expect(stops.anyHasNotesOrStay)
    }

    /// Four fields: a change to a trip of 5,000 stops copies 56 bytes a stop.
    @Test func aStopIsFourFields() {
        #expect(MemoryLayout<Stop>.size == 56)
    }
}
