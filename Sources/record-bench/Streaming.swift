// Live streaming: what a streaming recorder costs the app, and what one session
// sustains, end to end through a listener on loopback.
import Foundation
import ReplayLive
import TimeTravel
import TodoReducer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Processor time this process has used, in seconds.
func processorSeconds() -> Double {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Reads the listener's events until a saved line starts with `prefix`.
func waitForLine(_ listener: LiveListener, startingWith prefix: [UInt8]) {
  while let event = listener.next(timeout: 30) {
    if case .line(_, let bytes, _) = event, bytes.starts(with: prefix) { return }
  }
  fatalError(
    "the listener never saved a line starting with \(String(decoding: prefix, as: UTF8.self))")
}

func temporaryListener() throws -> (LiveListener, URL) {
  let directory = temporary.appendingPathComponent("sessions-\(UUID().uuidString)")
  return (try LiveListener(LiveConfiguration(directory: directory)), directory)
}

/// Caller cost per dispatch: no recorder, the asynchronous file recorder, and a streaming
/// recorder connected to a listener and with none, in rounds of 2,000 dispatches on
/// fresh stores, the order rotating from round to round.
@MainActor
func streamingDispatchCost(_ initial: TodoState, _ actions: [TodoAction]) throws -> [(
  String, [UInt64]
)] {
  var samples: [[UInt64]] = [[], [], [], []]
  let rounds = max(1, actions.count / 2000)
  for round in 0..<rounds {
    let slice = actions[(round * 2000)..<min(actions.count, (round + 1) * 2000)]
    let durability = LogRecorder.Durability.asynchronous(
      queueLimit: slice.count + 1, whenFull: .block)
    for step in 0..<4 {
      let configuration = (round + step) % 4
      switch configuration {
      case 0:
        samples[0] += timeDispatches(Store(initialState: initial, reducer: TodoReducer()), slice)
      case 1:
        let file = temporary.appendingPathComponent("stream-file-\(round).jsonl")
        let recorder = try LogRecorder(
          url: file, app: "Bench", stateType: "TodoState", actionType: "TodoAction",
          durability: durability)
        samples[1] += timeDispatches(
          Store(initialState: initial, reducer: TodoReducer(), recorder: recorder), slice)
        try recorder.close()
        try? FileManager.default.removeItem(at: file)
      case 2:
        let (listener, directory) = try temporaryListener()
        let recorder = try LogRecorder(
          streamingTo: listener.address.description, app: "Bench", stateType: "TodoState",
          actionType: "TodoAction", durability: durability, bufferLimit: 1 << 30)
        while recorder.streamStatus != .connected { usleep(1000) }
        samples[2] += timeDispatches(
          Store(initialState: initial, reducer: TodoReducer(), recorder: recorder), slice)
        try recorder.close()
        listener.stop()
        try? FileManager.default.removeItem(at: directory)
      default:
        let (nobody, port) = try LiveSocket.listen(on: LiveAddress(host: "127.0.0.1", port: 0))
        LiveSocket.close(nobody)
        let recorder = try LogRecorder(
          streamingTo: "127.0.0.1:\(port)", app: "Bench", stateType: "TodoState",
          actionType: "TodoAction", durability: durability)
        samples[3] += timeDispatches(
          Store(initialState: initial, reducer: TodoReducer(), recorder: recorder), slice)
        try recorder.close()
      }
    }
  }
  return [
    ("no recorder", samples[0]), ("asynchronous file recorder", samples[1]),
    ("streaming recorder, listener connected (same process)", samples[2]),
    ("streaming recorder, no listener (buffering)", samples[3]),
  ]
}

/// Entries per second from `record` to the listener's saved line, for one session.
func sustainedRate<State: Encodable & Sendable, Action: Encodable & Sendable>(
  _ transitions: [(Action, State, State)]
) throws -> Double {
  let (listener, directory) = try temporaryListener()
  defer {
    listener.stop()
    try? FileManager.default.removeItem(at: directory)
  }
  let recorder = try LogRecorder(
    streamingTo: listener.address.description, app: "Bench", stateType: "S", actionType: "A",
    durability: .asynchronous(queueLimit: transitions.count + 1, whenFull: .block),
    bufferLimit: 1 << 30)
  while recorder.streamStatus != .connected { usleep(1000) }
  let start = now()
  for (action, prior, next) in transitions {
    try recorder.record(action: RecordedAction.action(action), prior: prior, next: next)
  }
  waitForLine(listener, startingWith: Array(#"{"seq":\#(transitions.count),"#.utf8))
  let seconds = Double(now() - start) / 1e9
  try recorder.close()
  return Double(transitions.count) / seconds
}

/// Microseconds from `dispatch` to the listener reporting the saved line, one at a time.
@MainActor
func dispatchToShown<R: Reducer>(_ store: Store<R>, _ actions: [R.Action], _ listener: LiveListener)
  -> [UInt64]
{
  var samples: [UInt64] = []
  let base = store.currentIndex
  for (i, action) in actions.enumerated() {
    let start = now()
    store.dispatch(action)
    waitForLine(listener, startingWith: Array(#"{"seq":\#(base + i + 1),"#.utf8))
    samples.append(now() - start)
  }
  return samples
}

@MainActor
func latency<R: Reducer>(_ reducer: R, _ initial: R.State, _ actions: [R.Action]) throws -> [UInt64]
where R.State: Codable & Sendable, R.Action: Codable & Sendable {
  let (listener, directory) = try temporaryListener()
  defer {
    listener.stop()
    try? FileManager.default.removeItem(at: directory)
  }
  let recorder = try LogRecorder(
    streamingTo: listener.address.description, app: "Bench", stateType: "S", actionType: "A")
  while recorder.streamStatus != .connected { usleep(1000) }
  let samples = dispatchToShown(
    Store(initialState: initial, reducer: reducer, recorder: recorder), actions, listener)
  try recorder.close()
  return samples
}

/// Processor time over `seconds` of a listener with one connected, quiet app.
func idleCPU(seconds: Double) throws -> Double {
  let (listener, directory) = try temporaryListener()
  defer {
    listener.stop()
    try? FileManager.default.removeItem(at: directory)
  }
  let recorder = try LogRecorder(
    streamingTo: listener.address.description, app: "Bench", stateType: "S", actionType: "A")
  while recorder.streamStatus != .connected { usleep(1000) }
  while listener.next(timeout: 0.2) != nil {}
  let before = processorSeconds()
  usleep(UInt32(seconds * 1e6))
  let used = processorSeconds() - before
  try recorder.close()
  return used
}

struct Tick: Codable, Sendable { var count = 0 }
enum TickAction: Codable, Sendable { case tick }

@MainActor
func measureStreaming(_ initial: TodoState, _ actions: [TodoAction]) throws {
  print("\n## Live streaming (loopback, listener in the same process)")
  let costs = try streamingDispatchCost(initial, actions)
  print("Caller cost per dispatch, 100-item state (µs; extra: median over no recorder's):")
  print("| store | median | p90 | p99 | extra |")
  print("|---|---|---|---|---|")
  for (name, samples) in costs {
    print(
      "| \(name) | \(format(median(samples))) | \(format(percentile(samples, 0.9))) | \(format(percentile(samples, 0.99))) | \(format(median(samples) - median(costs[0].1))) |"
    )
  }
  var state = initial
  let todos: [(TodoAction, TodoState, TodoState)] = actions.prefix(4000).map { action in
    let prior = state
    TodoReducer().reduce(into: &state, action: action)
    return (action, prior, state)
  }
  let ticks = (0..<50_000).map { (TickAction.tick, Tick(count: $0), Tick(count: $0 + 1)) }
  print("\nEntries per second one session sustains, record → saved by the listener:")
  print("| state | entries/s |")
  print("|---|---|")
  print(
    "| 100-item to-do state (~\(fullBytes / max(1, triples.count) / 1000) KB per entry) | \(format(try sustainedRate(todos), 0)) |"
  )
  print("| a counter (~80 bytes per entry) | \(format(try sustainedRate(ticks), 0)) |")
  let tickReducer = Reduce<Tick, TickAction> { state, _ in state.count += 1 }
  let small = try latency(tickReducer, Tick(), Array(repeating: .tick, count: 2000))
  let large = try latency(TodoReducer(), initial, Array(actions.prefix(2000)))
  print("\nDispatch to the line reported by the listener, one at a time (µs):")
  print("| state | median | p90 | p99 |")
  print("|---|---|---|---|")
  for (name, samples) in [("a counter", small), ("100-item to-do state", large)] {
    print(
      "| \(name) | \(format(median(samples))) | \(format(percentile(samples, 0.9))) | \(format(percentile(samples, 0.99))) |"
    )
  }
  let idle = try idleCPU(seconds: 5)
  print(
    "\nProcessor time of a listener with one quiet app connected, over 5 s: \(format(idle * 1000, 1)) ms"
  )
}
