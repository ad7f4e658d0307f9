import Foundation

extension Coordinate {
    /// "36.6002° N, 121.8947° W": four decimals (about 10 m), hemisphere letters instead of signs.
    package var formatted: String {
        let latitude = abs(self.latitude).fixed(4) + (self.latitude < 0 ? "° S" : "° N")
        let longitude = abs(self.longitude).fixed(4) + (self.longitude < 0 ? "° W" : "° E")
        return "\(latitude), \(longitude)"
    }
}
