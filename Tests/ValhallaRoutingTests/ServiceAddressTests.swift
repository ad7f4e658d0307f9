import Foundation
import Testing
@testable import ValhallaRouting

/// The service's address split into what is shown and kept, and the credentials curl alone gets
/// (issue 52, item 8).
struct ServiceAddressTests {
    @Test func theUserAndPasswordAreTakenOut() {
        let address = ServiceAddress(URL(string: "http://alice:s3cretPW@127.0.0.1:8702/valhalla/")!)
        #expect(address.url.absoluteString == "http://127.0.0.1:8702/valhalla/")
        #expect(address.credentials == "alice:s3cretPW")
    }

    /// Percent-escapes are undone (curl takes the password as it is); a user without a password
    /// gets an empty one, so that curl does not ask for it on the terminal.
    @Test func credentialsAreAsCurlTakesThem() {
        #expect(ServiceAddress(URL(string: "https://al%40ice:p%2Fw%3A@valhalla.example.org")!).credentials == "al@ice:p/w:")
        #expect(ServiceAddress(URL(string: "http://alice@127.0.0.1:8702")!).credentials == "alice:")
    }

    @Test func anAddressWithoutAUserIsAsGiven() {
        let address = ServiceAddress(URL(string: "http://127.0.0.1:8702")!)
        #expect(address.url.absoluteString == "http://127.0.0.1:8702" && address.credentials == nil)
    }

    /// An address roadtrip cannot use is still quoted without what may be a password, whatever
    /// characters that holds.
    @Test(arguments: [
        ("ftp://alice:s3cretPW@example.org", "ftp://example.org"), ("http://alice:s3/cret@PW@host:1", "http://host:1"),
        ("alice:s3cretPW@127.0.0.1:8702", "127.0.0.1:8702"), ("127.0.0.1:8702", "127.0.0.1:8702"),
    ])
    func anAddressThatIsNotOneIsQuotedWithoutItsUser(_ given: String, _ shown: String) {
        #expect(ServiceAddress.withoutUserInformation(given) == shown)
    }
}
