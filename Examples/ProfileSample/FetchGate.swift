import Synchronization

/// Decides when each fetch returns, so a session with a slow fetch is scripted without
/// sleeping: a fetch waits at the gate (``wait(_:)``) until the script opens it
/// (``open(_:)``) or its task is cancelled, and the script can wait for a fetch to
/// arrive (``arrival(of:)``). Each id is fetched at most once at a time.
public final class FetchGate: Sendable {
  private struct Gates {
    var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
    var opened: Set<Int> = []
    var cancelled: Set<Int> = []
    var arrived: Set<Int> = []
    var watchers: [Int: [CheckedContinuation<Void, Never>]] = [:]
  }

  private let gates = Mutex(Gates())

  /// Creates a gate with every fetch closed.
  public init() {}

  /// Suspends the fetch of `id` until ``open(_:)`` is called for it.
  ///
  /// - Parameter id: The id being fetched.
  /// - Throws: `CancellationError` when the calling task is cancelled first (or was
  ///   already), as `Task.sleep` does.
  public func wait(_ id: Int) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (watchers, outcome) = gates.withLock {
          gates -> ([CheckedContinuation<Void, Never>], Bool?) in
          gates.arrived.insert(id)
          let watchers = gates.watchers.removeValue(forKey: id) ?? []
          if gates.cancelled.contains(id) { return (watchers, false) }
          if gates.opened.contains(id) { return (watchers, true) }
          gates.waiting[id] = continuation
          return (watchers, nil)
        }
        for watcher in watchers { watcher.resume() }
        switch outcome {
        case true?: continuation.resume()
        case false?: continuation.resume(throwing: CancellationError())
        case nil: break
        }
      }
    } onCancel: {
      let waiting = gates.withLock { gates in
        gates.cancelled.insert(id)
        return gates.waiting.removeValue(forKey: id)
      }
      waiting?.resume(throwing: CancellationError())
    }
  }

  /// Lets the fetch of `id` return, now or when it arrives.
  ///
  /// - Parameter id: The id whose fetch may return.
  public func open(_ id: Int) {
    let waiting = gates.withLock { gates in
      gates.opened.insert(id)
      return gates.waiting.removeValue(forKey: id)
    }
    waiting?.resume()
  }

  /// Returns once the fetch of `id` has reached the gate.
  ///
  /// - Parameter id: The id being fetched.
  public func arrival(of id: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let arrived = gates.withLock { gates in
        if gates.arrived.contains(id) { return true }
        gates.watchers[id, default: []].append(continuation)
        return false
      }
      if arrived { continuation.resume() }
    }
  }
}
