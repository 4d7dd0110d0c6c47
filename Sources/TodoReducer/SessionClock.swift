import Foundation
import Synchronization

/// A hand-advanced clock, so a scripted session has realistic but reproducible times.
public final class SessionClock: Sendable {
  private let start: Date
  private let elapsedMilliseconds = Mutex<Int64>(0)

  /// Creates a clock reading `start` until first advanced.
  ///
  /// - Parameter start: The initial reading.
  public init(start: Date) {
    self.start = start
  }

  /// The current reading: `start` plus everything advanced so far.
  public var now: Date {
    let elapsed = elapsedMilliseconds.withLock { $0 }
    return start.addingTimeInterval(Double(elapsed) / 1000)
  }

  /// Moves the clock forward.
  ///
  /// - Parameter milliseconds: How far; negative values are not meaningful.
  public func advance(milliseconds: Int64) {
    elapsedMilliseconds.withLock { $0 += milliseconds }
  }
}
