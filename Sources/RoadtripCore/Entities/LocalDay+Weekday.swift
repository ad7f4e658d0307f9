extension LocalDay {
    /// Monday = 1 … Sunday = 7 (ISO 8601): 1 January 1970 was a Thursday.
    package var weekday: Int {
        ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
    }
}
