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

/// `fsync(2)`s the session files on a thread of its own, at most a second after they
/// grow, so that a slow disk never holds up the listener's loop (and with it every
/// session). Each file is synced through a duplicate of its descriptor, which the syncer
/// owns; idle, the thread sleeps without a timeout.
final class FileSyncer: Sendable {
  /// One file's duplicate descriptor and what the loop says about it.
  final class Target: Sendable {
    let fd: Int32
    let dirty = Atomic<Bool>(false)
    let closed = Atomic<Bool>(false)

    init(fd: Int32) { self.fd = fd }
  }

  private let targets = Mutex<[Target]>([])
  private let stopping = Atomic<Bool>(false)
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  init() {
    let thread = Thread { [self] in run() }
    thread.name = "replay.LiveListener.sync"
    thread.qualityOfService = .utility
    thread.start()
  }

  /// Follows the file open on `fd` (duplicated; the caller keeps its own).
  func follow(_ fd: Int32) -> Target? {
    let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { return nil }
    let target = Target(fd: copy)
    targets.withLock { $0.append(target) }
    return target
  }

  /// The file grew: sync it within a second.
  func touch(_ target: Target) {
    if !target.dirty.exchange(true, ordering: .acquiringAndReleasing) { wake.signal() }
  }

  /// The file is closed: sync it a last time and let go of it.
  func close(_ target: Target) {
    target.closed.store(true, ordering: .releasing)
    wake.signal()
  }

  /// Syncs everything now and ends the thread.
  func stop() {
    stopping.store(true, ordering: .releasing)
    wake.signal()
    finished.wait()
  }

  private func run() {
    while true {
      wake.wait()
      let ending = stopping.load(ordering: .acquiring)
      // Writes that come within a second share one sync.
      if !ending { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 1) }
      syncAll(closingAll: stopping.load(ordering: .acquiring))
      if stopping.load(ordering: .acquiring) { break }
    }
    finished.signal()
  }

  private func syncAll(closingAll: Bool) {
    let current = targets.withLock { $0 }
    var done: [ObjectIdentifier] = []
    for target in current {
      let closed = closingAll || target.closed.load(ordering: .acquiring)
      if target.dirty.exchange(false, ordering: .acquiringAndReleasing) || closed {
        _ = fsync(target.fd)
      }
      if closed {
        closeDescriptor(target.fd)
        done.append(ObjectIdentifier(target))
      }
    }
    targets.withLock { $0.removeAll { done.contains(ObjectIdentifier($0)) } }
  }
}

private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
