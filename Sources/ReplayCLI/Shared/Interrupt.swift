import Dispatch
import Foundation

/// SIGINT (Ctrl-C) handled on a dispatch queue instead of ending the process, while a
/// follower runs; the disposition before it is restored after.
final class Interrupt {
  private let source: any DispatchSourceSignal
  private let previous: (@convention(c) (Int32) -> Void)?

  /// Calls `handler` on each SIGINT until ``restore()``.
  init(_ handler: @escaping @Sendable () -> Void) {
    previous = signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
  }

  /// Puts back SIGINT's disposition from before.
  func restore() {
    source.cancel()
    signal(SIGINT, previous)
  }
}
