@testable import RoadtripCore
import TextCanvas
import Testing

@Suite struct LabelPlacerTests {
    let bounds = Rect(row: 0, column: 0, width: 40, height: 10)

    @Test func aLabelGoesRightOfItsPinWhenThereIsRoom() {
        let pin = Rect(row: 4, column: 5, width: 1, height: 1)
        let placed = LabelPlacer.place([LabelRequest(id: 0, text: "Oslo", pin: pin)], pins: [pin], bounds: bounds)
        #expect(placed == [PlacedLabel(id: 0, text: "Oslo", rect: Rect(row: 4, column: 7, width: 4, height: 1))])
    }

    @Test func aLabelAtTheRightEdgeGoesLeft() {
        let pin = Rect(row: 4, column: 37, width: 2, height: 1)
        let placed = LabelPlacer.place([LabelRequest(id: 0, text: "Bergen", pin: pin)], pins: [pin], bounds: bounds)
        #expect(placed.first?.rect == Rect(row: 4, column: 30, width: 6, height: 1))
    }

    @Test func aLabelThatFitsNowhereIsDroppedNotCut() {
        let pin = Rect(row: 0, column: 2, width: 1, height: 1)
        let long = String(repeating: "x", count: 45)
        #expect(LabelPlacer.place([LabelRequest(id: 0, text: long, pin: pin)], pins: [pin], bounds: bounds).isEmpty)
    }

    @Test func crowdedLabelsTakeOtherSidesOrAreDropped() {
        let a = Rect(row: 4, column: 10, width: 1, height: 1), b = Rect(row: 4, column: 13, width: 1, height: 1)
        let requests = [LabelRequest(id: 0, text: "Alpha", pin: a), LabelRequest(id: 1, text: "Beta", pin: b)]
        let placed = LabelPlacer.place(requests, pins: [a, b], bounds: bounds)
        #expect(placed.count == 2)
        #expect(placed[0].rect == Rect(row: 4, column: 4, width: 5, height: 1))
        #expect(placed[1].rect == Rect(row: 4, column: 15, width: 4, height: 1))
    }

    @Test func obstaclesAreAvoided() {
        let pin = Rect(row: 9, column: 3, width: 1, height: 1)
        let scale = Rect(row: 9, column: 1, width: 20, height: 1)
        let placed = LabelPlacer.place([LabelRequest(id: 0, text: "Rome", pin: pin)], pins: [pin], obstacles: [scale], bounds: bounds)
        #expect(placed.first?.rect == Rect(row: 8, column: 2, width: 4, height: 1))
    }

    @Test func randomTripsNeverOverlap() {
        var random = SeededRandom(seed: 42)
        for round in 0..<300 {
            let count = Int.random(in: 1...25, using: &random)
            let pins = (0..<count).map { index in
                Rect(row: Int.random(in: 0..<10, using: &random), column: Int.random(in: 0..<38, using: &random), width: index < 9 ? 1 : 2, height: 1)
            }
            let scale = Rect(row: 9, column: 1, width: 12, height: 1)
            let requests = pins.enumerated().map { index, pin in
                LabelRequest(id: index, text: String(repeating: "n", count: Int.random(in: 1...14, using: &random)), pin: pin)
            }
            let placed = LabelPlacer.place(requests, pins: pins, obstacles: [scale], bounds: bounds)
            for (i, label) in placed.enumerated() {
                #expect(label.rect.width == TextWidth.width(label.text), "round \(round): not cut")
                #expect(label.text == requests[label.id].text)
                #expect(LabelPlacer.contains(bounds, label.rect))
                #expect(!pins.contains { LabelPlacer.intersects($0, label.rect) }, "round \(round): over a pin")
                #expect(!LabelPlacer.intersects(scale, label.rect), "round \(round): over the scale bar")
                for other in placed[(i + 1)...] {
                    #expect(!LabelPlacer.intersects(LabelPlacer.padded(label.rect), other.rect), "round \(round): labels touch")
                }
            }
        }
    }

    /// The placement as it was first written: every spot tried against every rect taken so far.
    private static func placeByScanning(_ requests: [LabelRequest], pins: [Rect], obstacles: [Rect], bounds: Rect) -> [PlacedLabel] {
        var taken = (pins + obstacles).map(LabelPlacer.padded)
        var placed: [PlacedLabel] = []
        for request in requests {
            let width = TextWidth.width(request.text)
            guard width > 0 else { continue }
            let spot = LabelPlacer.Side.allCases.map { LabelPlacer.candidate($0, for: request.pin, width: width) }.first { rect in
                LabelPlacer.contains(bounds, rect) && !taken.contains { LabelPlacer.intersects($0, rect) }
            }
            guard let spot else { continue }
            placed.append(PlacedLabel(id: request.id, text: request.text, rect: spot))
            taken.append(LabelPlacer.padded(spot))
        }
        return placed
    }

    @Test func crowdedMapsPlaceTheSameLabelsAsScanningEveryTakenRect() {
        var random = SeededRandom(seed: 10)
        let names = ["Paris", "Lyon", "St-Étienne", "Nice", "A", "Aix-en-Provence", "東京", ""]
        for (trial, count) in [3, 40, 400, 3000].enumerated() {
            // Off the map's origin, pins on and over its edges, an obstacle: every clipping path.
            let bounds = Rect(row: 2 * trial, column: 3 * trial, width: 48, height: 20)
            let pins = (0..<count).map { index in
                Rect(
                    row: Int.random(in: bounds.row - 1...bounds.bottom, using: &random),
                    column: Int.random(in: bounds.column - 2...bounds.right, using: &random),
                    width: String(index + 1).count, height: 1)
            }
            let requests = pins.enumerated().map { LabelRequest(id: $0, text: names[$0 % names.count], pin: $1) }
            let obstacles = [Rect(row: bounds.bottom - 1, column: bounds.column + 1, width: 9, height: 1)]
            #expect(
                LabelPlacer.place(requests, pins: pins, obstacles: obstacles, bounds: bounds)
                    == Self.placeByScanning(requests, pins: pins, obstacles: obstacles, bounds: bounds), "\(count) pins")
        }
    }

    /// The map takes its pins' cells from what its pins cover (`TakenCells(bounds:covering:)`),
    /// once per drawing of the pins: the same placements as taking each pin padded.
    @Test func pinCellsTakenFromWhatThePinsCoverPlaceAsThePinsDo() {
        var random = SeededRandom(seed: 12)
        let names = ["Paris", "Lyon", "St-Étienne", "Nice", "A", "Aix-en-Provence", "東京", ""]
        let bounds = Rect(row: 0, column: 0, width: 48, height: 20)
        for count in [0, 1, 5, 40, 400, 3000] {
            // Pins as the map makes them: inside it, some against its left and right edges.
            let pins = (0..<count).map { index in
                let width = String(index + 1).count
                return Rect(
                    row: Int.random(in: 0..<bounds.height, using: &random),
                    column: min(bounds.width - width, max(0, Int.random(in: -2...bounds.width, using: &random))), width: width, height: 1)
            }
            var covered = [Bool](repeating: false, count: bounds.width * bounds.height)
            for pin in pins {
                for column in pin.column..<pin.right { covered[pin.row * bounds.width + column] = true }
            }
            let requests = pins.enumerated().map { LabelRequest(id: $0, text: names[$0 % names.count], pin: $1) }
            let obstacles = [Rect(row: bounds.bottom - 1, column: 1, width: 9, height: 1)]
            let taken = LabelPlacer.TakenCells(bounds: bounds, covering: covered)
            #expect(
                LabelPlacer.place(requests, first: requests.isEmpty ? nil : requests.count / 2, taken: taken, obstacles: obstacles)
                    == LabelPlacer.place(requests, first: requests.isEmpty ? nil : requests.count / 2, pins: pins, obstacles: obstacles, bounds: bounds),
                "\(count) pins")
        }
    }
}
