import Foundation

/// The events a ``LiveListener``'s thread reports, waiting for whoever reads them.
///
/// Bounded: when `limit` events wait, further ``LiveEvent/line(_:bytes:line:)`` events
/// are counted instead of kept, and reported as one ``LiveEvent/notShown(_:count:)`` per
/// session before the next event, so a slow reader (a terminal) never slows saving nor
/// makes memory grow. Other events are always kept.
final class EventQueue: @unchecked Sendable {
  // @unchecked: every member is read and written under `condition`.
  private let condition = NSCondition()
  private var events: [LiveEvent] = []
  private var head = 0
  private var notShown: [(LiveSession, Int)] = []
  private var isFinished = false
  let limit: Int

  init(limit: Int = 100_000) {
    self.limit = limit
  }

  /// Adds an event; a line event only while there is room.
  func push(_ event: LiveEvent) {
    condition.lock()
    defer { condition.unlock() }
    if case .line(let session, _, _) = event, events.count - head >= limit {
      if let index = notShown.firstIndex(where: { $0.0 == session }) {
        notShown[index].1 += 1
      } else {
        notShown.append((session, 1))
      }
      return
    }
    for (session, count) in notShown { events.append(.notShown(session, count: count)) }
    notShown = []
    events.append(event)
    condition.signal()
  }

  /// No event comes after those queued: readers get them, then `nil`.
  func finish() {
    condition.lock()
    for (session, count) in notShown { events.append(.notShown(session, count: count)) }
    notShown = []
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next event, waiting up to `timeout` seconds (forever when `nil`); `nil` when
  /// none came in time, or the queue is finished and empty.
  func next(timeout: Double?) -> LiveEvent? {
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    condition.lock()
    defer { condition.unlock() }
    while head == events.count {
      if isFinished { return nil }
      if let deadline {
        if !condition.wait(until: deadline), head == events.count { return nil }
      } else {
        condition.wait()
      }
    }
    let event = events[head]
    head += 1
    if head > 1024, head * 2 > events.count {
      events.removeFirst(head)
      head = 0
    }
    return event
  }
}
