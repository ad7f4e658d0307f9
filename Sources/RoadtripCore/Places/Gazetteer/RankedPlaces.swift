/// The best `capacity` places seen so far, one candidate per place, best first.
///
/// Whatever order candidates come in, the result is the best `capacity` places by their best
/// candidate: a place pushed out can only have been beaten by `capacity` others that are better
/// than any candidate it could still bring.
struct RankedPlaces {
    let capacity: Int
    private(set) var items: [Candidate] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        items.reserveCapacity(self.capacity)
    }

    var isFull: Bool { items.count >= capacity }

    /// Whether `candidate` could change the result: cheap, so scans ask before doing more work.
    @inline(__always) func admits(_ candidate: Candidate) -> Bool {
        guard isFull else { return true }
        return items.last.map { candidate < $0 } ?? false
    }

    mutating func offer(_ candidate: Candidate) {
        guard admits(candidate) else { return }
        if let existing = items.firstIndex(where: { $0.place == candidate.place }) {
            guard candidate < items[existing] else { return }
            items.remove(at: existing)
        } else if isFull {
            items.removeLast()
        }
        var position = items.count
        while position > 0, candidate < items[position - 1] { position -= 1 }
        items.insert(candidate, at: position)
    }
}
