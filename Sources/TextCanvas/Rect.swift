/// A rectangle of terminal cells, rows and columns counted from the top left.
public struct Rect: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var bottom: Int { row + height }
    public var right: Int { column + width }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The rect less `top` rows above and `bottom` rows below.
    public func inset(top: Int = 0, bottom: Int = 0, left: Int = 0, right: Int = 0) -> Rect {
        Rect(row: row + top, column: column + left, width: width - left - right, height: height - top - bottom)
    }

    /// A rect of the given size centred in this one (clamped to fit).
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width), h = min(height, self.height)
        return Rect(row: row + (self.height - h) / 2, column: column + (self.width - w) / 2, width: w, height: h)
    }

    public func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < bottom && column >= self.column && column < right
    }
}
