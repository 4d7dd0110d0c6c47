import Testing
import TimeTravel

/// `HOST:PORT` as users write it.
@Suite struct LiveAddressTests {
  @Test func addressesAreReadAsWritten() throws {
    #expect(
      try LiveAddress(parsing: "127.0.0.1:9000") == LiveAddress(host: "127.0.0.1", port: 9000))
    #expect(try LiveAddress(parsing: "[::1]:9000") == LiveAddress(host: "::1", port: 9000))
    #expect(try LiveAddress(parsing: "build-7.ci:65535").host == "build-7.ci")
    #expect(
      try LiveAddress(parsing: "9000", defaultHost: "127.0.0.1").description == "127.0.0.1:9000")
    #expect(try LiveAddress(parsing: ":0", defaultHost: "127.0.0.1", allowsAnyPort: true).port == 0)
    #expect(LiveAddress(host: "::1", port: 7).description == "[::1]:7")
  }

  @Test(arguments: [
    ("127.0.0.1", "it has no port (expected HOST:PORT, e.g. 127.0.0.1:9000)"),
    ("127.0.0.1:0", "the port must be a number from 1 to 65535"),
    ("127.0.0.1:70000", "the port must be a number from 1 to 65535"),
    ("127.0.0.1:9x", "the port must be a number from 1 to 65535"),
    ("::1:9000", "an IPv6 address needs brackets (e.g. [::1]:9000)"),
    ("[::1", "the '[' has no ']'"),
    ("[::1]9000", "no port after the IPv6 address (expected [HOST]:PORT, e.g. [::1]:9000)"),
    (":9000", "it has no host (expected HOST:PORT)"),
    ("a b:9000", "the host has characters no host name or address has"),
  ])
  func aMalformedAddressSaysWhatIsWrong(text: String, reason: String) {
    #expect(throws: LiveError.invalidAddress(text, reason: reason)) {
      try LiveAddress(parsing: text)
    }
  }

  @Test func onlyLoopbackAddressesAreLoopback() {
    for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] {
      #expect(LiveAddress(host: host, port: 1).isLoopback, "\(host)")
    }
    for host in [
      "0.0.0.0", "10.0.0.1", "127.0.0", "127.0.0.1.5", "::", "example.com", "1270.0.0.1",
    ] {
      #expect(!LiveAddress(host: host, port: 1).isLoopback, "\(host)")
    }
  }
}
