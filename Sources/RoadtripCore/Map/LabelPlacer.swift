import TextCanvas

/// A label to place beside a pin: which stop it names, its text, and the cells of its pin.
package struct LabelRequest: Equatable, Sendable {
    package var id: Int
    package var text: String
    package var pin: Rect
    /// The text's width in cells, when already known.
    package var width: Int?

    package init(id: Int, text: String, pin: Rect, width: Int? = nil) {
        self.id = id
        self.text = text
        self.pin = pin
        self.width = width
    }
}

/// A label that found room: the cells it takes (one row, as wide as its text).
package struct PlacedLabel: Equatable, Sendable {
    package var id: Int
    package var text: String
    package var rect: Rect
}

/// Greedy placement of stop labels on the map: in the order given (the selected stop first),
/// each label is tried right of its pin, then left, above and below, and kept at the first spot
/// inside the map that overlaps no label already placed, no pin and no obstacle (the scale bar).
/// A label that fits nowhere is dropped whole: a cut name would read as a different place.
package enum LabelPlacer {
    /// `first`: the place in `requests` of the one to try before the others (the selected stop's),
    /// which keep their order.
    package static func place(_ requests: [LabelRequest], first: Int? = nil, pins: [Rect], obstacles: [Rect] = [], bounds: Rect) -> [PlacedLabel] {
        // Labels and pins keep one clear column on either side, so "3 Paris" never runs into
        // "Lyon" or the next pin's number.
        var taken = TakenCells(bounds: bounds)
        for rect in pins { taken.take(padded(rect)) }
        return place(requests, first: first, taken: taken, obstacles: obstacles)
    }

    /// The same, with the pins' cells already in `taken` (`TakenCells(bounds:covering:)`): the
    /// map takes them once per drawing of its pins, not once per frame, 5,000 rectangles for a
    /// trip of 5,000 stops.
    static func place(_ requests: [LabelRequest], first: Int? = nil, taken: TakenCells, obstacles: [Rect] = []) -> [PlacedLabel] {
        let bounds = taken.bounds
        var taken = taken
        for rect in obstacles { taken.take(padded(rect)) }
        var placed: [PlacedLabel] = []
        func place(_ request: LabelRequest) {
            let width = request.width ?? TextWidth.width(request.text)
            guard width > 0 else { return }
            let spot = Side.allCases.lazy.map { candidate($0, for: request.pin, width: width) }.first { rect in
                contains(bounds, rect) && taken.isFree(rect)
            }
            guard let spot else { return }
            placed.append(PlacedLabel(id: request.id, text: request.text, rect: spot))
            taken.take(padded(spot))
        }
        if let first { place(requests[first]) }
        for index in requests.indices where index != first {
            guard taken.free > 0 else { break }
            place(requests[index])
        }
        return placed
    }

    /// The cells of `bounds` that pins, obstacles and placed labels cover: a label is tried
    /// against its own cells, not against every rectangle taken so far, so a trip of 5,000
    /// stops costs 5,000 small checks, not 5,000 × 5,000.
    struct TakenCells {
        let bounds: Rect
        private var cells: [Bool]
        /// How many cells are still free: none, and no label can be placed any more (the pins of
        /// a crowded map often cover every cell, and then 5,000 labels are not tried one by one).
        private(set) var free: Int
        /// How many cells of each row are free: a label wider than that fits nowhere in the row,
        /// told without looking at its cells (most of a crowded map's labels).
        private var freeInRow: [Int]

        init(bounds: Rect) {
            self.bounds = bounds
            free = max(0, bounds.width) * max(0, bounds.height)
            cells = Array(repeating: false, count: free)
            freeInRow = Array(repeating: max(0, bounds.width), count: max(0, bounds.height))
        }

        /// The cells `covered` marks (one a cell of `bounds`, row by row) taken, each with the
        /// clear column either side of it that `padded` gives a rectangle: the same cells as
        /// taking each covering rectangle padded, found in one pass over the cells.
        init(bounds: Rect, covering covered: [Bool]) {
            self.init(bounds: bounds)
            let width = max(0, bounds.width)
            precondition(covered.count == cells.count, "one mark a cell of the bounds")
            for row in 0..<max(0, bounds.height) {
                let start = row * width
                var taken = 0
                for column in 0..<width {
                    let isTaken =
                        covered[start + column] || (column > 0 && covered[start + column - 1])
                        || (column + 1 < width && covered[start + column + 1])
                    if isTaken {
                        cells[start + column] = true
                        taken += 1
                    }
                }
                freeInRow[row] -= taken
                free -= taken
            }
        }

        /// The part of `rect` inside the bounds, as row and column ranges (empty when outside).
        private func clipped(_ rect: Rect) -> (rows: Range<Int>, columns: Range<Int>) {
            let rows = max(rect.row, bounds.row)..<max(max(rect.row, bounds.row), min(rect.bottom, bounds.bottom))
            let columns = max(rect.column, bounds.column)..<max(max(rect.column, bounds.column), min(rect.right, bounds.right))
            return (rows, columns)
        }

        mutating func take(_ rect: Rect) {
            let (rows, columns) = clipped(rect)
            for row in rows {
                for column in columns {
                    let cell = (row - bounds.row) * bounds.width + column - bounds.column
                    if !cells[cell] {
                        free -= 1
                        freeInRow[row - bounds.row] -= 1
                    }
                    cells[cell] = true
                }
            }
        }

        /// Whether no cell of `rect` (inside the bounds) is taken.
        func isFree(_ rect: Rect) -> Bool {
            let (rows, columns) = clipped(rect)
            for row in rows {
                guard freeInRow[row - bounds.row] >= columns.count else { return false }
                for column in columns where cells[(row - bounds.row) * bounds.width + column - bounds.column] { return false }
            }
            return true
        }
    }

    /// Where a label is tried, in this order.
    enum Side: CaseIterable { case right, left, above, below }

    /// The cells of a label `width` wide on `side` of the pin: one column apart from it beside,
    /// centred over or under. (Made one at a time: most labels of a crowded map fit nowhere,
    /// and four rectangles in an array per label were a tenth of its frame.)
    static func candidate(_ side: Side, for pin: Rect, width: Int) -> Rect {
        let centred = pin.column + (pin.width - width) / 2
        switch side {
        case .right: return Rect(row: pin.row, column: pin.right + 1, width: width, height: 1)
        case .left: return Rect(row: pin.row, column: pin.column - 1 - width, width: width, height: 1)
        case .above: return Rect(row: pin.row - 1, column: centred, width: width, height: 1)
        case .below: return Rect(row: pin.bottom, column: centred, width: width, height: 1)
        }
    }

    static func padded(_ rect: Rect) -> Rect {
        Rect(row: rect.row, column: rect.column - 1, width: rect.width + 2, height: rect.height)
    }

    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.column < b.right && b.column < a.right && a.row < b.bottom && b.row < a.bottom
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.column >= outer.column && inner.row >= outer.row && inner.right <= outer.right && inner.bottom <= outer.bottom
    }
}
