import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What closed a log, as its closing record's `by` member says (see ``LogClosing``).
enum ClosingReason: String, Sendable {
  /// ``LogRecorder/close()``.
  case close
  /// The ``LogRecorder`` was released without being closed.
  case release
  /// The process exited normally (`exit()`, or returning from `main`).
  case exit
  /// A signal handled by ``LogRecorder/closeOnSignals(_:)``.
  case signal
}

/// The part of a recorder that owns its log's end: the synchronous core, or the
/// asynchronous queue and its writer thread.
protocol ClosesAtExit: AnyObject, Sendable {
  /// Writes everything the recorder accepted, then the closing record, and closes;
  /// waits for a busy writer, but gives up when it makes no progress for
  /// ``OpenRecorders/stallLimit`` seconds (a destination that blocks forever must not
  /// stop the process from ending).
  func closeBeforeTheProcessEnds(by reason: ClosingReason)
}

/// Every open recorder, so that a normal exit closes them all: an `atexit(3)` handler,
/// installed when the first recorder opens, drains each one's queue and writes its
/// closing record before the process ends.
///
/// `exit()` and returning from `main` run `atexit` handlers; an uncaught signal,
/// `SIGKILL`, a trap and `_exit()` do not (see <doc:RecordingCosts> for what each loses).
/// Recorders are held weakly: registering one never keeps it alive, and a recorder
/// removes itself when it closes.
enum OpenRecorders {
  /// How long exit waits for a writer that makes no progress at all.
  static let stallLimit: Double = 5

  private struct Entry: @unchecked Sendable {
    weak var recorder: (any ClosesAtExit)?
  }

  private static let open = Mutex<[ObjectIdentifier: Entry]>([:])

  private static let handler: Void = {
    _ = atexit { OpenRecorders.closeAll(by: .exit) }
  }()

  /// Registers `recorder`, to be closed at exit unless it closes first.
  static func add(_ recorder: any ClosesAtExit) {
    _ = handler
    open.withLock { open in
      open = open.filter { $0.value.recorder != nil }
      open[ObjectIdentifier(recorder)] = Entry(recorder: recorder)
    }
  }

  /// Forgets `recorder`: it closed.
  static func remove(_ recorder: AnyObject) {
    _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(recorder)) }
  }

  /// Closes every open recorder, one after another (the `atexit` handler, and the
  /// signal watcher of ``LogRecorder/closeOnSignals(_:)``).
  static func closeAll(by reason: ClosingReason) {
    let recorders = open.withLock { $0.values.compactMap(\.recorder) }
    for recorder in recorders { recorder.closeBeforeTheProcessEnds(by: reason) }
  }
}
