import TerminalEditor
import TimeTravel

/// The reducers `replay --reducer NAME` can replay a log through, by name: to verify its
/// recorded states (`--verify`), to recompute the states of a log of actions only, or to
/// write a test that replays it (`--emit-test`).
///
/// A log holds JSON, so replaying it needs the app's own `Reducer`, `State` and
/// `Action` types. A `replay` executable registers the ones it links and passes the
/// registry to the command; nothing is registered globally:
///
/// ```swift
/// var reducers = ReducerRegistry()
/// reducers.register(name: "cart", reducer: CartReducer(), initialState: CartState())
/// ReplayCommand.main(reducers: reducers)
/// ```
/// See the article "Your own `replay`, with your reducers".
public struct ReducerRegistry: Sendable {
  /// Replays a whole log and says how its states were fitted to the reducer's `State`
  /// type; what a registration stores.
  public typealias Verify = @Sendable (LogFile) throws(ReplayError) -> ReplayReport

  private var verifiers: [String: Verify] = [:]
  private var recomputers: [String: StateRecomputer] = [:]
  private var emitters: [String: @Sendable (TestEmission) throws -> String] = [:]

  /// An empty registry.
  public init() {}

  /// Registers `reducer` under `name`, replacing any previous registration.
  ///
  /// - Parameters:
  ///   - name: What `--reducer` takes, e.g. `"todo"`.
  ///   - reducer: Made afresh for each replay (an autoclosure, so reducers need not be
  ///     `Sendable`); its `State` must be `Codable` and its `Action` `Decodable`.
  ///   - redaction: The `LogRedaction` the app records with, if any.
  ///   - initialState: The app's initial state. Given it, `--verify` replays logs recorded
  ///     before `State` gained members (they are taken from it) or lost some (they are
  ///     ignored), and says which; without it such a log does not decode (exit code 8).
  ///     Made afresh for each replay, like `reducer`.
  public mutating func register<R: Reducer & SendableMetatype>(
    name: String, reducer: @autoclosure @escaping @Sendable () -> R,
    redaction: LogRedaction = .none,
    initialState: @autoclosure @escaping @Sendable () -> R.State? = nil
  )
  where R.State: Codable, R.Action: Decodable {
    let verify: Verify = { (log) throws(ReplayError) in
      try Replayer(reducer: reducer(), redaction: redaction, initialState: initialState())
        .report(log)
    }
    verifiers[name] = verify
    recomputers[name] = StateRecomputer(
      name: name, reducer: reducer(), initialState: initialState(), redaction: redaction)
    emitters[name] = { emission in try TestEmitter<R>(emission, reducer: reducer()).source() }
  }

  /// The registered names, sorted.
  public var names: [String] { verifiers.keys.sorted() }

  /// The replay function registered under `name`, or `nil`.
  ///
  /// - Parameter name: A registered name.
  public func verifier(named name: String) -> Verify? { verifiers[name] }

  /// What recomputes an action-only log's states through the reducer registered under
  /// `name` (`--reducer NAME` on such a log), or `nil`.
  ///
  /// - Parameter name: A registered name.
  public func recomputer(named name: String) -> StateRecomputer? { recomputers[name] }

  /// The `--emit-test` generator registered under `name`, or `nil`.
  func testEmitter(named name: String) -> (@Sendable (TestEmission) throws -> String)? {
    emitters[name]
  }

  /// The error for `--reducer NAME` when nothing is registered under `name`: the names
  /// that are, or where to read how to register one.
  func unknown(_ name: String) -> CommandError {
    let registered =
      names.isEmpty
      ? "none are registered in this replay; replay --help lists the registered reducers, and the article \"Your own replay, with your reducers\" shows how to register yours"
      : "registered: \(names.joined(separator: ", "))"
    return CommandError(
      code: ExitCode.usage,
      message: "unknown reducer '\(TerminalText.sanitize(name))' (\(registered))")
  }
}
