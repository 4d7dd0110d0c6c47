import Synchronization

/// Ctrl-C as a request for a long search (`--minimize`, `--races`) to stop with what it
/// has found so far, rather than ending the process: while it is held, SIGINT sets a
/// flag the search asks before each step.
final class StopRequest: Sendable {
  private let requested = Atomic<Bool>(false)

  /// Whether Ctrl-C was pressed.
  var isRequested: Bool { requested.load(ordering: .relaxed) }

  /// Runs `body` with SIGINT turned into a request, then puts SIGINT back.
  func during<T>(_ body: () throws -> T) rethrows -> T {
    let interrupt = Interrupt { [self] in requested.store(true, ordering: .relaxed) }
    defer { interrupt.restore() }
    return try body()
  }
}
