import Foundation

/// One output stream of a ``SpawnedProcess``: a thread of its own reads the pipe as the
/// child writes it, and the test takes lines from what was read.
///
/// The async waits look at what the thread collected and sleep with `Task.sleep` between
/// looks, so a waiting test holds no thread of the cooperative pool. A look that comes
/// late (the pool busy with other tests) still sees everything written before it: only
/// the patience, counted from the start of a wait, can end it without the line.
public final class PipedOutput: @unchecked Sendable {
  private let condition = NSCondition()
  private var bytes: [UInt8] = []
  private var ended = false

  /// What a wait read before its patience ran out.
  public struct Timeout: Error, CustomStringConvertible {
    /// The lines taken before it gave up.
    public var read: [String]
    /// What was read, for the test's failure.
    public var description: String { "no expected output within the patience; read: \(read)" }

    /// A timeout after `read`.
    public init(read: [String]) { self.read = read }
  }

  init(reading fd: Int32) {
    OffPool.start("reader \(fd)", small: true) { [self] in
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        condition.withLock {
          if count > 0 { bytes += chunk[..<count] } else { ended = true }
          condition.broadcast()
        }
        if count <= 0 { break }
      }
      close(fd)
    }
  }

  /// What was read and not yet taken by a wait, as text (a line may be cut at its end).
  public var text: String { condition.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// Whether the child closed the stream (it ended, or closed it), everything read.
  public var hasEnded: Bool { condition.withLock { ended } }

  /// The lines from now until one satisfies `done` (included), taken from the stream.
  /// - Throws: ``Timeout`` (with the lines taken) when the stream ends, or `patience`
  ///   passes, first.
  public func lines(until done: (String) -> Bool, patience: Duration) async throws -> [String] {
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    var read: [String] = []
    var pause = Duration.milliseconds(1)
    while true {
      let (line, hasEnded) = condition.withLock { () -> (String?, Bool) in
        guard let newline = bytes.firstIndex(of: 0x0A) else { return (nil, ended) }
        let line = String(decoding: bytes[..<newline], as: UTF8.self)
        bytes.removeSubrange(...newline)
        return (line, ended)
      }
      if let line {
        read.append(line)
        if done(line) { return read }
        continue
      }
      guard !hasEnded, clock.now < deadline else { throw Timeout(read: read) }
      try await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(20))
    }
  }

  /// Every line until the stream ends, a last one without `\n` included.
  /// - Throws: ``Timeout`` when it has not ended within `patience`.
  public func remainingLines(patience: Duration) async throws -> [String] {
    var read: [String]
    do {
      read = try await lines(until: { _ in false }, patience: patience)
    } catch let timeout as Timeout where hasEnded {
      read = timeout.read
    }
    let rest = condition.withLock {
      defer { bytes = [] }
      return bytes
    }
    if !rest.isEmpty { read.append(String(decoding: rest, as: UTF8.self)) }
    return read
  }

  /// Everything not yet taken, once the stream has ended, waiting on the calling thread:
  /// for threads of their own only.
  public func remainingBytesBlocking() -> [UInt8] {
    condition.withLock {
      while !ended { condition.wait() }
      defer { bytes = [] }
      return bytes
    }
  }
}

/// A value set once (by a thread of its own, say), awaited by any number of waiters.
public final class Latch<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var stored: Value?

  /// An unset latch.
  public init() {}

  /// The value, once set.
  public var value: Value? { condition.withLock { stored } }

  /// Sets the value (the first time only) and wakes every waiter.
  public func set(_ value: Value) {
    condition.withLock {
      if stored == nil { stored = value }
      condition.broadcast()
    }
  }

  /// The value, polling with `Task.sleep` (no thread of the pool held meanwhile).
  public func wait() async -> Value {
    var pause = Duration.milliseconds(1)
    while true {
      if let value { return value }
      try? await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(20))
    }
  }

  /// The value, waiting on the calling thread.
  public func waitBlocking() -> Value {
    condition.withLock {
      while stored == nil { condition.wait() }
      return stored!
    }
  }
}

/// Work that blocks (runs a program to its end, drives tmux step by step) run on a thread
/// of its own, awaited by the test: the cooperative pool the tests share has as many
/// threads as cores, and a test blocking one of them holds up every other test.
public enum OffPool {
  /// The result of `body`, run on a new thread.
  public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      start("off-pool") { continuation.resume(with: Result { try body() }) }
    }
  }

  /// Runs `body` on a new thread, named `name`, and returns at once; `small` gives it a
  /// small stack (for a loop that reads, or waits for a child).
  public static func start(
    _ name: String, small: Bool = false, _ body: @escaping @Sendable () -> Void
  ) {
    let thread = Thread(block: body)
    thread.name = name
    if small { thread.stackSize = 256 << 10 }
    thread.start()
  }
}
