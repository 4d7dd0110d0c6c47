import Dispatch
import Foundation
import Synchronization

/// The asynchronous front of a ``LogRecorder``: a bounded queue of Swift values and the
/// writer thread that encodes and writes them, in the order they were queued.
///
/// The caller's cost per transition is one allocation (the values' box), one semaphore
/// operation for the bound, a short critical section, and, only when the writer sleeps,
/// a wake-up: no encoding, no system call in the common case.
final class RecorderQueue: Sendable {
  private enum Job: Sendable {
    /// `takesSlot` is false for an entry completing an admitted pending record: the
    /// pair shares the pending record's slot, so a pending record is never separated
    /// from its entry by a drop.
    case entry(any TransitionValues, Date, ActionOrigin?, dropped: Int, takesSlot: Bool)
    case pending(any TransitionValues, Date, dropped: Int)
    case barrier(dropped: Int, close: Bool, done: DispatchSemaphore?)
  }

  private struct State {
    var jobs: [Job] = []
    /// Transitions dropped since the last queued job, written as a gap record before it.
    var dropped = 0
    /// Whether the last pending record was dropped (its entry is then dropped too), or
    /// admitted (its entry rides on its slot); `nil` outside a pending/entry pair.
    var pendingAdmitted: Bool?
    var failure: (any Error)?
    var isClosed = false
    var writerSleeping = false
  }

  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)
  private let space: DispatchSemaphore
  private let overflow: LogRecorder.Overflow
  private let core: RecorderCore

  init(core: RecorderCore, limit: Int, overflow: LogRecorder.Overflow) {
    self.core = core
    self.overflow = overflow
    space = DispatchSemaphore(value: limit)
    let thread = Thread { [self] in writerLoop() }
    thread.name = "replay.LogRecorder"
    thread.qualityOfService = .utility
    thread.start()
  }

  /// Takes a slot: waits for one with `.block`; with `.drop`, `false` when full.
  private func admit() -> Bool {
    switch overflow {
    case .block:
      space.wait()
      return true
    case .drop:
      return space.wait(timeout: .now()) == .success
    }
  }

  func enqueueEntry(
    _ values: some TransitionValues, time: Date, origin: ActionOrigin?, destination: String
  ) throws {
    let pairing = state.withLock { state -> Bool? in
      defer { state.pendingAdmitted = nil }
      return state.pendingAdmitted
    }
    if pairing == false {
      state.withLock { $0.dropped += 1 }
      return
    }
    let takesSlot = pairing == nil
    if takesSlot, !admit() {
      try state.withLock { state in
        try Self.check(state, destination)
        state.dropped += 1
      }
      return
    }
    try push(destination, releasingSlot: takesSlot) { dropped in
      .entry(values, time, origin, dropped: dropped, takesSlot: takesSlot)
    }
  }

  func enqueuePending(_ values: some TransitionValues, time: Date, destination: String) throws {
    guard admit() else {
      try state.withLock { state in
        try Self.check(state, destination)
        state.pendingAdmitted = false
      }
      return
    }
    try push(destination, releasingSlot: true) { dropped in
      .pending(values, time, dropped: dropped)
    }
    state.withLock { $0.pendingAdmitted = true }
  }

  /// Queues a job carrying the drop count so far, waking the writer if it sleeps.
  private func push(
    _ destination: String, releasingSlot: Bool, _ make: (_ dropped: Int) -> Job
  ) throws {
    let wakeWriter: Bool
    do {
      wakeWriter = try state.withLock { state in
        try Self.check(state, destination)
        state.jobs.append(make(state.dropped))
        state.dropped = 0
        defer { state.writerSleeping = false }
        return state.writerSleeping
      }
    } catch {
      if releasingSlot { space.signal() }
      throw error
    }
    if wakeWriter { wake.signal() }
  }

  private static func check(_ state: State, _ destination: String) throws {
    if let failure = state.failure { throw failure }
    guard !state.isClosed else { throw LogWriterError.closed(path: destination) }
  }

  /// Waits until everything queued before it is written; then `fsync`s, or closes.
  func barrier(close: Bool, destination: String) throws {
    let done = DispatchSemaphore(value: 0)
    let queued = try state.withLock { state -> Bool in
      if close, state.isClosed { return false }
      if let failure = state.failure {
        if close { state.isClosed = true } else { throw failure }
      }
      if !close, state.isClosed { throw LogWriterError.closed(path: destination) }
      state.jobs.append(.barrier(dropped: state.dropped, close: close, done: done))
      state.dropped = 0
      if close { state.isClosed = true }
      return true
    }
    guard queued else { return }
    wake.signal()
    done.wait()
    if let failure = state.withLock({ $0.failure }) { throw failure }
  }

  /// Queues the closing barrier without waiting (from the recorder's `deinit`).
  func closeWithoutWaiting() {
    let queued = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.jobs.append(.barrier(dropped: state.dropped, close: true, done: nil))
      state.isClosed = true
      return true
    }
    if queued { wake.signal() }
  }

  private func writerLoop() {
    while true {
      let batch = state.withLock { state -> [Job] in
        let jobs = state.jobs
        state.jobs = []
        state.writerSleeping = jobs.isEmpty
        return jobs
      }
      if batch.isEmpty {
        wake.wait()
        continue
      }
      if process(batch) { return }
    }
  }

  /// Writes `batch` under the pipeline's mutex; `true` once the closing barrier ran.
  private func process(_ batch: [Job]) -> Bool {
    var closed = false
    var slots = 0
    var failure: (any Error)?
    var barriers: [DispatchSemaphore] = []
    core.chain.withLock { chain in
      for job in batch {
        do {
          switch job {
          case .entry(let values, let time, let origin, let dropped, let takesSlot):
            if takesSlot { slots += 1 }
            guard chain.failure == nil else { continue }
            try chain.pipeline.writeGap(dropped)
            try chain.pipeline.writeEntry(values, time: time, origin: origin)
          case .pending(let values, let time, let dropped):
            slots += 1
            guard chain.failure == nil else { continue }
            try chain.pipeline.writeGap(dropped)
            try chain.pipeline.writePending(values, time: time)
          case .barrier(let dropped, let close, let done):
            if let done { barriers.append(done) }
            if chain.failure == nil {
              try chain.pipeline.writeGap(dropped)
              if !close { try chain.pipeline.sink.flush() }
            }
            if close, !chain.isClosed {
              chain.isClosed = true
              closed = true
              try chain.pipeline.sink.close()
            }
          }
        } catch {
          if chain.failure == nil { chain.failure = error }
        }
      }
      failure = chain.failure
    }
    if let failure {
      state.withLock { state in
        if state.failure == nil { state.failure = failure }
      }
    }
    for _ in 0..<slots { space.signal() }
    for done in barriers { done.signal() }
    return closed
  }
}
