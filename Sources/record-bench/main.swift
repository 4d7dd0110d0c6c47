// Measures what recording costs: `swift run -c release record-bench [entries]`.
// Results and their interpretation: Sources/TimeTravel/Documentation.docc/RecordingCosts.md.
import Foundation
import TimeTravel
import TimeTravelJSON
import TodoReducer

let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let temporary = FileManager.default.temporaryDirectory
  .appendingPathComponent("record-bench-\(getpid())")
try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: temporary) }
let dispatches = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ samples: [UInt64]) -> Double {
  let sorted = samples.sorted()
  return Double(sorted[sorted.count / 2]) / 1000
}

func percentile(_ samples: [UInt64], _ p: Double) -> Double {
  let sorted = samples.sorted()
  return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1000
}

func fileSize(_ url: URL) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int) ?? 0
}

func format(_ value: Double, _ digits: Int = 2) -> String {
  String(format: "%.\(digits)f", value)
}

/// A 100-item to-do state, built by the reducer.
func hundredTodos() -> TodoState {
  var state = TodoState()
  for i in 1...100 {
    TodoReducer().reduce(
      into: &state, action: .addTodo(id: "todo-\(i)", title: "Buy item number \(i) at the shop"))
  }
  return state
}

let initial = hundredTodos()
let actions = (0..<dispatches).map { TodoAction.toggleTodo(id: "todo-\($0 % 100 + 1)") }

// 1. Caller cost per dispatch. The store keeps every state (its history has no limit),
// so a long run measures the heap growing as much as dispatch. The dispatches are
// therefore timed in rounds of 2,000 on fresh stores, alternating which configuration
// goes first, and the samples of all rounds pooled.
@MainActor
func timeDispatches(_ store: Store<TodoReducer>, _ actions: ArraySlice<TodoAction>) -> [UInt64] {
  var samples: [UInt64] = []
  samples.reserveCapacity(actions.count)
  for action in actions {
    let start = now()
    store.send(action)
    samples.append(now() - start)
  }
  return samples
}

func url(_ name: String) -> URL { temporary.appendingPathComponent(name) }

let roundSize = min(dispatches, 2000)
let rounds = max(1, dispatches / roundSize)
var plain: [UInt64] = []
var asyncSamples: [UInt64] = []
var drainSeconds = 0.0
var roundDifferences: [Double] = []
for round in 0..<rounds {
  let slice = actions[(round * roundSize)..<((round + 1) * roundSize)]
  func plainRound() -> [UInt64] {
    MainActor.assumeIsolated {
      timeDispatches(Store(initialState: initial, reducer: TodoReducer()), slice)
    }
  }
  func asyncRound() throws -> [UInt64] {
    try MainActor.assumeIsolated {
      let recorder = try LogRecorder(
        url: url("async-\(round).jsonl"), app: "Bench", stateType: "TodoState",
        actionType: "TodoAction",
        durability: .asynchronous(queueLimit: roundSize + 1, whenFull: .block))
      let store = Store(initialState: initial, reducer: TodoReducer(), recorder: recorder)
      let samples = timeDispatches(store, slice)
      let start = now()
      try recorder.close()
      precondition(store.recordingError == nil)
      drainSeconds += Double(now() - start) / 1e9
      try? FileManager.default.removeItem(at: url("async-\(round).jsonl"))
      return samples
    }
  }
  let p: [UInt64]
  let a: [UInt64]
  if round % 2 == 0 {
    p = plainRound()
    a = try asyncRound()
  } else {
    a = try asyncRound()
    p = plainRound()
  }
  plain += p
  asyncSamples += a
  roundDifferences.append(median(a) - median(p))
}
let syncCount = min(dispatches, 2000)
let syncSamples = try MainActor.assumeIsolated {
  let recorder = try LogRecorder(
    url: url("sync.jsonl"), app: "Bench", stateType: "TodoState", actionType: "TodoAction")
  let store = Store(initialState: initial, reducer: TodoReducer(), recorder: recorder)
  var samples: [UInt64] = []
  for action in actions.prefix(syncCount) {
    let start = now()
    store.send(action)
    samples.append(now() - start)
  }
  try recorder.close()
  return samples
}
print(
  "## Caller cost per dispatch (100-item state, \(rounds) rounds of \(roundSize) dispatches on fresh stores, µs)"
)
print("| store | median | p90 | p99 |")
print("|---|---|---|---|")
for (name, samples) in [
  ("no recorder", plain), ("asynchronous recorder", asyncSamples),
  ("synchronous recorder (\(syncCount) dispatches)", syncSamples),
] {
  print(
    "| \(name) | \(format(median(samples))) | \(format(percentile(samples, 0.9))) | \(format(percentile(samples, 0.99))) |"
  )
}
print(
  "extra median cost of the asynchronous recorder: \(format(median(asyncSamples) - median(plain))) µs pooled; per round: \(roundDifferences.map { format($0) }.joined(separator: ", ")) µs; draining the queues at close took \(format(drainSeconds)) s in all"
)

// 2. Writer throughput: the same transitions encoded by JSONEncoder (prior and next, as a
// naive recorder would) and written by LogRecorder (each state encoded once).
let triples: [(TodoAction, TodoState, TodoState)] = {
  var state = initial
  return actions.prefix(2000).map { action in
    let prior = state
    TodoReducer().reduce(into: &state, action: action)
    return (action, prior, state)
  }
}()
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var baselineBytes = 0
let baselineStart = now()
for (action, prior, next) in triples {
  baselineBytes += try encoder.encode(action).count
  baselineBytes += try encoder.encode(prior).count
  baselineBytes += try encoder.encode(next).count
}
let baselineSeconds = Double(now() - baselineStart) / 1e9

func writerRun(_ name: String, _ encoding: LogRecorder.EntryEncoding) throws -> (Double, Int) {
  let target = url(name)
  let recorder = try LogRecorder(
    url: target, app: "Bench", stateType: "TodoState", actionType: "TodoAction",
    encoding: encoding)
  let start = now()
  for (action, prior, next) in triples {
    try recorder.record(action: RecordedAction.action(action), prior: prior, next: next)
  }
  try recorder.close()
  return (Double(now() - start) / 1e9, fileSize(target))
}
let (fullSeconds, fullBytes) = try writerRun("full.jsonl", .full)
let (compactSeconds, compactBytes) = try writerRun("compact.jsonl", .compact(keyframeInterval: 50))
print("\n## Writer throughput (\(triples.count) transitions of the 100-item state)")
print("| writer | entries/s | MB/s (bytes produced) | µs per entry |")
print("|---|---|---|---|")
for (name, seconds, bytes) in [
  ("JSONEncoder: action, prior and next per entry", baselineSeconds, baselineBytes),
  ("LogRecorder full (each state encoded once, written)", fullSeconds, fullBytes),
  ("LogRecorder compact, keyframe every 50 (written)", compactSeconds, compactBytes),
] {
  let n = Double(triples.count)
  print(
    "| \(name) | \(format(n / seconds, 0)) | \(format(Double(bytes) / seconds / 1e6, 1)) | \(format(seconds / n * 1e6, 1)) |"
  )
}
print("full writer vs JSONEncoder: \(format(baselineSeconds / fullSeconds))× the entries/s")

// 2b. The encoders alone on the 100-item state (what the writer spends most time on).
func timeEncoding(_ encode: (TodoState) throws -> Data) rethrows -> (Double, Int) {
  var bytes = 0
  for (_, _, next) in triples.prefix(200) { bytes += try encode(next).count }  // warm-up
  bytes = 0
  let start = now()
  for (_, _, next) in triples { bytes += try encode(next).count }
  return (Double(now() - start) / 1e9, bytes)
}
let bytesEncoder = JSONBytesEncoder()
let (foundationSeconds, foundationBytes) = try timeEncoding { try encoder.encode($0) }
let (bytesSeconds, bytesBytes) = try timeEncoding { try bytesEncoder.encode($0) }
precondition(foundationBytes == bytesBytes && bytesEncoder.fallbackCount == 0)
print(
  "\n## Encoding one 100-item state (\(triples.count) states, ~\(foundationBytes / triples.count) bytes each)"
)
print("| encoder | states/s | MB/s | µs per state |")
print("|---|---|---|---|")
for (name, seconds) in [
  ("JSONEncoder [.sortedKeys, .withoutEscapingSlashes]", foundationSeconds),
  ("JSONBytesEncoder (same bytes)", bytesSeconds),
] {
  let n = Double(triples.count)
  print(
    "| \(name) | \(format(n / seconds, 0)) | \(format(Double(foundationBytes) / seconds / 1e6, 1)) | \(format(seconds / n * 1e6, 1)) |"
  )
}
print("JSONBytesEncoder vs JSONEncoder: \(format(foundationSeconds / bytesSeconds))× the states/s")

// 3. Bytes per entry.
@MainActor
func recordFixture(_ target: URL, _ encoding: LogRecorder.EntryEncoding) throws -> (Int, Int) {
  let source = try LogFile(
    path: repository.appendingPathComponent("Fixtures/todo-session.jsonl").path)
  let recorder = try LogRecorder(
    url: target, app: "TodoApp", stateType: "TodoState", actionType: "TodoAction",
    encoding: encoding)
  for position in source.positions {
    let entry = try source.entry(position)
    let prior = try JSONValueCoding.decode(TodoState.self, from: entry.prior)
    let next = try JSONValueCoding.decode(TodoState.self, from: entry.next)
    let action: RecordedAction<TodoAction>
    switch TimeTravelMove(action: entry.action) {
    case let move? where move.kind == .undo: action = .undo(from: move.from, to: move.to)
    case let move? where move.kind == .redo: action = .redo(from: move.from, to: move.to)
    case let move?: action = .jump(from: move.from, to: move.to)
    case nil: action = .action(try JSONValueCoding.decode(TodoAction.self, from: entry.action))
    }
    try recorder.record(action: action, prior: prior, next: next)
  }
  try recorder.close()
  return (fileSize(target), source.entryCount)
}
print("\n## Bytes per entry")
print("| session | full | compact K=10 | compact K=50 | compact K=50 / full |")
print("|---|---|---|---|---|")
let (fixtureFull, fixtureCount) = try MainActor.assumeIsolated {
  try recordFixture(url("fixture-full.jsonl"), .full)
}
let (fixture10, _) = try MainActor.assumeIsolated {
  try recordFixture(url("fixture-10.jsonl"), .compact(keyframeInterval: 10))
}
let (fixture50, _) = try MainActor.assumeIsolated {
  try recordFixture(url("fixture-50.jsonl"), .compact(keyframeInterval: 50))
}
let (_, compact10Bytes) = try writerRun("compact10.jsonl", .compact(keyframeInterval: 10))
for (name, count, full, k10, k50) in [
  (
    "Fixtures/todo-session.jsonl (\(fixtureCount) entries, up to ~40 items)", fixtureCount,
    fixtureFull, fixture10, fixture50
  ),
  (
    "100-item toggles (\(triples.count) entries)", triples.count, fullBytes, compact10Bytes,
    compactBytes
  ),
] {
  let c = Double(count)
  print(
    "| \(name) | \(format(Double(full) / c, 0)) | \(format(Double(k10) / c, 0)) | \(format(Double(k50) / c, 0)) | \(format(Double(k50) / Double(full), 3)) |"
  )
}

// 4. Dispatch sites and effect records: the same asynchronous recording with
// `recordsSites` and `recordsEffects` off and on, in alternating rounds on fresh stores.
// The to-do reducer starts no effect, so a second workload starts one per user action
// (`Effect.send`, which also sends one): two entries and two effect records.
struct Echo: EffectReducer {
  typealias State = TodoState
  typealias Action = TodoAction

  func reduce(into state: inout TodoState, action: TodoAction) -> Effect<TodoAction> {
    switch action {
    case .toggleTodo(let id):
      TodoReducer().reduce(into: &state, action: action)
      return .send(
        .setFilter(state.todos.first { $0.id == id }?.isCompleted == true ? .completed : .all))
    default:
      TodoReducer().reduce(into: &state, action: action)
      return .none
    }
  }
}

@MainActor
func provenanceRound<R: Reducer>(
  _ reducer: R, _ actions: ArraySlice<TodoAction>, on: Bool, _ name: String
) throws -> (samples: [UInt64], bytes: Int, entries: Int)
where R.State == TodoState, R.Action == TodoAction {
  let target = url(name)
  let recorder = try LogRecorder(
    url: target, app: "Bench", stateType: "TodoState", actionType: "TodoAction",
    durability: .asynchronous(queueLimit: actions.count * 2 + 1, whenFull: .block),
    recordsSites: on, recordsEffects: on)
  let store = Store(initialState: initial, reducer: reducer, recorder: recorder)
  var samples: [UInt64] = []
  samples.reserveCapacity(actions.count)
  for action in actions {
    let start = now()
    // A site as an app's view has one; this call's own would be
    // `record-bench/main.swift` in `provenanceRound(_:_:on:_:)`, 19 bytes longer.
    store.send(action, fileID: "TodoApp/TodoListView.swift", line: 42, function: "body")
    samples.append(now() - start)
  }
  try recorder.close()
  precondition(store.recordingError == nil)
  let bytes = fileSize(target)
  try? FileManager.default.removeItem(at: target)
  return (samples, bytes, store.states.count - 1)
}

print(
  "\n## Dispatch sites and effect records (asynchronous recorder, \(rounds) rounds of \(roundSize))"
)
print(
  "A site costs 41 bytes plus its file's and function's names and the line's digits; here `TodoApp/TodoListView.swift`, line 42, `body`: 73 bytes."
)
print("| workload | provenance | median µs | p90 µs | bytes per entry |")
print("|---|---|---|---|---|")
for (workload, run) in [
  (
    "to-do toggles, no effects",
    { (slice: ArraySlice<TodoAction>, on: Bool, name: String) in
      try MainActor.assumeIsolated { try provenanceRound(TodoReducer(), slice, on: on, name) }
    }
  ),
  (
    "toggles that each send one action (Effect.send)",
    { slice, on, name in
      try MainActor.assumeIsolated { try provenanceRound(Echo(), slice, on: on, name) }
    }
  ),
] as [(String, (ArraySlice<TodoAction>, Bool, String) throws -> ([UInt64], Int, Int))] {
  var off: [UInt64] = []
  var onSamples: [UInt64] = []
  var offBytes = 0
  var onBytes = 0
  var offEntries = 0
  var onEntries = 0
  var differences: [Double] = []
  for round in 0..<rounds {
    let slice = actions[(round * roundSize)..<((round + 1) * roundSize)]
    let order = round % 2 == 0 ? [false, true] : [true, false]
    var medians: [Bool: Double] = [:]
    for on in order {
      let (samples, bytes, entries) = try run(slice, on, "provenance-\(on).jsonl")
      medians[on] = median(samples)
      if on {
        onSamples += samples
        onBytes += bytes
        onEntries += entries
      } else {
        off += samples
        offBytes += bytes
        offEntries += entries
      }
    }
    differences.append(medians[true]! - medians[false]!)
  }
  for (label, samples, bytes, entries) in [
    ("off (as before)", off, offBytes, offEntries),
    ("sites and effect records", onSamples, onBytes, onEntries),
  ] {
    print(
      "| \(workload) | \(label) | \(format(median(samples))) | \(format(percentile(samples, 0.9))) | \(format(Double(bytes) / Double(entries), 1)) |"
    )
  }
  print(
    "\(workload): median +\(format(median(onSamples) - median(off))) µs pooled (per round: \(differences.map { format($0) }.joined(separator: ", ")) µs); +\(format(Double(onBytes) / Double(onEntries) - Double(offBytes) / Double(offEntries), 1)) bytes per entry"
  )
}

// 4a. The same two configurations interleaved: both stores and both recorders alive at
// once, each action dispatched to one then the other (the order swapped at every action),
// so both see the same machine at the same moments. Rounds on fresh stores cannot do that:
// whether the writer thread shares the caller's core changes from round to round, and
// moves a round's median by ±10 µs on a 2-core machine.
@MainActor
func interleavedProvenance<R: Reducer>(_ reducer: R) throws -> (off: [UInt64], on: [UInt64])
where R.State == TodoState, R.Action == TodoAction {
  var stores: [Bool: Store<R>] = [:]
  var recorders: [LogRecorder] = []
  for on in [false, true] {
    let recorder = try LogRecorder(
      url: url("interleaved-\(on).jsonl"), app: "Bench", stateType: "TodoState",
      actionType: "TodoAction",
      durability: .asynchronous(queueLimit: actions.count * 2 + 1, whenFull: .block),
      recordsSites: on, recordsEffects: on)
    recorders.append(recorder)
    stores[on] = Store(initialState: initial, reducer: reducer, recorder: recorder)
  }
  var samples: [Bool: [UInt64]] = [false: [], true: []]
  for (index, action) in actions.enumerated() {
    for on in index % 2 == 0 ? [false, true] : [true, false] {
      let start = now()
      stores[on]!.send(action, fileID: "TodoApp/TodoListView.swift", line: 42, function: "body")
      samples[on]!.append(now() - start)
    }
  }
  for recorder in recorders { try recorder.close() }
  for on in [false, true] {
    try? FileManager.default.removeItem(at: url("interleaved-\(on).jsonl"))
  }
  return (samples[false]!, samples[true]!)
}
for (workload, interleaved) in [
  ("to-do toggles", try MainActor.assumeIsolated { try interleavedProvenance(TodoReducer()) }),
  (
    "toggles that each send one action",
    try MainActor.assumeIsolated { try interleavedProvenance(Echo()) }
  ),
] {
  print(
    "\(workload), interleaved (\(dispatches) dispatches to each store, alternating): median \(format(median(interleaved.off))) µs off, \(format(median(interleaved.on))) µs on: +\(format(median(interleaved.on) - median(interleaved.off))) µs; p90 \(format(percentile(interleaved.off, 0.9))) and \(format(percentile(interleaved.on, 0.9))) µs"
  )
}

// 4b. The dispatch path itself, no recorder: `send(action)`, which captures its site, vs a
// reference to `send` as a function `(TodoAction) -> Void`, which calls the overload
// without a site (the path as it was before sites).
var withSite: [UInt64] = []
var withoutSite: [UInt64] = []
var pathDifferences: [Double] = []
for round in 0..<rounds {
  let slice = actions[(round * roundSize)..<((round + 1) * roundSize)]
  var medians: [Bool: Double] = [:]
  for sited in round % 2 == 0 ? [false, true] : [true, false] {
    let samples = MainActor.assumeIsolated {
      let store = Store(initialState: initial, reducer: TodoReducer())
      let unsited: (TodoAction) -> Void = store.send
      var samples: [UInt64] = []
      samples.reserveCapacity(slice.count)
      for action in slice {
        let start = now()
        if sited { store.send(action) } else { unsited(action) }
        samples.append(now() - start)
      }
      return samples
    }
    medians[sited] = median(samples)
    if sited { withSite += samples } else { withoutSite += samples }
  }
  pathDifferences.append(medians[true]! - medians[false]!)
}
print(
  "no recorder: median \(format(median(withoutSite))) µs without a site, \(format(median(withSite))) µs with one: +\(format(median(withSite) - median(withoutSite))) µs pooled (per round: \(pathDifferences.map { format($0) }.joined(separator: ", ")) µs)"
)

// 5. Live streaming (Streaming.swift).
try MainActor.assumeIsolated { try measureStreaming(initial, actions) }
