import Foundation

extension Coordinate {
    /// "36.6002° N, 121.8947° W": four decimals (about 10 m), hemisphere letters instead of signs.
    public var formatted: String {
        let latitude = String(format: "%.4f", abs(self.latitude)) + (self.latitude < 0 ? "° S" : "° N")
        let longitude = String(format: "%.4f", abs(self.longitude)) + (self.longitude < 0 ? "° W" : "° E")
        return "\(latitude), \(longitude)"
    }
}
