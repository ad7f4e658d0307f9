import RoadtripCore

/// A GPX point's `lat` and `lon` attributes, checked: present, plain decimal numbers (Swift's
/// `Double` alone would also take "nan", "inf" and hexadecimal), and in range.
enum GPXPointText {
    static func coordinate(element: String, attributes: [String: String]) -> Result<Coordinate, ImportProblem> {
        guard let latitudeText = attributes["lat"] else { return .failure(ImportProblem("<\(element)> has no lat attribute")) }
        guard let longitudeText = attributes["lon"] else { return .failure(ImportProblem("<\(element)> has no lon attribute")) }
        guard let latitude = decimal(latitudeText) else {
            return .failure(ImportProblem("<\(element)> has lat=\"\(latitudeText)\", which is not a number"))
        }
        guard let longitude = decimal(longitudeText) else {
            return .failure(ImportProblem("<\(element)> has lon=\"\(longitudeText)\", which is not a number"))
        }
        guard (-90...90).contains(latitude) else {
            return .failure(ImportProblem("<\(element)> has lat=\"\(latitudeText)\", outside -90…90"))
        }
        guard (-180...180).contains(longitude) else {
            return .failure(ImportProblem("<\(element)> has lon=\"\(longitudeText)\", outside -180…180"))
        }
        return .success(Coordinate(latitude: latitude, longitude: longitude))
    }

    /// A decimal number as XML Schema writes one, with an exponent allowed (some programs write
    /// them): digits, at most one point, an optional sign; white space around it ignored.
    static func decimal(_ text: String) -> Double? {
        let trimmed = text.utf8.drop { ImportFile.isWhitespace($0) }.reversed().drop { ImportFile.isWhitespace($0) }.reversed()
        let allowed = Set("0123456789+-.eE".utf8)
        guard !trimmed.isEmpty, trimmed.allSatisfy(allowed.contains), let value = Double(String(decoding: trimmed, as: UTF8.self)),
            value.isFinite
        else { return nil }
        return value
    }
}
