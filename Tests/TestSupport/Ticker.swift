import TimeTravel

// A reducer with every kind of effect, recording how often effect bodies run.
/// A reducer with every kind of effect (run, cancellable, cancel, send), recording how
/// often effect bodies run in `runs`.
public struct Ticker: EffectReducer {
  /// The state the log of effects is kept in.
  public typealias State = TickerState
  /// Start, tick, stop and echo.
  public typealias Action = TickerAction

  /// The names of the effects that ran, and those cancelled.
  public let runs: Collector<String>
  /// The wait between two ticks.
  public let delay: Duration

  /// A delay no test waits out (a day): effects that must stay suspended use it, so
  /// that a loaded machine cannot make them finish early.
  public static let never = Duration.seconds(86_400)

  /// A ticker that records into `runs` and waits `delay` between ticks.
  public init(runs: Collector<String>, delay: Duration) {
    self.runs = runs
    self.delay = delay
  }

  /// Starts, ticks, cancels or echoes.
  public func reduce(into state: inout TickerState, action: TickerAction) -> Effect<TickerAction> {
    switch action {
    case .start(let name, let ticks):
      state.log.append("start \(name)")
      return .run(name: name) { [runs, delay] send in
        runs.append(name)
        for tick in 1...ticks {
          try? await Task.sleep(for: delay)
          if Task.isCancelled {
            runs.append("\(name) cancelled")
            return
          }
          await send(.tick(name, tick))
        }
      }
      .cancellable(id: name)
    case .tick(let name, let tick):
      state.log.append("\(name) \(tick)")
      return .none
    case .stop(let name):
      return .cancel(id: name)
    case .echo(let text):
      return .send(.tick(text, 0))
    }
  }
}

/// What the ticker did, in order.
public struct TickerState: Codable, Equatable, Sendable {
  /// One line per action applied.
  public var log: [String] = []

  /// A state with `log`.
  public init(log: [String] = []) { self.log = log }
}

/// The ticker's actions.
public enum TickerAction: Codable, Equatable, Sendable {
  case start(String, ticks: Int)
  case tick(String, Int)
  case stop(String)
  case echo(String)
}
