@testable import RoadtripTUI
import Testing

@MainActor
@Suite struct BrowserOpenerTests {
    private func failure(_ result: Result<Void, BrowserOpener.Failure>) -> BrowserOpener.Failure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }

    @Test func withoutADisplayNothingIsStarted() {
        #expect(failure(BrowserOpener(environment: [:]).open("https://example.org")) == .noDisplay)
        #expect(failure(BrowserOpener(environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]).open("https://example.org")) == .noDisplay)
        #expect(BrowserOpener(environment: ["WAYLAND_DISPLAY": "wayland-0"]).hasDisplay)
    }

    @Test func xdgOpenMissingFromThePathIsSaid() {
        let opener = BrowserOpener(environment: ["DISPLAY": ":0", "PATH": "/nonexistent"])
        #expect(failure(opener.open("https://example.org")) == .notInstalled)
    }
}
