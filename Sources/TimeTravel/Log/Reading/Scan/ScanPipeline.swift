import Dispatch
import Synchronization

/// The parallel half of ``LogFile/scan(_:threads:read:consume:)``: workers read chunks
/// in any order into a ring of slots; the calling thread takes the slots in chunk order.
///
/// A semaphore holds as many permits as there are slots: a worker takes one before it
/// claims a chunk and the consumer gives it back once it has taken that chunk's results,
/// so chunk k never lands in its slot (k mod slots) before chunk k − slots has left it,
/// and at most `slots` chunks are read ahead of the consumer.
final class ScanPipeline<Value: Sendable>: @unchecked Sendable {
  // Unchecked: each slot's results are written by one worker before it signals the slot
  // and read by the consumer after it waits on it; the semaphores order the two.

  private final class Slot: @unchecked Sendable {
    var results: [Result<Value, any Error>] = []
    let ready = DispatchSemaphore(value: 0)
  }

  private let chunks: [ScanChunk]
  private let threads: Int
  /// Reads chunk k: the results of its entries in order, up to and including the first
  /// error; it stops early when its argument says the scan has stopped.
  private let read: @Sendable (Int, ScanBuffer, @Sendable () -> Bool) -> [Result<Value, any Error>]
  private let slots: [Slot]
  private let permits: DispatchSemaphore
  private let nextChunk = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)

  init(
    chunks: [ScanChunk], threads: Int,
    read: @escaping @Sendable (Int, ScanBuffer, @Sendable () -> Bool) -> [Result<Value, any Error>]
  ) {
    self.chunks = chunks
    self.threads = threads
    self.read = read
    let count = min(chunks.count, 4 * threads)
    slots = (0..<count).map { _ in Slot() }
    // Made with none and given its permits: libdispatch traps when a semaphore is freed
    // with fewer permits than it was made with, as a stopped scan leaves it.
    permits = DispatchSemaphore(value: 0)
    for _ in 0..<count { permits.signal() }
  }

  /// Starts the workers, consumes every chunk in order, and returns (or throws) once
  /// every worker has ended.
  func run(consume: (Int, Value) throws -> Bool) throws {
    var workers: [ScanWorker] = []
    for _ in 0..<threads {
      guard let worker = ScanWorker.start({ self.work() }) else { break }
      workers.append(worker)
    }
    defer {
      stop()
      for worker in workers { worker.join() }
    }
    // Without any thread (a process at its limit), the calling thread does the work.
    if workers.isEmpty { return try consumeAlone(consume) }
    for k in chunks.indices {
      let slot = slots[k % slots.count]
      slot.ready.wait()
      let results = slot.results
      slot.results = []
      permits.signal()
      for (offset, result) in results.enumerated() {
        if try !consume(chunks[k].positions.lowerBound + offset, result.get()) { return }
      }
    }
  }

  private func consumeAlone(_ consume: (Int, Value) throws -> Bool) throws {
    for k in chunks.indices {
      let results = readChunk(k)
      for (offset, result) in results.enumerated() {
        if try !consume(chunks[k].positions.lowerBound + offset, result.get()) { return }
      }
    }
  }

  /// Tells the workers to stop, and wakes those waiting for a slot.
  private func stop() {
    stopped.store(true, ordering: .releasing)
    for _ in 0..<threads { permits.signal() }
  }

  /// A worker: claims chunks until none is left or the scan stops.
  private func work() {
    while true {
      permits.wait()
      let k = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
      guard k < chunks.count, !stopped.load(ordering: .acquiring) else {
        // Passed on, so every other waiting worker wakes too.
        permits.signal()
        return
      }
      let slot = slots[k % slots.count]
      slot.results = readChunk(k)
      slot.ready.signal()
    }
  }

  private let buffers = Mutex<[ScanBuffer]>([])

  /// The results of chunk `k`, read with a buffer of the pool.
  private func readChunk(_ k: Int) -> [Result<Value, any Error>] {
    let buffer = takeBuffer()
    defer { giveBack(buffer) }
    return read(k, buffer) { self.stopped.load(ordering: .relaxed) }
  }

  private func takeBuffer() -> ScanBuffer {
    buffers.withLock { $0.popLast() } ?? ScanBuffer()
  }

  private func giveBack(_ buffer: ScanBuffer) {
    buffers.withLock { $0.append(buffer) }
  }
}
