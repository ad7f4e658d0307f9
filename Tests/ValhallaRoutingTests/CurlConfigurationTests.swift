import Foundation
import Testing
@testable import ValhallaRouting

/// What curl reads on its standard input: the credentials and the body, quoted as curl reads them
/// back (issue 52, item 8). That curl reads them so is `ValhallaCredentialsTests`' (a real curl).
struct CurlConfigurationTests {
    @Test func theCredentialsAndTheBodyAreQuoted() {
        let text = CurlConfiguration.text(credentials: #"alice:s3"cret\PW"#, body: Data("{\"a\":\"x\ny\"}".utf8))
        #expect(
            String(decoding: text, as: UTF8.self) == #"""
                user = "alice:s3\"cret\\PW"
                json = "{\"a\":\"x\ny\"}"

                """#)
    }

    @Test func noCredentialsAndNoBodyIsNothing() {
        #expect(CurlConfiguration.text(credentials: nil, body: nil).isEmpty)
    }

    /// A body longer than a line curl reads is cut in pieces joined back as they were, and none
    /// starts with `@` (which would name a file).
    @Test func aLongBodyIsCutInPiecesNeverBeforeAnAt() {
        let body = Data((String(repeating: "x", count: CurlConfiguration.pieceBytes - 1) + "y@@z" + String(repeating: "x", count: 70_000)).utf8)
        let pieces = CurlConfiguration.pieces(of: body)
        #expect(pieces.count == 4)
        #expect(pieces.reduce(Data(), +) == body)
        #expect(pieces.allSatisfy { $0.first != UInt8(ascii: "@") && $0.count <= CurlConfiguration.pieceBytes + 2 })
    }
}
