import Foundation
import RoadtripCore

/// One change in a journal of format 3 (`TripJournal`): the trips `trips.at ..< trips.at +
/// trips.removed` of the list before it are replaced by the trips it carries (`payload`). A trip
/// the journal already holds whole, and that kept its place, is carried as an edit: its fields,
/// and only the stops that replace the run of its stops that changed (`stops`); any other trip is
/// carried whole, so that the journal holds every trip it changed without the file it started
/// from. Moving one stop of a 5,000-stop trip is a record of two stops, not of the trip, nor of
/// the file. The first record that replaces a trip of that file notes what it was there
/// (`formers`: its name and a hash of its content), which a restore onto a file changed since
/// needs to tell the journal's changes from the other program's (`JournalMergeBase`).
///
/// On disk: one line of JSON (the record, with its payload's length and hash), then the payload,
/// a trips file of the trips it carries, as `TripFileWriter` writes one and the one-pass reader
/// reads it. A record whose line or payload is incomplete, or whose payload is not the bytes its
/// hash says (a crash while it was being appended), is where reading stops.
struct JournalRecord: Equatable {
    /// A run of a list: where it starts, and how many elements it holds.
    struct Run: Codable, Equatable {
        let at: Int
        let removed: Int
    }

    /// The payload's trip at `trip` is an edit of the trip in its place: the run of its stops
    /// `at ..< at + removed` is replaced by its stops.
    struct StopRun: Codable, Equatable {
        let trip: Int
        let at: Int
        let removed: Int
    }

    let trips: Run
    let stops: [StopRun]
    let formers: [JournalBase.Former]
    let payload: [Trip]

    /// The record of `change`, the change undo history found (`TripsChange`) from `before` to
    /// `after`: the run of trips it names, each trip of it that kept its place and that the
    /// journal holds carried as the run of its stops that changed. `held`, the trips the journal
    /// holds whole, grows by the trips carried whole. Nil when the change does not fit the trips.
    init?(_ change: TripsChange, from before: [Trip], to after: [Trip], held: inout Set<Trip.ID>) {
        let run = change.trips
        guard run.oldCount == before.count, run.newCount == after.count else { return nil }
        trips = Run(at: run.head, removed: run.old.count)
        // Trips of the file replaced for the first time: every trip the journal does not hold is
        // still as the file has it.
        formers = before[run.old].filter { !held.contains($0.id) }.map { trip in
            JournalBase.Former(id: trip.id, name: trip.name, hash: JournalBase.contentHash(of: trip) ?? "")
        }
        var payload: [Trip] = []
        var stops: [StopRun] = []
        for (offset, trip) in after[run.new].enumerated() {
            let inPlace = offset < run.old.count ? before[run.head + offset] : nil
            if let inPlace, inPlace.id == trip.id, held.contains(trip.id), let stopRun = change.stops[trip.id],
                stopRun.oldCount == inPlace.stops.count, stopRun.newCount == trip.stops.count
            {
                var fields = trip
                fields.stops = Array(trip.stops[stopRun.new])
                stops.append(StopRun(trip: offset, at: stopRun.head, removed: stopRun.old.count))
                payload.append(fields)
            } else {
                held.insert(trip.id)
                payload.append(trip)
            }
        }
        self.payload = payload
        self.stops = stops
    }

    /// The record that turns `before` into `after`, found as undo history finds a change
    /// (`TripsPatch`); nil when they do not differ. For a journal started anew, whose trips are
    /// those of the file, with the changes not saved yet.
    init?(from before: [Trip], to after: [Trip], held: inout Set<Trip.ID>) {
        let patch = TripsPatch(from: before, to: after)
        guard !patch.isEmpty else { return nil }
        self.init(patch.change(appliedTo: before), from: before, to: after, held: &held)
    }

    private init(trips: Run, stops: [StopRun], formers: [JournalBase.Former], payload: [Trip]) {
        self.trips = trips
        self.stops = stops
        self.formers = formers
        self.payload = payload
    }

    /// The record's line and what follows it on disk.
    private struct Line: Codable {
        let trips: Run
        let stops: [StopRun]
        let formers: [JournalBase.Former]
        /// The payload's length in bytes, and its hash (`FileFingerprint.hash`, in hexadecimal).
        let length: Int
        let hash: String
    }

    /// The record's bytes: its line, then its payload (which ends with a line break).
    func encoded() throws -> Data {
        let payloadBytes = try TripFile(trips: payload).encoded()
        let line = Line(
            trips: trips, stops: stops, formers: formers, length: payloadBytes.count,
            hash: JournalBase.hex(FileFingerprint.hash(payloadBytes)))
        var data = try JSONEncoder.oneLine().encode(line)
        data.append(UInt8(ascii: "\n"))
        data.append(payloadBytes)
        return data
    }

    /// Why a journal's records cannot be read by this roadtrip: a payload of a newer trips file.
    struct NewerTrips: Error {
        let version: Int
    }

    /// The record that starts at `offset` of `data`, and where the next one starts; nil when
    /// there is none whole there (cut short, or not a record). `store` decodes its payload.
    static func read(_ data: Data, at offset: Int, decodingWith store: TripFileStore) throws(NewerTrips) -> (record: JournalRecord, next: Int)? {
        guard offset < data.endIndex, let newline = data[offset...].firstIndex(of: UInt8(ascii: "\n")),
            let line = try? JSONDecoder().decode(Line.self, from: data[offset..<newline]),
            line.length >= 0, line.length <= data.endIndex - (newline + 1)
        else { return nil }
        let payloadBytes = data[(newline + 1)..<(newline + 1 + line.length)]
        guard JournalBase.hex(FileFingerprint.hash(payloadBytes)) == line.hash,
            let file = try? store.decode(Data(payloadBytes))
        else { return nil }
        guard file.version <= TripFile.currentVersion else { throw NewerTrips(version: file.version) }
        let record = JournalRecord(trips: line.trips, stops: line.stops, formers: line.formers, payload: file.trips)
        return (record, newline + 1 + line.length)
    }
}
