import TextCanvas

/// A stop as the map shows it: where, its number on the pin, its name on the label.
package struct MapStop: Equatable, Sendable {
    package var coordinate: Coordinate
    package var number: Int
    package var name: String

    package init(coordinate: Coordinate, number: Int, name: String) {
        self.coordinate = coordinate
        self.number = number
        self.name = name
    }
}

/// A cell of the map: where a stop's pin starts.
package typealias MapCell = (row: Int, column: Int)

/// The pins of the stops in view, in trip order: each one's stop index and the cells of its
/// number, side by side in two arrays, so the cells go to the label placer as they are.
package struct MapPins: Equatable, Sendable {
    /// The stop index of each pin, ascending.
    package private(set) var indices: [Int] = []
    package private(set) var rects: [Rect] = []
    /// Whether the last pin closes a loop: drawn "/9" right after the first pin ("1/9").
    package private(set) var closesLoop = false

    mutating func reserveCapacity(_ count: Int) {
        indices.reserveCapacity(count)
        rects.reserveCapacity(count)
    }

    mutating func append(index: Int, rect: Rect, closesLoop: Bool = false) {
        indices.append(index)
        rects.append(rect)
        self.closesLoop = self.closesLoop || closesLoop
    }

    /// What the pin of stop `index` shows for its `number`: "/9" for a loop's last stop.
    func text(ofStop index: Int, number: Int) -> String {
        closesLoop && index == indices.last ? "/\(number)" : String(number)
    }

    /// The characters of `text(ofStop:number:)` and their offsets in it, without making it:
    /// a map of 5,000 stops draws hundreds of pins on every change.
    func forEachCharacter(ofStop index: Int, number: Int, _ body: (_ offset: Int, _ character: UInt8) -> Void) {
        var offset = 0
        func next(_ character: UInt8) {
            body(offset, character)
            offset += 1
        }
        if closesLoop && index == indices.last { next(UInt8(ascii: "/")) }
        if number < 0 { next(UInt8(ascii: "-")) }
        let magnitude = number.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            next(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    package var count: Int { indices.count }
    package var isEmpty: Bool { indices.isEmpty }

    /// The cells of stop `index`'s pin, nil when it is out of view; found by halving.
    package subscript(index: Int) -> Rect? {
        var (low, high) = (0, indices.count)
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && indices[low] == index ? rects[low] : nil
    }
}

/// One drawn map: the canvas to show, and what went where (for tests and for views that want to
/// know which labels fitted).
package struct MapFrame: Sendable {
    package var canvas: DotCanvas
    /// The pins of the stops in view.
    package var pins: MapPins
    /// Labels that found room, `id` being the stop index.
    package var labels: [PlacedLabel]
    package var scaleBar: ScaleBar?
    /// The cells of the scale bar's text, when shown.
    package var scaleBarRect: Rect?
}

extension MapStop {
    /// A trip's stops as the map shows them: numbered from 1, named.
    package static func stops(of trip: Trip) -> [MapStop] {
        trip.stops.withUnsafeBufferPointer { stops in
            stops.indices.map { MapStop(coordinate: stops[$0].location, number: $0 + 1, name: stops[$0].name) }
        }
    }
}
