import LoginReducer
import Synchronization
import TimeTravel
import TodoReducer

/// The reducers `replay --verify --reducer NAME` can replay a log through, by name.
///
/// A log holds JSON, so replaying it needs the app's own `Reducer`, `State` and
/// `Action` types; an app builds its own `replay` by registering them:
///
/// ```swift
/// ReducerRegistry.shared.register(name: "cart", reducer: CartReducer())
/// ReplayCommand.main()
/// ```
/// or, without global state, `ReplayCommand.run(arguments, io: StandardIO(), reducers:
/// registry)`. See `docs/custom-replay.md`.
public final class ReducerRegistry: Sendable {
  /// Replays a whole log; what a registration stores.
  public typealias Verify = @Sendable (LogFile) throws(ReplayError) -> ReplayOutcome

  private let verifiers: Mutex<[String: Verify]>

  /// An empty registry.
  public init() {
    verifiers = Mutex([:])
  }

  /// A registry holding the reducers bundled with this package: `todo`
  /// (`TodoReducer`) and `login` (`LoginReducer`, effects never run).
  public static func bundled() -> ReducerRegistry {
    let registry = ReducerRegistry()
    registry.register(name: "todo", reducer: TodoReducer())
    registry.register(name: "login", reducer: LoginReducer(), redaction: LoginReducer.redaction)
    return registry
  }

  /// The registry `replay` uses unless ``ReplayCommand/run(_:io:reducers:)`` passes
  /// another; starts as ``bundled()``.
  public static let shared = bundled()

  /// The registry of the current ``ReplayCommand/run(_:io:reducers:)`` call.
  @TaskLocal static var current: ReducerRegistry?

  /// The registry in effect: the one passed to `run`, else ``shared``.
  static var active: ReducerRegistry { current ?? shared }

  /// Registers `reducer` under `name`, replacing any previous registration.
  ///
  /// - Parameters:
  ///   - name: What `--reducer` takes, e.g. `"todo"`.
  ///   - reducer: Made afresh for each replay (an autoclosure, so reducers need not be
  ///     `Sendable`); its `State` must be `Codable` and its `Action` `Decodable`.
  ///   - redaction: The `LogRedaction` the app records with, if any.
  public func register<R: Reducer & SendableMetatype>(
    name: String, reducer: @autoclosure @escaping @Sendable () -> R,
    redaction: LogRedaction = .none
  )
  where R.State: Codable, R.Action: Decodable {
    let verify: Verify = { (log) throws(ReplayError) in
      try Replayer(reducer: reducer(), redaction: redaction).verify(log)
    }
    verifiers.withLock { $0[name] = verify }
  }

  /// The registered names, sorted.
  public var names: [String] { verifiers.withLock { $0.keys.sorted() } }

  /// The replay function registered under `name`, or `nil`.
  ///
  /// - Parameter name: A registered name.
  public func verifier(named name: String) -> Verify? {
    verifiers.withLock { $0[name] }
  }
}

extension ReplayCommand {
  /// Runs `replay` with `reducers` available to `--verify --reducer NAME`, for an app's
  /// own command line or tests.
  ///
  /// - Parameters:
  ///   - arguments: Without the program name.
  ///   - io: The streams.
  ///   - reducers: Replaces ``ReducerRegistry/shared`` for this call only.
  /// - Returns: The exit code (see ``ExitCode``).
  public static func run(_ arguments: [String], io: some ReplayIO, reducers: ReducerRegistry)
    -> Int32
  {
    ReducerRegistry.$current.withValue(reducers) { run(arguments, io: io) }
  }
}
