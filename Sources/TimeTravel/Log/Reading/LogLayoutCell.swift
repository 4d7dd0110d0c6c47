import Foundation
import Synchronization

/// Where a ``LogFile`` keeps its ``LogLayout``: given when the log is opened, or built
/// once when first needed (by the first full scan, which indexes the lines as it reads
/// them, or else by a classic index of the whole file), then read by every thread
/// without a lock.
final class LogLayoutCell: @unchecked Sendable {
  // Unchecked: `published` holds a retained `LogLayout` once, from the first store to
  // `deinit`; it is only ever stored once, under `lock`, and read with acquire ordering.
  private let published = Atomic<UnsafeRawPointer?>(nil)
  private let lock = Mutex<Void>(())

  /// A cell holding `layout`, or an empty one (`nil`) whose layout is built later.
  init(_ layout: LogLayout?) {
    if let layout {
      published.store(
        UnsafeRawPointer(Unmanaged.passRetained(layout).toOpaque()), ordering: .releasing)
    }
  }

  deinit {
    if let pointer = published.load(ordering: .acquiring) {
      Unmanaged<LogLayout>.fromOpaque(pointer).release()
    }
  }

  /// The layout, when it is built.
  @inline(__always)
  var current: LogLayout? {
    published.load(ordering: .acquiring).map {
      Unmanaged<LogLayout>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// The layout, built now from a classic index of `source` if it is not yet (one
  /// thread builds it; others wait for it).
  @inline(__always)
  func layout(building source: LogSource) -> LogLayout {
    if let current { return current }
    return build(source)
  }

  @inline(never)
  private func build(_ source: LogSource) -> LogLayout {
    lock.withLock { _ in
      if let current { return current }
      let layout = LogLayout.building(source)
      store(layout)
      return layout
    }
  }

  /// Keeps `layout`, which the scan that opened the log built from the lines it read,
  /// unless one is already kept; returns the one kept.
  @discardableResult
  func publish(_ layout: LogLayout) -> LogLayout {
    lock.withLock { _ in
      if let current { return current }
      store(layout)
      builtByScan.store(true, ordering: .relaxed)
      return layout
    }
  }

  /// Whether the layout kept is the one the scan that opened the log built (for tests).
  var wasBuiltByScan: Bool { builtByScan.load(ordering: .relaxed) }
  private let builtByScan = Atomic(false)

  private func store(_ layout: LogLayout) {
    published.store(
      UnsafeRawPointer(Unmanaged.passRetained(layout).toOpaque()), ordering: .releasing)
  }
}
