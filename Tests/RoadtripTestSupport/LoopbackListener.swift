import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening socket on 127.0.0.1 at a port the system picks: what every server a test starts
/// listens on (`FileServer`, the Valhalla tests' `LoopbackServer`), never reachable from outside.
package enum LoopbackListener {
    /// The socket and its port; throws when none can be had.
    package static func open() throws -> (socket: Int32, port: UInt16) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }
}
