@testable import RoadtripStore
import Testing

@Suite struct JSONTextLocatorTests {
    private func syntaxError(_ text: String) -> JSONTextLocator.SyntaxError? {
        JSONTextLocator(Array(text.utf8)).syntaxError()
    }

    @Test func validDocumentsHaveNoError() {
        #expect(syntaxError(#"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9"]}"#) == nil)
        #expect(syntaxError("  []  ") == nil)
    }

    @Test func emptyFile() {
        #expect(syntaxError("")?.reason.contains("empty") == true)
    }

    @Test func missingValueIsLocated() {
        let error = syntaxError("{\n  \"a\": 1,\n  \"b\": }")
        #expect(error?.position == .init(line: 3, column: 8))
    }

    @Test func truncatedDocumentIsLocatedAtTheEnd() {
        let error = syntaxError("{\"trips\": [\n")
        #expect(error?.position == .init(line: 2, column: 1))
    }

    @Test func trailingCommaIsAnError() {
        let error = syntaxError("[1, 2,]")
        #expect(error?.position == .init(line: 1, column: 7))
    }

    @Test func textAfterTheDocumentIsAnError() {
        #expect(syntaxError("{} x")?.reason.contains("after the end") == true)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = syntaxError("{\"名前\": tru}")
        #expect(error?.position == .init(line: 1, column: 8))
    }

    @Test func unterminatedStringIsLocatedAtItsStart() {
        let error = syntaxError("[\"abc")
        #expect(error?.position == .init(line: 1, column: 2))
        #expect(error?.reason.contains("not closed") == true)
    }

    @Test func deepNestingIsRefusedInsteadOfOverflowingTheStack() {
        let text = String(repeating: "[", count: 100_000)
        #expect(syntaxError(text)?.reason.contains("nested") == true)
    }

    /// Foundation refuses a number it would read as 0 and says "line 1, column 1"; this says where.
    @Test(arguments: ["1e-400", "-2.5E-999", "0." + String(repeating: "0", count: 400) + "1", "2.4e-324"])
    func aNumberTooCloseToZeroIsLocatedWithItsField(_ number: String) throws {
        let error = try #require(syntaxError("{\"trips\": [\n  {\"x\": [1, \(number)]}]}"))
        #expect(error.position == .init(line: 2, column: 13))
        #expect(error.field == [.key("trips"), .index(0), .key("x"), .index(1)])
        #expect(error.reason.contains("is too close to 0 to be read"))
    }

    @Test(arguments: ["0e-400", "-0.0E-999", "0." + String(repeating: "0", count: 400), "4.9e-324", "1e-300"])
    func zeroAndTheSmallestNumbersAreNumbers(_ number: String) {
        #expect(syntaxError("[\(number)]") == nil)
    }

    @Test func aNumberTooLargeIsLocatedWithItsField() throws {
        let error = try #require(syntaxError("{\"version\":\n 1e400}"))
        #expect(error.position == .init(line: 2, column: 2))
        #expect(error.field == [.key("version")])
        #expect(error.reason == "the number 1e400 is too large to be read")
    }

    @Test func findsTheValueAtAPath() {
        let text = "{\n \"trips\": [\n  {\"name\": \"A\"},\n  {\"name\": 5}\n ]\n}"
        let position = JSONTextLocator(Array(text.utf8)).position(of: [.key("trips"), .index(1), .key("name")])
        #expect(position == .init(line: 4, column: 12))
    }

    @Test func aMissingFieldIsLocatedAtItsObject() {
        let text = "{\"trips\": [\n  {\"id\": 1}\n]}"
        let position = JSONTextLocator(Array(text.utf8)).position(of: [.key("trips"), .index(0), .key("name")])
        #expect(position == .init(line: 2, column: 3))
    }

    @Test func invalidUTF8IsLocatedAtTheBadByte() {
        let bytes: [UInt8] = Array("{\"name\": \"Ba".utf8) + [0xFF, 0xFE] + Array("d\"}".utf8)
        let error = JSONTextLocator(bytes).syntaxError()
        #expect(error?.position == .init(line: 1, column: 13))
        #expect(error?.reason.contains("invalid UTF-8") == true)
    }

    @Test func validMultibyteTextIsFine() {
        #expect(syntaxError("{\"name\": \"Zürich 東京 🇫🇷 👨‍👩‍👧\"}") == nil)
    }
}
