import Foundation
@testable import RoadtripCore
import Testing

/// The settings in words, which the form and `roadtrip set` share: names, shown values, checks,
/// and the fuel figures typed in the trip's units.
struct TripSettingsTextTests {
    private static func text(_ settings: TripSettings = TripSettings(), unit: DistanceUnit = .km) -> TripSettingsText {
        TripSettingsText(settings: settings, defaultUnit: unit, firstStopZone: "Europe/Berlin")
    }

    @Test func everyKeyHasACommandLineNameALabelAndHelp() {
        let text = Self.text()
        #expect(
            TripSettingsText.Key.allCases.map(\.rawValue) == [
                "start-date", "start-time", "time-zone", "daily-limit", "default-stay", "speed", "road-factor", "units", "sunset", "roads", "vehicle",
                "fuel-use", "fuel-price", "currency", "nightly-budget", "range", "fuel", "reserve",
            ])
        for key in TripSettingsText.Key.allCases {
            #expect(!text.label(key).isEmpty && text.help(key).hasSuffix("."), "\(key)")
        }
        #expect(TripSettingsText.Key.allCases.filter(\.isYesOrNo) == [.endsBySunset])
    }

    @Test func costsAreNoneUntilSet() throws {
        let text = Self.text()
        #expect([.fuelUse, .fuelPrice, .currency, .nightlyBudget].map(text.shown) == ["", "", "", ""])
        let set = try text.setting(.fuelUse, to: "6.5")
        #expect(set.fuelLitresPer100Km == 6.5)
        #expect(try Self.text(set).setting(.fuelUse, to: "").fuelLitresPer100Km == nil)
    }

    @Test func fuelIsTypedInMilesPerGallonAndPricedAGallonInMiles() throws {
        let text = Self.text(unit: .mi)
        var settings = try text.setting(.fuelUse, to: "30")
        // 30 mpg (US) is 7.84 l/100 km.
        #expect(abs(try #require(settings.fuelLitresPer100Km) - 7.8405) < 1e-3)
        settings = try Self.text(settings, unit: .mi).setting(.fuelPrice, to: "3.79")
        #expect(abs(try #require(settings.fuelPricePerLitre) - 1.0012) < 1e-3)
        let shown = Self.text(settings, unit: .mi)
        #expect(shown.shown(.fuelUse) == "30" && shown.shown(.fuelPrice) == "3.79")
        #expect(shown.label(.fuelUse) == "Fuel use (mpg)")
    }

    @Test(arguments: [
        (TripSettingsText.Key.fuelUse, "0", "The fuel use must be a number from 1 to 50 l/100 km"),
        (.fuelPrice, "cheap", "The fuel price must be a price a litre"),
        (.nightlyBudget, "-1", "The lodging budget must be a price a night"),
        (.currency, "Euro coins", "Write the currency as a symbol or code"),
        (.endsBySunset, "maybe", "End days by sunset: yes or no."),
        (.vehicle, "tank", "Write car, motorcycle, van or camper"),
        (.range, "5", "The range must be a distance from 10 to 5000 km"),
        (.fuel, "hydrogen", "Write petrol, diesel or electric"),
        (.defaultStay, "2 nights", "Write the default stay in hours or minutes"),
        (.defaultStay, "30 h", "Write the default stay in hours or minutes"),
    ])
    func wrongValuesAreRefusedWithTheReason(_ key: TripSettingsText.Key, _ typed: String, _ reason: String) {
        #expect(throws: TripSettingsText.Failure.self) { try Self.text().setting(key, to: typed) }
        do {
            _ = try Self.text().setting(key, to: typed)
        } catch {
            #expect(error.message.hasPrefix(reason), "\(error.message)")
        }
    }

    @Test func aDefaultTypedIsStoredAsNone() throws {
        let text = Self.text(TripSettings(dailyLimitHours: 6))
        #expect(try text.setting(.dailyLimit, to: "8").dailyLimitHours == nil)
        #expect(try text.setting(.timeZone, to: "Europe/Berlin").timeZone == nil)
        #expect(try text.setting(.vehicle, to: "Van").vehicle == .van)
        #expect(try text.setting(.endsBySunset, to: "yes").endsBySunset)
    }

    /// Issue 38: a default stay is typed as a stop's stay is.
    @Test func theDefaultStayIsTypedAsAStaysHours() throws {
        let set = try Self.text().setting(.defaultStay, to: "1 h 30 min")
        #expect(set.defaultStayHours == 1.5 && Self.text(set).shown(.defaultStay) == "1 h 30 min" && Self.text().shown(.defaultStay) == "")
        #expect(try Self.text(set).setting(.defaultStay, to: "").defaultStayHours == nil)
    }

    /// Issue 37: the range is typed in the trip's units and kept in kilometers; petrol is the default fuel.
    @Test func theRangeIsTypedInTheTripsUnitsAndTheFuelByName() throws {
        #expect(Self.text().shown(.range) == "" && Self.text().shown(.fuel) == "petrol")
        let miles = try Self.text(unit: .mi).setting(.range, to: "300")
        #expect(abs(try #require(miles.rangeKm) - 482.8032) < 1e-3)
        #expect(Self.text(miles, unit: .mi).shown(.range) == "300" && Self.text(miles, unit: .mi).label(.range) == "Range (mi)")
        #expect(Self.text(miles).shown(.range) == "482.8")
        #expect(try Self.text().setting(.fuel, to: "Electric").fuel == .electric && (try Self.text().setting(.fuel, to: "petrol").fuel) == nil)
        #expect(try Self.text(miles).setting(.range, to: "").rangeKm == nil)
    }

    /// What a settings form in error keeps when the planner must end without asking (issue 53):
    /// every value that is valid, read as `settings(from:)` reads them, the refused ones as they were.
    @Test func theValidSettingsOfAFormInErrorLeaveOutOnlyTheRefusedValues() {
        let text = Self.text(TripSettings(roadFactor: 1.4))
        var values = TripSettingsText.Key.allCases.map(text.shown)
        values[TripSettingsText.Key.allCases.firstIndex(of: .startTime)!] = "10:00"
        values[TripSettingsText.Key.allCases.firstIndex(of: .roadFactor)!] = "9"
        values[TripSettingsText.Key.allCases.firstIndex(of: .units)!] = "mi"
        values[TripSettingsText.Key.allCases.firstIndex(of: .speed)!] = "60"
        guard case .failure = text.settings(from: values) else { Issue.record("a road factor of 9 is refused"); return }
        let kept = text.validSettings(from: values)
        #expect(kept.startTime == ClockTime(hour: 10, minute: 0))
        #expect(kept.roadFactor == 1.4)
        #expect(kept.units == .mi)
        #expect(kept.averageSpeedKmh == 60, "typed in the units the form showed")
    }

    /// Issue 56, item 9: a reserve of the range, 15% by default, typed with or without "%".
    @Test func theReserveIsAShareOfTheRange() throws {
        let text = Self.text()
        #expect(text.shown(.reserve) == "15")
        var settings = try text.setting(.reserve, to: "20%")
        #expect(settings.reservePercent == 20)
        #expect(try text.setting(.reserve, to: "15").reservePercent == nil, "the default is stored as none")
        #expect(throws: TripSettingsText.Failure.self) { try text.setting(.reserve, to: "60") }
        settings.rangeKm = 50
        #expect(settings.usableRangeKm == 40)
        settings.reservePercent = nil
        #expect(settings.usableRangeKm == 42.5, "a 50 km range fills up by 42.5 km, never at 49.9")
    }
}
