import Synchronization

/// The running effect tasks of one store, by token and cancellation id.
///
/// A separate object rather than store state so its `deinit` (which runs when the
/// store is released, since tasks hold the store only weakly) can cancel them without
/// touching the main-actor store: releasing a store cancels its effects, as in TCA.
final class EffectTasks: Sendable {
  private struct Running {
    var nextToken = 0
    var tasks: [Int: (id: EffectID?, task: Task<Void, Never>)] = [:]
  }

  private let running = Mutex(Running())

  /// Reserves a token for a task about to start.
  func reserve() -> Int {
    running.withLock { running in
      defer { running.nextToken += 1 }
      return running.nextToken
    }
  }

  /// Registers a started task, unless it already finished (fast effects may finish
  /// before registration).
  func insert(_ task: Task<Void, Never>, token: Int, id: EffectID?) {
    running.withLock { $0.tasks[token] = (id, task) }
  }

  /// Forgets a finished task.
  func finish(_ token: Int) {
    _ = running.withLock { $0.tasks.removeValue(forKey: token) }
  }

  /// Cancels the tasks registered under `id`.
  func cancel(id: EffectID) {
    let doomed = running.withLock { running in
      let tokens = running.tasks.filter { $0.value.id == id }.map(\.key)
      return tokens.compactMap { running.tasks.removeValue(forKey: $0)?.task }
    }
    for task in doomed { task.cancel() }
  }

  /// How many tasks are running; for tests.
  var count: Int { running.withLock { $0.tasks.count } }

  deinit {
    running.withLock { running in
      for (_, entry) in running.tasks { entry.task.cancel() }
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
