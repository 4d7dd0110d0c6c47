import TimeTravel

/// The reducers `replay --verify --reducer NAME` can replay a log through, by name.
///
/// A log holds JSON, so replaying it needs the app's own `Reducer`, `State` and
/// `Action` types. A `replay` executable registers the ones it links and passes the
/// registry to the command; nothing is registered globally:
///
/// ```swift
/// var reducers = ReducerRegistry()
/// reducers.register(name: "cart", reducer: CartReducer())
/// ReplayCommand.main(reducers: reducers)
/// ```
/// See `docs/custom-replay.md`.
public struct ReducerRegistry: Sendable {
  /// Replays a whole log; what a registration stores.
  public typealias Verify = @Sendable (LogFile) throws(ReplayError) -> ReplayOutcome

  private var verifiers: [String: Verify] = [:]

  /// An empty registry.
  public init() {}

  /// Registers `reducer` under `name`, replacing any previous registration.
  ///
  /// - Parameters:
  ///   - name: What `--reducer` takes, e.g. `"todo"`.
  ///   - reducer: Made afresh for each replay (an autoclosure, so reducers need not be
  ///     `Sendable`); its `State` must be `Codable` and its `Action` `Decodable`.
  ///   - redaction: The `LogRedaction` the app records with, if any.
  public mutating func register<R: Reducer & SendableMetatype>(
    name: String, reducer: @autoclosure @escaping @Sendable () -> R,
    redaction: LogRedaction = .none
  )
  where R.State: Codable, R.Action: Decodable {
    let verify: Verify = { (log) throws(ReplayError) in
      try Replayer(reducer: reducer(), redaction: redaction).verify(log)
    }
    verifiers[name] = verify
  }

  /// The registered names, sorted.
  public var names: [String] { verifiers.keys.sorted() }

  /// The replay function registered under `name`, or `nil`.
  ///
  /// - Parameter name: A registered name.
  public func verifier(named name: String) -> Verify? { verifiers[name] }
}
