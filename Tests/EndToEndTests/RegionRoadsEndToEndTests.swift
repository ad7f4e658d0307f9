import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport

/// Legs on the roads of a region (issue 23) through the commands and the planner: show, the trip
/// screen, plan, export, optimize, a moved stop, along and plan with a range, on Andorra's roads.
@Suite("Roads of a region, end to end")
struct RegionRoadsEndToEndTests {
    @Test("show: a leg within Andorra is on its roads (about twice the straight line), a leg out of it an estimate with its reason")
    func showRoutesLegsOnRoads() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Pyrenees", ["42.5078, 1.5211", "42.5428, 1.7336", "Innsbruck"], in: directory)
        let report = try RegionFixture.object(["show", "Pyrenees", "--json"], in: directory)
        let legs = try #require(report["legs"] as? [[String: Any]])
        #expect(legs.map { $0["source"] as? String } == ["road", "estimate"])
        let road = try #require(legs.first)
        #expect(road["reason"] == nil)
        let meters = try #require(road["distanceMeters"] as? Double), seconds = try #require(road["durationSeconds"] as? Double)
        // Routino's way with roadtrip's car, timed by DriveTime (routino-router's own motorcar
        // profile: the same 32.82 km in 26.5 min, 74 km/h over the Port d'Envalira); 43.0 min
        // before the villages' crossings, the left turns and the tagged limits counted (issue 56).
        #expect(String(format: "%.2f", meters / 1_000) == "32.82" && String(format: "%.1f", seconds / 60) == "44.7", "\(meters) m, \(seconds) s")
        #expect(legs[1]["reason"] as? String == "no region covers Innsbruck")
        let text = try RegionFixture.roadtrip(["show", "Pyrenees"], in: directory).standardOutput
        #expect(text.contains("32.8 km") && text.contains("2 → 3 ≈ ") && text.contains(" km: no region covers Innsbruck"), "\(text)")
        #expect(!text.components(separatedBy: "\n").contains { $0.contains("32.8 km") && $0.contains("≈") }, "a road figure is not marked ≈: \(text)")
    }

    @Test("The trip screen: road figures replace the estimates of legs within Andorra; the leg out of it stays ≈")
    func tripScreenShowsRoadFigures() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Pyrenees", ["42.5078, 1.5211", "42.5428, 1.7336", "Innsbruck"], in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Pyrenees", in: directory)
        defer { session.close() }
        let screen = try await session.waitUntil("the road leg of 32.8 km, unmarked, and the total by road") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.contains { $0.contains("2.") && $0.contains("32.8 km") && !$0.contains("≈") }
                && lines.contains { $0.contains("Innsbruck") && $0.contains("≈") } && screen.contains("by road") && !screen.contains("routing")
        }
        #expect(screen.contains("Total distance:"), "\(session.framed(screen))")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        // The routed leg is kept for the next start, under this version of the region's database.
        let cache = try String(contentsOf: directory.url.appendingPathComponent("cache/roadtrip/road-legs.jsonl"), encoding: .utf8)
        let lines = cache.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].contains(".andorra-") && lines[0].contains("car|quickest|t\(DrivingProfile.version)|42.5078,1.5211|42.5428,1.7336"),
            "\(cache)")
        // A second start shows the road figures from the cache; show reads the same cache.
        let again = try await RegionFixture.planner(openingTrip: "Pyrenees", in: directory)
        defer { again.close() }
        try await again.waitUntil("the road leg again") {
            $0.components(separatedBy: "\n").contains { $0.contains("2.") && $0.contains("32.8 km") && !$0.contains("≈") }
        }
        try await again.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(again)
        #expect(
            try String(contentsOf: directory.url.appendingPathComponent("cache/roadtrip/road-legs.jsonl"), encoding: .utf8) == cache, "nothing routed again")
    }

    @Test("plan --json: the leg on Andorra's roads has its road time and source, the leg out of it (two days' drive) is an estimate with its reason")
    func planUsesRoadTimes() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Pyrenees", ["42.5078, 1.5211", "42.5428, 1.7336", "Innsbruck"], in: directory)
        let report = try RegionFixture.object(["plan", "Pyrenees", "--json"], in: directory)
        let legs = try #require(report["days"] as? [[String: Any]]).flatMap { $0["legs"] as? [[String: Any]] ?? [] }
        // Andorra to Innsbruck is longer than a day's driving: two parts, each an estimate.
        #expect(legs.map { $0["source"] as? String } == ["road", "estimate", "estimate"])
        #expect(legs[0]["share"] == nil && (legs[1]["share"] as? [Double])?.first == 0 && (legs[2]["share"] as? [Double])?.last == 1)
        // The road leg's time as `show` gives it, to the whole minute the plan keeps (issue 35), and its road distance.
        let shown = try #require((try RegionFixture.object(["show", "Pyrenees", "--json"], in: directory)["legs"] as? [[String: Any]])?.first)
        let seconds = try #require(shown["durationSeconds"] as? Double)
        #expect(
            legs[0]["durationSeconds"] as? Double == (seconds / 60).rounded() * 60 && legs[0]["distanceMeters"] as? Double == shown["distanceMeters"] as? Double
        )
        #expect(String(format: "%.1f", seconds / 60) == "44.7")
        #expect(legs[1]["reason"] as? String == "no region covers Innsbruck" && legs[2]["reason"] as? String == "no region covers Innsbruck")
        let text = try RegionFixture.roadtrip(["plan", "Pyrenees"], in: directory).standardOutput
        #expect(text.contains("↓ \(RouteEstimate.formatDuration(seconds: seconds)) · 32.8 km"), "\(text)")
    }

    @Test("export and map: the leg on Andorra's roads follows the road, as a GPX track or route points, a GeoJSON LineString and on the map")
    func exportFollowsTheRoads() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Pyrenees", ["42.5078, 1.5211", "42.5428, 1.7336", "Innsbruck"], in: directory)
        let gpx = try RegionFixture.roadtrip(["export", "Pyrenees", "--format", "gpx", "--gpx-road", "route"], in: directory).standardOutput
        #expect(gpx.components(separatedBy: "<rtept ").count - 1 > 20, "the road's points between the stops")
        let track = try RegionFixture.roadtrip(["export", "Pyrenees", "--format", "gpx"], in: directory).standardOutput
        #expect(
            track.components(separatedBy: "<rtept ").count - 1 == 3 && track.components(separatedBy: "<trkpt ").count - 1 > 20,
            "the road as a track, by default")
        let geojson = try RegionFixture.roadtrip(["export", "Pyrenees", "--format", "geojson"], in: directory).standardOutput
        let collection = try #require(try JSONSerialization.jsonObject(with: Data(geojson.utf8)) as? [String: Any])
        let line = try #require(((collection["features"] as? [[String: Any]])?.last?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(line.count > 20, "\(line.count) positions: the road, then straight to Innsbruck")
        // map draws the leg along the road: not the straight arc it draws with no region added.
        #expect(try RegionFixture.roadtrip(["new", "Valleys", "42.5078, 1.5211", "42.5428, 1.7336"], in: directory).status == 0)
        let onRoads = try RegionFixture.roadtrip(["map", "Valleys", "--width", "40", "--height", "12"], in: directory)
        var noRegions = RegionFixture.variables(directory)
        noRegions["XDG_DATA_HOME"] = directory.url.appendingPathComponent("elsewhere").path
        let straight = try CommandLineEndToEndTests.roadtrip(["map", "Valleys", "--width", "40", "--height", "12"], in: directory, variables: noRegions)
        #expect(onRoads.status == 0 && straight.status == 0)
        #expect(onRoads.standardOutput != straight.standardOutput, "\(onRoads.standardOutput)\n\(straight.standardOutput)")
    }

    @Test("optimize: every stop in Andorra, the order is the quickest on its roads, each leg by road; one stop out of it, in straight lines with the reason")
    func optimizeOnTheRoads() throws {
        let directory = try TemporaryDirectory()
        let towns = ["42.5078, 1.5211", "42.5676, 1.5976", "42.4637, 1.4912", "42.5345, 1.5806", "42.5428, 1.7336"]
        try RegionFixture.andorra(trip: "Valleys", towns, in: directory)
        let report = try RegionFixture.object(["optimize", "Valleys", "--json"], in: directory)
        #expect(report["measure"] as? String == "road time" && report["reason"] == nil)
        let legs = try #require(report["legs"] as? [[String: Any]])
        #expect(legs.count == 4 && legs.allSatisfy { $0["source"] as? String == "road" })
        // The new order's time is its legs' road times, and it is quicker than the order given.
        let seconds = legs.compactMap { $0["durationSeconds"] as? Double }.reduce(0, +)
        let optimizedSeconds = try #require(report["optimizedSeconds"] as? Double), currentSeconds = try #require(report["currentSeconds"] as? Double)
        #expect(abs(seconds - optimizedSeconds) < 1 && optimizedSeconds < currentSeconds, "\(seconds) \(optimizedSeconds) \(currentSeconds)")
        let meters = legs.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(abs(meters - (report["optimizedMeters"] as? Double ?? 0)) < 1)
        // The text says it in time on the roads; --apply saves that order, as show then lists it.
        let text = try RegionFixture.roadtrip(["optimize", "Valleys", "--apply"], in: directory).standardOutput
        #expect(text.contains("Quickest order on the roads: ") && text.contains("Saved in this order."), "\(text)")
        let order = try #require(report["stops"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        let shown = try RegionFixture.object(["show", "Valleys", "--json"], in: directory)
        #expect((shown["waypoints"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == order)
        // A stop out of every region: straight lines, and why.
        #expect(try RegionFixture.roadtrip(["new", "--force", "Further", towns[0], towns[1], towns[2], "Innsbruck"], in: directory).status == 0)
        let straight = try RegionFixture.object(["optimize", "Further", "--json"], in: directory)
        #expect(straight["measure"] as? String == "straight line" && straight["reason"] as? String == "no region covers Innsbruck")
        #expect((straight["legs"] as? [[String: Any]])?.last?["source"] as? String == "estimate")
        #expect(try RegionFixture.roadtrip(["optimize", "Further"], in: directory).standardOutput.contains("In straight lines: no region covers Innsbruck."))
    }

    /// Issue 59, item 3: a stop near Port d'Envalira sits on a piece of road cut off from the rest
    /// (neither Routino's leg nor the graph finds a road to it): it used to put every stop in
    /// straight lines.
    @Test("optimize: one stop no road reaches is estimated and named; the others are ordered on the roads, and the planner's O says the same")
    func optimizeWithAStopNoRoadReaches() async throws {
        let directory = try TemporaryDirectory()
        let envalira = "42.544049, 1.720505"
        try RegionFixture.andorra(trip: "Envalira", ["Andorra la Vella", "Encamp", envalira, "Canillo", "Ordino"], in: directory)
        let report = try RegionFixture.object(["optimize", "Envalira", "--json"], in: directory)
        #expect(report["measure"] as? String == "road time" && report["reason"] == nil, "\(report)")
        let cutOff = try #require(report["cutOff"] as? [String])
        #expect(cutOff.count == 1 && cutOff[0].contains("Port d'Envalira"), "\(cutOff)")
        let legs = try #require(report["legs"] as? [[String: Any]])
        // Only the cut-off stop's two legs are estimates; the others are on the roads.
        let estimated = legs.filter { $0["source"] as? String == "estimate" }.compactMap { [$0["from"] as? String, $0["to"] as? String] }
        #expect(estimated.count == 2 && estimated.allSatisfy { $0.contains { $0?.contains("Port d'Envalira") == true } }, "\(legs)")
        #expect(legs.filter { $0["source"] as? String == "road" }.count == 2, "\(legs)")
        // The figures said are the legs' as shown (the estimate plain), not the dearer ones the order was chosen on.
        let meters = legs.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(abs(meters - (report["optimizedMeters"] as? Double ?? 0)) < 1, "\(meters) \(report)")
        #expect((report["savedMeters"] as? Double ?? 0) > 0, "\(report)")
        let text = try RegionFixture.roadtrip(["optimize", "Envalira"], in: directory).standardOutput
        #expect(text.contains("No road connects \(cutOff[0]) with the other stops") && text.contains("on the roads"), "\(text)")
        // The planner's O: the same sentence before it asks to use the order.
        let session = try await RegionFixture.planner(openingTrip: "Envalira", width: 140, height: 30, in: directory)
        defer { session.close() }
        try await session.waitFor("Ordino")
        try await session.sendKeys("O")
        let asked = try await session.waitFor("No road connects")
        #expect(asked.contains("y  Yes") && asked.contains("d'Envalira"), "\(session.framed(asked))")
    }

    @Test("The trip screen: a stop moved to another place re-routes its two legs only, and the leg before them keeps its figures")
    func movingAStopRoutesOnlyItsLegs() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Valleys", ["42.5078, 1.5211", "42.5562, 1.5332", "42.5676, 1.5976", "42.5428, 1.7336"], in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Valleys", in: directory)
        defer { session.close() }
        // Each leg's distance and driving time: the row's columns (two spaces apart) before the total.
        func legs(_ screen: String) -> [String] {
            (2...4).compactMap { number in
                screen.components(separatedBy: "\n").first { $0.hasPrefix("  \(number). ") }.map { row in
                    let columns = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    return columns.dropLast().suffix(2).joined(separator: " · ")
                }
            }
        }
        let routed = try await session.waitUntil("the three legs on roads") { screen in
            !screen.contains("routing") && screen.contains("by road") && !screen.contains("≈")
        }
        let before = legs(routed)
        #expect(before.count == 3, "\(session.framed(routed))")
        let cache = directory.url.appendingPathComponent("cache/roadtrip/road-legs.jsonl")
        #expect(try String(contentsOf: cache, encoding: .utf8).split(separator: "\n").count == 3)
        // Stop 3 moves from Canillo to Encamp.
        try await session.sendKeys("j", "j", "Enter")
        try await session.waitFor("Edit “near Canillo")
        try await session.sendKeys("C-u")
        try await session.sendText("42.5345, 1.5806")
        try await session.waitFor("near Encamp")
        try await session.sendKeys("Enter")
        let moved = try await session.waitUntil("stop 3 at Encamp, its legs on roads") { screen in
            screen.components(separatedBy: "\n").contains { $0.hasPrefix("  3. ") && $0.contains("near Encamp") }
                && !screen.contains("routing") && !screen.contains("≈")
        }
        let after = legs(moved)
        #expect(after.count == 3 && after[0] == before[0] && after[1] != before[1] && after[2] != before[2], "\(before) → \(after)")
        let lines = try String(contentsOf: cache, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5 && lines.suffix(2).allSatisfy { $0.contains("42.5345,1.5806") }, "two legs routed: \(lines)")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test(
        "along: the sights and camp sites near Andorra la Vella → Ordino, in the order they come, with their side and detour by road; --within and --kind narrow them"
    )
    func placesAlongTheRoad() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Valley", ["42.5078, 1.5211", "42.5562, 1.5332"], in: directory)
        let report = try RegionFixture.object(["along", "Valley", "--json"], in: directory)
        let places = try #require(report["places"] as? [[String: Any]])
        let total = try #require(report["tripMeters"] as? Double)
        let names = places.compactMap { $0["name"] as? String }
        #expect(names.contains("Casa d'Areny-Plandolit") && names.contains("Càmping Valira"), "\(names)")
        let positions = places.compactMap { $0["tripMeters"] as? Double }
        #expect(positions == positions.sorted() && positions.allSatisfy { (0...total + 1).contains($0) })
        let museum = try #require(places.first { $0["name"] as? String == "Casa d'Areny-Plandolit" })
        #expect(museum["kind"] as? String == "museum" && museum["day"] as? Int == 1 && museum["leg"] as? Int == 1)
        #expect(museum["detourSource"] as? String == "road" && (museum["detourMeters"] as? Double ?? 0) > 0)
        #expect(["left", "right"].contains(museum["side"] as? String ?? ""))
        // The camp site is 0.8 km off: out at --within 500m; only camp sites with --kind camping.
        let near = try RegionFixture.object(["along", "Valley", "--within", "500m", "--json"], in: directory)
        #expect(!((near["places"] as? [[String: Any]]) ?? []).contains { $0["name"] as? String == "Càmping Valira" })
        let camping = try RegionFixture.object(["along", "Valley", "--kind", "camping", "--json"], in: directory)
        #expect(((camping["places"] as? [[String: Any]]) ?? []).allSatisfy { $0["kind"] as? String == "camp site" })
        // Fuel: BP 0.5 km off the road, 4.2 km along, its detour by road.
        let fuel = try #require(
            ((try RegionFixture.object(["along", "Valley", "--kind", "fuel", "--json"], in: directory)["places"] as? [[String: Any]]) ?? [])
                .first { $0["name"] as? String == "BP" })
        #expect(fuel["kind"] as? String == "fuel station" && abs((fuel["tripMeters"] as? Double ?? 0) - 4_200) < 300)
        #expect(fuel["detourSource"] as? String == "road" && (fuel["offMeters"] as? Double ?? 0) > 300)
        let text = try RegionFixture.roadtrip(["along", "Valley", "--kind", "sights"], in: directory).standardOutput
        #expect(text.contains("Sights within 2.0 km of the road: ") && text.contains("of 11.6 km") && text.contains("Casa d'Areny-Plandolit"), "\(text)")
        // --leg: a stop at La Massana makes two legs, the camp site on the first, the museum (at Ordino) on the second.
        #expect(try RegionFixture.roadtrip(["add-stop", "Valley", "42.5445, 1.5148", "--after", "1"], in: directory).status == 0)
        let second = try #require(try RegionFixture.object(["along", "Valley", "--leg", "2", "--json"], in: directory)["places"] as? [[String: Any]])
        #expect(
            second.contains { $0["name"] as? String == "Casa d'Areny-Plandolit" } && second.allSatisfy { $0["leg"] as? Int == 2 }
                && !second.contains { $0["name"] as? String == "Càmping Valira" }, "\(second)")
        let first = try #require(try RegionFixture.object(["along", "Valley", "--leg", "1", "--json"], in: directory)["places"] as? [[String: Any]])
        #expect(first.contains { $0["name"] as? String == "Càmping Valira" } && first.allSatisfy { $0["leg"] as? Int == 1 })
        let noLeg = try RegionFixture.roadtrip(["along", "Valley", "--leg", "3"], in: directory)
        #expect(noLeg.status != 0 && noLeg.standardError.contains("has legs 1 to 2; there is no leg 3"), "\(noLeg.standardError)")
        let wrong = try RegionFixture.roadtrip(["along", "Valley", "--within", "far"], in: directory)
        #expect(wrong.status != 0 && wrong.standardError.contains("--within far is not a distance"), "\(wrong.standardError)")
    }

    /// Issue 37, item 3: a range shorter than the stretches between Andorra's fuel stations.
    @Test("plan with a range: where to fill up, a stretch longer than the range, and where no region knows")
    func aRangePlansItsFillUps() throws {
        let directory = try TemporaryDirectory()
        // Sant Julià → Andorra la Vella → Pas de la Casa: 39.6 km on the roads.
        try RegionFixture.andorra(trip: "Cross", ["42.4634, 1.4920", "42.5078, 1.5211", "42.5429, 1.7331"], in: directory)
        #expect(try RegionFixture.roadtrip(["set", "Cross", "range", "10"], in: directory).status == 0)
        let plan = try RegionFixture.object(["plan", "Cross", "--json"], in: directory)
        #expect(plan["rangeMeters"] as? Double == 10_000)
        let notes = try #require(plan["fuelStops"] as? [[String: Any]])
        let fillUps = notes.filter { $0["kind"] as? String == "fillUp" }
        // Issue 56, item 9: within the range less its 15% reserve, never at its last kilometer.
        #expect(fillUps.count >= 2 && fillUps.allSatisfy { ($0["toMeters"] as? Double ?? 0) - ($0["fromMeters"] as? Double ?? 0) <= 8_500 }, "\(notes)")
        #expect(fillUps.allSatisfy { ($0["station"] as? [String: Any])?["kind"] as? String == "fuel station" })
        // Past Encamp the road climbs to Pas de la Casa with no station for 14 km.
        let far = try #require(notes.first { $0["kind"] as? String == "tooFar" })
        #expect(((far["toMeters"] as? Double ?? 0) - (far["fromMeters"] as? Double ?? 0)) > 10_000 && far["day"] as? Int == 1)
        let text = try RegionFixture.roadtrip(["plan", "Cross"], in: directory).standardOutput
        #expect(text.contains("fill up at ") && text.contains("without fuel") && text.contains("longer than the 10.0 km range"), "\(text)")
        // At 30 km one fill-up does, and a stop at that station is a fill-up no longer proposed.
        #expect(try RegionFixture.roadtrip(["set", "Cross", "range", "30"], in: directory).status == 0)
        let once = try #require(try RegionFixture.object(["plan", "Cross", "--json"], in: directory)["fuelStops"] as? [[String: Any]])
        let station = try #require(once.first?["station"] as? [String: Any])
        #expect(once.count == 1 && once[0]["afterStop"] as? Int == 2, "\(once)")
        let at = "\(station["latitude"] as? Double ?? 0), \(station["longitude"] as? Double ?? 0)"
        #expect(try RegionFixture.roadtrip(["add-stop", "Cross", at, "--after", "2"], in: directory).status == 0)
        #expect((try RegionFixture.object(["plan", "Cross", "--json"], in: directory)["fuelStops"] as? [[String: Any]])?.isEmpty == true)
        // Down to La Seu d'Urgell, outside the region: whether fuel lies there cannot be known.
        _ = try RegionFixture.roadtrip(["new", "--force", "Seu", "42.5078, 1.5211", "42.3580, 1.4560"], in: directory)
        #expect(try RegionFixture.roadtrip(["set", "Seu", "range", "12"], in: directory).status == 0)
        let seu = try #require(try RegionFixture.object(["plan", "Seu", "--json"], in: directory)["fuelStops"] as? [[String: Any]])
        #expect(seu.contains { $0["kind"] as? String == "unknown" } && !seu.contains { $0["kind"] as? String == "tooFar" }, "\(seu)")
    }

    @Test("Issue 56, item 1: two stops 570 m apart that meet the road at one point have no road leg, and show says why")
    func stopsThatMeetTheRoadAtOnePointAreAnEstimate() throws {
        let directory = try TemporaryDirectory()
        let road = RegionFixture.oneRoad
        #expect(try RegionFixture.roadtrip(["region", "add", try RegionFixture.osm("end.osm", road, in: directory)], in: directory).status == 0)
        // 400 m north and 400 m east of the road's end, past it: both meet the road at its end.
        #expect(try RegionFixture.roadtrip(["new", "Walk", "43.7386, 7.4200", "43.7350, 7.4250"], in: directory).status == 0)
        let legs = try #require(try RegionFixture.object(["show", "Walk", "--json"], in: directory)["legs"] as? [[String: Any]])
        #expect(legs.first?["source"] as? String == "estimate", "\(legs)")
        #expect((legs.first?["reason"] as? String)?.hasPrefix("the road is farther from") == true, "\(legs)")
        let shown = try RegionFixture.roadtrip(["show", "Walk"], in: directory).standardOutput
        #expect(shown.contains("≈") && shown.contains("than they are from each other"), "\(shown)")
        #expect(shown.contains("≈ 0.7 km  ≈ 0.7 km  ≈ 1 min"), "the straight line's estimate, marked: \(shown)")
    }

    @Test("Issue 56, item 5: kinds in plain words: fuel stations in or near a town, nearest first, and by --near")
    func kindsInPlainWords() throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory).status == 0)
        let encamp = (latitude: 42.5345, longitude: 1.5806)
        for query in ["fuel station in Encamp", "gas station Encamp", "petrol near Encamp"] {
            let found = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try RegionFixture.roadtrip(["search", query, "--limit", "3", "--json"], in: directory).standardOutput.utf8))
                    as? [[String: Any]], "\(query)")
            #expect(found.count == 3 && found.allSatisfy { $0["kind"] as? String == "fuel station" }, "\(query): \(found)")
            let kilometers = found.compactMap { place -> Double? in
                guard let latitude = place["latitude"] as? Double, let longitude = place["longitude"] as? Double else { return nil }
                return Geodesy.distance(
                    from: Coordinate(latitude: encamp.latitude, longitude: encamp.longitude), to: Coordinate(latitude: latitude, longitude: longitude)) / 1_000
            }
            #expect(kilometers == kilometers.sorted() && (kilometers.first ?? 99) < 3, "\(query): nearest first, \(kilometers)")
        }
        let near = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try RegionFixture.roadtrip(
                        ["search", "Tankstelle", "--near", "42.5345, 1.5806", "--limit", "1", "--json"],
                        in: directory
                    ).standardOutput.utf8)) as? [[String: Any]])
        #expect(near.first?["kind"] as? String == "fuel station", "\(near)")
        // Kept from a region since issue 56: churches, hospitals and pharmacies, asked for in words.
        for (query, kind) in [("church in Canillo", "church"), ("hospital near Andorra la Vella", "hospital"), ("farmàcia Escaldes", "pharmacy")] {
            let found = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try RegionFixture.roadtrip(["search", query, "--limit", "2", "--json"], in: directory).standardOutput.utf8))
                    as? [[String: Any]], "\(query)")
            #expect(!found.isEmpty && found.allSatisfy { $0["kind"] as? String == kind }, "\(query): \(found)")
        }
    }
}
