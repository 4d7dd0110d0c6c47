import Synchronization

/// The running effect tasks of one store, by token and cancellation id.
///
/// A separate object rather than store state so its `deinit` (which runs when the
/// store is released, since tasks hold the store only weakly) can cancel them without
/// touching the main-actor store: releasing a store cancels its effects, as in TCA.
///
/// Tokens double as the effect runs' ids in the log (1, 2, …, see ``EffectEvent``), so
/// `Effect.send`, which has no task, takes one too.
final class EffectTasks: Sendable {
  private struct Running {
    var nextToken = 1
    var tasks: [Int: (id: EffectID?, task: Task<Void, Never>)] = [:]
    /// Told of each run the release cancels, in token order; set by a recording store.
    var onRelease: (@Sendable (Int) -> Void)?
  }

  private let running = Mutex(Running())

  /// Reserves a token for a run about to start.
  func reserve() -> Int {
    running.withLock { running in
      defer { running.nextToken += 1 }
      return running.nextToken
    }
  }

  /// Registers a started task.
  func insert(_ task: Task<Void, Never>, token: Int, id: EffectID?) {
    running.withLock { $0.tasks[token] = (id, task) }
  }

  /// Forgets a finished task; `false` when it was no longer registered (it was
  /// cancelled, and its end recorded then).
  @discardableResult
  func finish(_ token: Int) -> Bool {
    running.withLock { $0.tasks.removeValue(forKey: token) } != nil
  }

  /// Cancels the tasks registered under `id`, returning their tokens, ascending.
  @discardableResult
  func cancel(id: EffectID) -> [Int] {
    let doomed = running.withLock { running in
      let tokens = running.tasks.filter { $0.value.id == id }.map(\.key).sorted()
      return tokens.compactMap { token in
        running.tasks.removeValue(forKey: token).map { (token, $0.task) }
      }
    }
    for (_, task) in doomed { task.cancel() }
    return doomed.map(\.0)
  }

  /// Calls `body` with the token of each run the store's release cancels.
  func onRelease(_ body: @escaping @Sendable (Int) -> Void) {
    running.withLock { $0.onRelease = body }
  }

  /// How many tasks are running; for tests.
  var count: Int { running.withLock { $0.tasks.count } }

  deinit {
    let (tasks, report) = running.withLock { running in
      (running.tasks.sorted { $0.key < $1.key }, running.onRelease)
    }
    for (token, entry) in tasks {
      report?(token)
      entry.task.cancel()
    }
  }
}

/// A type-erased cancellation id.
///
/// `@unchecked` because `AnyHashable` is not `Sendable`, but every `EffectID` is built
/// from a `Hashable & Sendable` value (see ``Effect/cancellable(id:cancelInFlight:)``).
package struct EffectID: Hashable, @unchecked Sendable {
  /// The app's id.
  package let base: AnyHashable

  init(_ id: some Hashable & Sendable) { base = AnyHashable(id) }
}
