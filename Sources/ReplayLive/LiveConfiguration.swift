import Foundation
import TimeTravel

/// How a ``LiveListener`` listens: where, with what token, where it saves sessions, and
/// its limits.
public struct LiveConfiguration: Sendable {
  /// The address to bind; `127.0.0.1` by default, so only this machine can connect. Port
  /// 0 lets the system pick one (read it back from ``LiveListener/address``).
  public var address: LiveAddress
  /// The token apps must send in their hello. Required when ``address`` is not loopback
  /// (``LiveListener/init(_:)`` throws `LiveError.tokenRequired(_:)` otherwise), and
  /// checked on loopback too when set. Compared in constant time.
  public var token: String?
  /// The folder sessions are saved in, created if needed; `./replay-sessions` by default.
  public var directory: URL
  /// The limits that keep one app from hurting the listener or another app.
  public var limits: LiveLimits

  /// A configuration.
  /// - Parameters:
  ///   - address: Where to listen; loopback, port 0 by default.
  ///   - token: The token apps must send; `nil` accepts any app on loopback.
  ///   - directory: Where sessions are saved.
  ///   - limits: The limits; ``LiveLimits/init(lineBytes:sessions:idleSeconds:helloSeconds:)``'s
  ///     defaults when omitted.
  public init(
    address: LiveAddress = LiveAddress(host: "127.0.0.1", port: 0), token: String? = nil,
    directory: URL = URL(fileURLWithPath: "replay-sessions"), limits: LiveLimits = LiveLimits()
  ) {
    self.address = address
    self.token = token
    self.directory = directory
    self.limits = limits
  }
}

/// A ``LiveListener``'s limits, each with a default chosen so that real sessions never
/// meet it and a broken or hostile peer meets it early.
public struct LiveLimits: Sendable, Equatable {
  /// The longest line accepted, in bytes (32 MiB by default: a state of a few hundred
  /// thousand to-do items). A longer line stops that session, with a warning; what came
  /// before it is kept.
  public var lineBytes: Int
  /// Connections at once, sessions and hellos (256 by default); more are refused with
  /// the reason.
  public var sessions: Int
  /// Seconds a connection may go without a complete line (60 by default). The welcome
  /// tells apps the limit, and a quiet app sends a heartbeat every third of it (at most
  /// every 15 s), so only a peer that sends nothing, or a line a byte at a time, is closed
  /// then; it never holds up another session meanwhile.
  public var idleSeconds: Double
  /// Seconds a new connection has to send its hello (10 by default).
  public var helloSeconds: Double

  /// Limits; every parameter has the default documented on its property.
  public init(
    lineBytes: Int = 32 << 20, sessions: Int = 256, idleSeconds: Double = 60,
    helloSeconds: Double = 10
  ) {
    self.lineBytes = lineBytes
    self.sessions = sessions
    self.idleSeconds = idleSeconds
    self.helloSeconds = helloSeconds
  }
}
