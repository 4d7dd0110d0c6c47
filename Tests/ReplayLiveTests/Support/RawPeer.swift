import Foundation
import TimeTravel

/// One end of a TCP connection driven byte by byte, to play a broken or hostile app (or
/// listener): every wait bounded, so a test never hangs.
final class RawPeer: @unchecked Sendable {
  // @unchecked: used by one test at a time.
  let fd: Int32
  private var splitter = LineSplitter(limit: 64 << 20)
  private var lines: [[UInt8]] = []
  private(set) var closedByPeer = false

  init(fd: Int32) {
    self.fd = fd
  }

  /// Connects to `address` (loopback tests: at once).
  convenience init(connectingTo address: String) throws {
    self.init(fd: try LiveSocket.connect(to: LiveAddress(parsing: address), timeout: 5))
  }

  private var isOpen = true

  deinit { close() }

  /// Closes the connection (once).
  func close() {
    if isOpen { LiveSocket.close(fd) }
    isOpen = false
  }

  /// Sends all of `bytes`, waiting (without blocking a thread) up to
  /// ``LiveHarness/patience`` for room.
  func send(_ bytes: [UInt8]) async throws {
    var offset = 0
    let deadline = Date().addingTimeInterval(LiveHarness.patience)
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        LiveSocket.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...]))
      }
      if sent < 0 { throw HarnessError(message: "send failed: \(LiveSocket.reason(errno))") }
      offset += sent
      if sent == 0 {
        guard Date() < deadline else { throw HarnessError(message: "the peer takes nothing") }
        try await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  func send(_ text: String) async throws { try await send(Array(text.utf8)) }

  /// The next line the peer sends, waiting (without blocking a thread) up to `timeout`
  /// seconds; `nil` when the peer closed the connection first.
  func readLine(timeout: Double = LiveHarness.patience) async throws -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while lines.isEmpty {
      if closedByPeer { return nil }
      guard Date() < deadline else { throw HarnessError(message: "no line within \(timeout) s") }
      switch LiveSocket.receive(fd, into: &chunk) {
      case nil: try await Task.sleep(for: .milliseconds(1))
      case let count? where count <= 0: closedByPeer = true
      case let count?: _ = splitter.split(chunk[0..<count], into: &lines)
      }
    }
    return String(decoding: lines.removeFirst(), as: UTF8.self)
  }

  /// Whether the peer closes the connection within `timeout` seconds, after any lines.
  func closes(timeout: Double = LiveHarness.patience) async throws -> Bool {
    while try await readLine(timeout: timeout) != nil {}
    return closedByPeer
  }
}

/// A listening socket on a loopback port the system picked, to play a listener.
final class RawServer: @unchecked Sendable {
  let fd: Int32
  let port: Int

  init() throws {
    (fd, port) = try LiveSocket.listen(on: LiveAddress(host: "127.0.0.1", port: 0))
  }

  deinit { LiveSocket.close(fd) }

  var address: String { "127.0.0.1:\(port)" }

  /// The next connection, waiting (without blocking a thread) up to `timeout` seconds.
  func accept(timeout: Double = LiveHarness.patience) async throws -> RawPeer {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let (peer, _) = LiveSocket.accept(fd) { return RawPeer(fd: peer) }
      guard Date() < deadline else {
        throw HarnessError(message: "no connection within \(timeout) s")
      }
      try await Task.sleep(for: .milliseconds(1))
    }
  }
}

/// A hello line, as an app sends it.
func helloLine(
  app: String = "Raw", session: String = UUID().uuidString.lowercased(),
  token: String? = nil, version: Int = 1
) -> String {
  let token = token.map { #","token":"\#($0)""# } ?? ""
  return
    #"{"hello":"replay","protocol":\#(version),"app":"\#(app)","session":"\#(session)","started":"2026-01-05T09:00:00.000Z"\#(token)}"#
    + "\n"
}
