import Dispatch
import Foundation
import Synchronization

/// The asynchronous front of a ``LogRecorder``: a bounded queue of Swift values and the
/// writer thread that encodes and writes them, in the order they were queued.
///
/// The caller's cost per transition is one allocation (the values' box), one semaphore
/// operation for the bound, a short critical section, and, only when the writer sleeps,
/// a wake-up: no encoding, no system call in the common case.
final class RecorderQueue: ClosesAtExit {
  private enum Job: Sendable {
    /// `takesSlot` is false for an entry completing an admitted pending record: the
    /// pair shares the pending record's slot, so a pending record is never separated
    /// from its entry by a drop.
    case entry(any TransitionValues, Date, (any RecordedOrigin)?, dropped: Int, takesSlot: Bool)
    case pending(any TransitionValues, Date, dropped: Int)
    /// An effect record: takes no slot (it holds no state, and effects start only after
    /// entries, so their records are bounded by the entries').
    case effect(EffectEvent, Date, dropped: Int)
    /// `close` is `nil` for a flush; `done` is signalled once the writer ran it.
    case barrier(dropped: Int, close: ClosingReason?, done: DispatchSemaphore)
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
    /// The closing barrier's semaphore, once the queue is closing: each waiter waits,
    /// then signals it again for the next.
    var closing: DispatchSemaphore?
    var writerSleeping = false
  }

  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)
  private let space: DispatchSemaphore
  private let overflow: LogRecorder.Overflow
  private let core: RecorderCore
  /// Jobs the writer has run: exit waits for a writer only while this moves.
  private let progress = Atomic<Int>(0)

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
    _ values: some TransitionValues, time: Date, origin: (any RecordedOrigin)?,
    destination: String
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

  func enqueueEffect(_ event: EffectEvent, time: Date, destination: String) throws {
    try push(destination, releasingSlot: false) { dropped in .effect(event, time, dropped: dropped)
    }
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

  /// Waits until everything queued before it is written; then `fsync`s (`close` nil),
  /// or writes the closing record and closes. Closing a queue that is already closing
  /// waits for that close to finish.
  func barrier(close reason: ClosingReason?, destination: String) throws {
    let (done, closedBefore) = try state.withLock { state -> (DispatchSemaphore?, Bool) in
      if reason != nil, state.isClosed { return (state.closing, true) }
      if let failure = state.failure {
        if reason == nil { throw failure }
      }
      if reason == nil, state.isClosed { throw LogWriterError.closed(path: destination) }
      let done = DispatchSemaphore(value: 0)
      state.jobs.append(.barrier(dropped: state.dropped, close: reason, done: done))
      state.dropped = 0
      if reason != nil {
        state.isClosed = true
        state.closing = done
      }
      return (done, false)
    }
    guard let done else { return }
    if !closedBefore { wake.signal() }
    done.wait()
    if reason != nil { done.signal() }
    if !closedBefore, let failure = state.withLock({ $0.failure }) { throw failure }
  }

  /// Queues the closing barrier without waiting (from the recorder's `deinit`).
  func closeWithoutWaiting() {
    if queueClosing(by: .release).queued { wake.signal() }
  }

  /// Queues the closing barrier unless the queue is already closing.
  private func queueClosing(by reason: ClosingReason) -> (done: DispatchSemaphore, queued: Bool) {
    state.withLock { state in
      if let closing = state.closing { return (closing, false) }
      let done = DispatchSemaphore(value: 0)
      state.jobs.append(.barrier(dropped: state.dropped, close: reason, done: done))
      state.dropped = 0
      state.isClosed = true
      state.closing = done
      return (done, true)
    }
  }

  func closeBeforeTheProcessEnds(by reason: ClosingReason) {
    let done = queueClosing(by: reason).done
    wake.signal()
    var seen = progress.load(ordering: .relaxed)
    while done.wait(timeout: .now() + OpenRecorders.stallLimit) == .timedOut {
      let now = progress.load(ordering: .relaxed)
      guard now != seen else { return }
      seen = now
    }
    done.signal()
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
        // Counted per job: one batch can hold a whole queue, longer to write than the
        // stall limit.
        defer { progress.add(1, ordering: .relaxed) }
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
          case .effect(let event, let time, let dropped):
            guard chain.failure == nil else { continue }
            try chain.pipeline.writeGap(dropped)
            try chain.pipeline.writeEffect(event, time: time)
          case .barrier(let dropped, let reason, let done):
            barriers.append(done)
            if chain.failure == nil {
              do {
                try chain.pipeline.writeGap(dropped)
                if reason == nil { try chain.pipeline.sink.flush() }
              } catch {
                chain.failure = error
              }
            }
            if let reason, !chain.isClosed {
              closed = true
              try core.close(&chain, by: reason)
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
    if closed { OpenRecorders.remove(self) }
    for _ in 0..<slots { space.signal() }
    for done in barriers { done.signal() }
    return closed
  }
}
