extension LocalDay {
    /// Monday = 1 … Sunday = 7 (ISO 8601): 1 January 1970 was a Thursday.
    public var weekday: Int {
        ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
    }
}
