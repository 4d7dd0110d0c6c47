import Foundation

/// A TCP endpoint written `HOST:PORT`: what ``LogRecorder/init(streamingTo:token:app:stateType:actionType:clock:pendingRecords:redacting:encoding:durability:nils:bufferLimit:recordsSites:recordsEffects:)``
/// connects to and what `replay --listen` binds.
///
/// `HOST` is an IPv4 address (`192.168.1.20`), a name (`localhost`, `build-7.ci`), or an
/// IPv6 address in brackets (`[::1]`, as in URLs, RFC 3986 §3.2.2). `PORT` is a decimal
/// number from 1 to 65535 (0, "any free port", only where ``init(parsing:defaultHost:allowsAnyPort:)``
/// allows it). Names are resolved when connecting, not when parsing.
public struct LiveAddress: Sendable, Hashable, CustomStringConvertible {
  /// The host as written, without brackets: `127.0.0.1`, `::1`, `localhost`.
  public var host: String
  /// The TCP port.
  public var port: Int

  /// Creates an address from its parts.
  /// - Parameters:
  ///   - host: An IPv4 or IPv6 address (without brackets), or a name.
  ///   - port: 0…65535.
  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// Reads `HOST:PORT`, `[IPV6]:PORT`, or (with `defaultHost`) `PORT` alone.
  ///
  /// - Parameters:
  ///   - text: The address as a user typed it.
  ///   - defaultHost: The host when `text` is only a port; `nil` requires a host.
  ///   - allowsAnyPort: Whether port 0 (the system picks a free port) is accepted.
  /// - Throws: ``LiveError/invalidAddress(_:reason:)`` naming what is wrong, e.g.
  ///   `'127.0.0.1' has no port (expected HOST:PORT, e.g. 127.0.0.1:9000)`.
  public init(parsing text: String, defaultHost: String? = nil, allowsAnyPort: Bool = false)
    throws(LiveError)
  {
    func fail(_ reason: String) -> LiveError { .invalidAddress(text, reason: reason) }
    var host: Substring
    var portText: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { throw fail("the '[' has no ']'") }
      host = text[text.index(after: text.startIndex)..<close]
      let rest = text[text.index(after: close)...]
      guard rest.hasPrefix(":") else {
        throw fail("no port after the IPv6 address (expected [HOST]:PORT, e.g. [::1]:9000)")
      }
      portText = rest.dropFirst()
    } else if let colon = text.lastIndex(of: ":") {
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
      if host.contains(":") {
        throw fail("an IPv6 address needs brackets (e.g. [::1]:9000)")
      }
    } else if let defaultHost, text.allSatisfy(\.isASCIIDigit), !text.isEmpty {
      host = Substring(defaultHost)
      portText = Substring(text)
    } else {
      throw fail("it has no port (expected HOST:PORT, e.g. 127.0.0.1:9000)")
    }
    if host.isEmpty {
      guard let defaultHost else { throw fail("it has no host (expected HOST:PORT)") }
      host = Substring(defaultHost)
    }
    guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
      let port = Int(portText), port <= 65535
    else { throw fail("the port must be a number from 1 to 65535") }
    guard port > 0 || allowsAnyPort else { throw fail("the port must be a number from 1 to 65535") }
    guard host.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "/" }) else {
      throw fail("the host has characters no host name or address has")
    }
    self.init(host: String(host), port: port)
  }

  /// `HOST:PORT`, with an IPv6 address in brackets: text ``init(parsing:defaultHost:allowsAnyPort:)``
  /// reads back.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Whether the host is a loopback address or `localhost`: only this machine can reach
  /// it. `127.0.0.0/8`, `::1` and `localhost` are; names other than `localhost` are not,
  /// whatever they resolve to.
  public var isLoopback: Bool {
    if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Why a live connection (``LiveAddress``, a streaming ``LogRecorder``, `replay --listen`)
/// cannot be set up. Messages name the address and the reason.
public enum LiveError: Error, Equatable, CustomStringConvertible {
  /// `text` is not an address of the form `HOST:PORT`.
  case invalidAddress(String, reason: String)
  /// The host name does not resolve (`getaddrinfo(3)`'s message).
  case cannotResolve(String, reason: String)
  /// A socket could not be made, bound or put to listening (`errno` `code`).
  case cannotListen(String, code: Int32)
  /// Connecting failed (`errno` `code`).
  case cannotConnect(String, code: Int32)
  /// Listening on an address other machines can reach needs a token.
  case tokenRequired(String)
  /// The folder sessions are saved in cannot be made or written (`reason`).
  case cannotSave(String, reason: String)

  /// A one-line explanation, e.g. `cannot listen on 127.0.0.1:9000: Address already in use (errno 98)`.
  public var description: String {
    switch self {
    case .invalidAddress(let text, let reason): "'\(text)' is not an address: \(reason)"
    case .cannotResolve(let host, let reason): "cannot find the host '\(host)': \(reason)"
    case .cannotListen(let address, let code):
      "cannot listen on \(address): \(LiveSocket.reason(code))"
    case .cannotConnect(let address, let code):
      "cannot connect to \(address): \(LiveSocket.reason(code))"
    case .cannotSave(let path, let reason):
      "cannot save sessions in '\(path)': \(reason)"
    case .tokenRequired(let address):
      "listening on \(address) lets other machines connect, so it needs a token (--token TOKEN, or REPLAY_TOKEN in the environment); listen on 127.0.0.1 to accept only this machine without one"
    }
  }
}

extension LiveError: LocalizedError {
  /// Same as ``description``.
  public var errorDescription: String? { description }
}
