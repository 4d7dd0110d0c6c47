import Foundation
import TimeTravelJSON

/// A path from the input's root to a value: strings, numbers and slice
/// objects, as `path(f)` prints them. `nil` means "not tracking paths".
typealias Path = [JSONValue]

/// Receives one output of a generator, with its path when tracking paths.
typealias Emit = (JSONValue, Path?) throws -> Void

/// Stops a generator early (`first`, `limit`, `isempty`, `any`); only the
/// evaluation that raised it (same token) catches it.
struct StopSignal: Error {
  let token: Int
}

/// Evaluation nested deeper than the evaluator allows. Not a
/// ``JQRuntimeError``, so `try`, `?` and `//` cannot swallow it (which would
/// silently cut outputs short); ``JQFilter`` reports it as one.
struct NestingLimitError: Error, CustomStringConvertible {
  /// The nesting reached when evaluation stopped.
  let depth: Int

  /// The message users see, e.g. `the expression nests deeper than 100000 levels (…)`.
  var description: String {
    "the expression nests deeper than \(depth) evaluation levels (a recursive function such as"
      + " walk, recurse or tostream on a deeply nested value, or a def that calls itself for each output?)"
  }
}

/// `halt` and `halt_error`: the program stops. Not a ``JQRuntimeError``: `try` cannot
/// catch it (jq's `halt_error` is not catchable either).
struct HaltSignal: Error {
  /// The exit status jq would end with: 0 for `halt`, 5 or the argument for `halt_error`.
  let code: Int32
  /// What `halt_error` writes (its input); `nil` for `halt`.
  let value: JSONValue?
}

/// Wraps an error raised downstream of a `try` body, so the `try` lets it
/// through instead of catching it (jq catches only the body's own errors).
struct DownstreamError: Error {
  let token: Int
  let inner: any Error
}

/// Evaluates the AST in continuation-passing style: each output is handed to
/// `emit` as soon as it exists, which gives jq's backtracking order without
/// materialising intermediate streams. Path mode (for `path(f)`, `del`,
/// assignments) is the same walk with `path` non-nil.
final class Evaluator {
  private var nextToken = 0

  /// Where `input` reads and `debug` writes; `nil` means no inputs and no messages.
  var context: JQContext?
  /// The program's module search list (`get_search_list`, `modulemeta`).
  var modules: JQModuleSearch?

  /// The deepest nesting of ``eval(_:_:_:_:_:)`` calls allowed, whatever the
  /// stack. `walk` nests 16 calls per level of its input, `recurse(f)` 8,
  /// `tostream` 6 and `repeat` 5 per output. The CLI's 1 GB thread holds
  /// this many in either build (debug frames are about 6 KB a call, release
  /// about 0.7 KB), so there the limit is the same on every run.
  #if DEBUG
    static let maximumDepth = 100_000
  #else
    static let maximumDepth = 1_000_000
  #endif

  /// The number the next `label` evaluated gets, as jq numbers them in a run.
  var nextLabel = 0

  /// Current nesting of `eval` calls.
  private var depth = 0

  /// Steps (`eval` calls, and outputs of native builtins) left before evaluation stops
  /// with ``StepLimitError``; counted only when `isStepLimited`.
  var stepsLeft = Int.max
  var isStepLimited = false
  /// What host function calls run (see ``JQHost``).
  var host: JQHost?

  /// Below this address evaluation stops with ``NestingLimitError``: the
  /// check that protects threads with small stacks (test runners, apps).
  private let stackFloor = ThreadStack.floor()

  func freshToken() -> Int {
    nextToken += 1
    return nextToken
  }

  // `dynamic` keeps the optimizer from cloning this function for each
  // closure passed to it: its closure specializer does not terminate here
  // (Swift 6.3.1 release builds grew past 16 GB). The cost is one indirect
  // call per node.
  dynamic func eval(
    _ node: Node, _ input: JSONValue, _ path: Path?, _ env: Environment, _ emit: Emit
  ) throws {
    // Recursive functions (`walk`, `recurse`, `tostream`, `repeat`) nest one
    // `eval` per step; stop before the stack runs out.
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maximumDepth || ThreadStack.currentAddress() < stackFloor {
      throw NestingLimitError(depth: depth - 1)
    }
    stepsLeft -= 1
    if stepsLeft < 0 { throw StepLimitError() }
    switch node {
    case .identity:
      try emit(input, path)
    case .recurseAll:
      guard isStepLimited else { return try recurseAll(input, path, emit) }
      // Each output is a step, as a native generator's is (a value whose containers
      // share members has far more of them than it took steps to build), and a path
      // tracked for it one per key (`.. |= f` on a deep value builds a path per level).
      try recurseAll(input, path) { v, p in
        try self.charge(1 + (p?.count ?? 0))
        try emit(v, p)
      }
    case .literal(let value):
      try emitValue(value, path, emit)
    case .interpolated(let parts, let format):
      try interpolate(parts[...], format: format, input, env) { text in
        try self.chargeBuilt(.string(text))
        try self.emitValue(.string(text), path, emit)
      }
    case .format(let name, _):
      try chargeWalk(input)
      let text = JSONValue.string(try Formats.apply(name, to: input))
      try chargeBuilt(text)
      try emitValue(text, path, emit)
    case .index(let target, let key):
      try evalIndex(target, key, input, path, env, emit)
    case .slice(let target, let from, let to):
      try evalSlice(target, from, to, input, path, env, emit)
    case .iterate(let target):
      try eval(target, input, path, env) { container, containerPath in
        guard self.isStepLimited else { return try self.iterate(container, containerPath, emit) }
        // Each member is a step: a container can hold far more members than it took
        // steps to build (`[.[], .[]]` doubles one in two).
        try self.iterate(container, containerPath) { v, p in
          try self.charge(1 + (p?.count ?? 0))
          try emit(v, p)
        }
      }
    case .tryCatch(let body, let handler):
      try evalTry(body, handler, input, path, env, emit)
    case .array(let body):
      var items: [JSONValue] = []
      if let body { try eval(body, input, nil, env) { v, _ in items.append(v) } }
      let array = JSONValue.array(JSONArray(items))
      try chargeBuilt(array)
      try emitValue(array, path, emit)
    case .object(let entries):
      try buildObject(entries[...], JSONObject(), input, env) { object in
        try self.emitValue(.object(object), path, emit)
      }
    case .negate(let operand):
      try evalNegate(operand, input, path, env, emit)
    case .pipe(let lhs, let rhs):
      try eval(lhs, input, path, env) { v, p in try self.eval(rhs, v, p, env, emit) }
    case .comma(let items):
      for item in items { try eval(item, input, path, env, emit) }
    case .binary(let op, let lhs, let rhs):
      try evalBinary(op, lhs, rhs, input, path, env, emit)
    case .and(let lhs, let rhs):
      try evalLogic(lhs, rhs, shortCircuit: false, input, path, env, emit)
    case .or(let lhs, let rhs):
      try evalLogic(lhs, rhs, shortCircuit: true, input, path, env, emit)
    case .alternative(let lhs, let rhs):
      try evalAlternative(lhs, rhs, input, path, env, emit)
    case .assign(let op, let lhs, let rhs):
      try Assignment.evaluate(self, op, lhs, rhs, input, env) { v in
        try self.emitValue(v, path, emit)
      }
    case .ifThen(let condition, let then, let otherwise):
      try evalIf(condition, then, otherwise, input, path, env, emit)
    case .reduce(let source, let pattern, let initial, let update):
      try evalReduce(source, pattern, initial, update, input, path, env, emit)
    case .foreach(let source, let pattern, let initial, let update, let extract):
      try evalForeach(source, pattern, initial, update, extract, input, path, env, emit)
    case .bind(let source, let pattern, let body):
      try eval(source, input, nil, env) { value, _ in
        try self.destructure(pattern, value, input, env) { bound in
          try self.eval(body, input, path, bound, emit)
        }
      }
    case .functionDefinition(let definition, let rest):
      try eval(rest, input, path, Environment(parent: env, binding: .function(definition)), emit)
    case .call(let name, let arguments, let column):
      try evalCall(name, arguments, column, input, path, env, emit)
    case .builtin(let builtin, let arguments):
      guard isStepLimited else {
        try builtin.run(self, arguments, input, path, env, emit)
        return
      }
      // Native generators (`range`) emit without evaluating a node per output.
      try builtin.run(self, arguments, input, path, env) { v, p in
        try self.charge(1)
        try self.chargeBuilt(v)
        try emit(v, p)
      }
    case .library(let function, let arguments):
      try call(function.definition, function.home, arguments, input, path, env, emit)
    case .variable(let name, _):
      try emitValue(try variable(name, env), path, emit)
    case .label(let name, let body):
      try evalLabel(name, body, input, path, env, emit)
    case .breakLabel(let name, _):
      guard let id = env.label(name) else {
        throw JQRuntimeError(message: "$*label-\(name) is not defined")
      }
      throw JQRuntimeError(value: ["__jq": .number(JSONNumber(id))])
    }
  }

  // MARK: Helpers

  func requireValueMode(_ path: Path?, _ value: JSONValue) throws {
    if path != nil {
      throw JQRuntimeError(
        message: "Invalid path expression with result \(Describe.truncated(value))")
    }
  }

  /// Emits a value computed here, which has no path: an error in path mode.
  func emitValue(_ value: JSONValue, _ path: Path?, _ emit: Emit) throws {
    try requireValueMode(path, value)
    try emit(value, nil)
  }

  /// Runs `body`, handing its own errors to `handler`; errors raised by
  /// `emit` (downstream of the `try`) pass through untouched.
  func tryCatch(
    _ body: Node, _ input: JSONValue, _ path: Path?, _ env: Environment, _ emit: Emit,
    handler: (JQRuntimeError) throws -> Void
  ) throws {
    let token = freshToken()
    do {
      try eval(body, input, path, env) { v, p in
        do { try emit(v, p) } catch { throw DownstreamError(token: token, inner: error) }
      }
    } catch let e as DownstreamError where e.token == token {
      throw e.inner
    } catch let e as JQRuntimeError {
      try handler(e)
    }
  }

  /// All outputs of `node` on `input`, in value mode.
  func values(_ node: Node, _ input: JSONValue, _ env: Environment) throws -> [JSONValue] {
    var out: [JSONValue] = []
    try eval(node, input, nil, env) { v, _ in out.append(v) }
    return out
  }

  /// Outputs of an optional slice bound; a missing bound is `null`.
  func optionalValues(
    _ node: Node?, _ input: JSONValue, _ env: Environment, _ body: (JSONValue) throws -> Void
  ) throws {
    guard let node else { return try body(.null) }
    try eval(node, input, nil, env) { v, _ in try body(v) }
  }

  func iterate(_ container: JSONValue, _ path: Path?, _ emit: Emit) throws {
    switch container {
    case .array(let a):
      for (i, v) in a.enumerated() { try emit(v, path.map { $0 + [.number(JSONNumber(i))] }) }
    case .object(let o):
      for (k, v) in o { try emit(v, path.map { $0 + [.string(k)] }) }
    default:
      throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(container))")
    }
  }

  /// `..`: pre-order, with an explicit stack so input depth never recurses.
  func recurseAll(_ input: JSONValue, _ path: Path?, _ emit: Emit) throws {
    var stack: [(JSONValue, Path?)] = [(input, path)]
    while let (value, p) = stack.popLast() {
      try emit(value, p)
      switch value {
      case .array(let a):
        for (i, v) in a.enumerated().reversed() {
          stack.append((v, p.map { $0 + [.number(JSONNumber(i))] }))
        }
      case .object(let o):
        for (k, v) in zip(o.keys, o.values).reversed() {
          stack.append((v, p.map { $0 + [.string(k)] }))
        }
      default: break
      }
    }
  }

  // Later parts vary slowest, as in jq: "\(1,2) \(3,4)" gives "1 3", "2 3", …
  private func interpolate(
    _ parts: ArraySlice<InterpolationPart>, format: String?, _ input: JSONValue,
    _ env: Environment, _ body: (String) throws -> Void
  ) throws {
    guard let last = parts.last else { return try body("") }
    let rest = parts.dropLast()
    switch last {
    case .text(let s):
      try interpolate(rest, format: format, input, env) { prefix in try body(prefix + s) }
    case .expression(let node):
      try eval(node, input, nil, env) { v, _ in
        try self.chargeWalk(v)
        let text: String
        if let format {
          text = try Formats.apply(format, to: v)
        } else {
          text = Builtins.tostring(v)
        }
        try self.interpolate(rest, format: format, input, env) { prefix in try body(prefix + text) }
      }
    }
  }

  // Earlier entries vary slowest, as in jq.
  private func buildObject(
    _ entries: ArraySlice<ObjectEntry>, _ partial: JSONObject, _ input: JSONValue,
    _ env: Environment, _ body: (JSONObject) throws -> Void
  ) throws {
    guard let entry = entries.first else { return try body(partial) }
    try eval(entry.key, input, nil, env) { key, _ in
      guard case .string(let k) = key else {
        throw JQRuntimeError(message: "Cannot use \(Describe.value(key)) as object key")
      }
      try self.eval(entry.value, input, nil, env) { value, _ in
        var next = partial
        next[k] = value
        try self.buildObject(entries.dropFirst(), next, input, env, body)
      }
    }
  }

  /// Binds `pattern` to `value`; object patterns with generator keys bind
  /// once per combination.
  func destructure(
    _ pattern: Pattern, _ value: JSONValue, _ input: JSONValue, _ env: Environment,
    _ body: (Environment) throws -> Void
  ) throws {
    switch pattern {
    case .variable(let name):
      try body(env.with(variable: name, value))
    case .array(let items):
      if case .object = value {
        throw JQRuntimeError(message: Paths.indexMessage(value, 0))
      }
      try destructureItems(items[...], index: 0, value, input, env, body)
    case .object(let entries):
      try destructureEntries(entries[...], value, input, env, body)
    case .alternatives(let options):
      try destructureAlternatives(options, pattern.variableNames, value, input, env, body)
    }
  }

  /// `p1 ?// p2 ?// …`, as jq 1.8: every variable of every alternative is bound, `null`
  /// where the alternative tried does not bind it; an error while destructuring, in the
  /// body, or downstream of it (jq backtracks to the alternative) moves on to the next
  /// alternative, keeping the outputs already made; the last one's errors propagate.
  private func destructureAlternatives(
    _ options: [Pattern], _ names: [String], _ value: JSONValue, _ input: JSONValue,
    _ env: Environment, _ body: (Environment) throws -> Void
  ) throws {
    var base = env
    for name in names { base = base.with(variable: name, .null) }
    for option in options.dropLast() {
      do {
        return try destructure(option, value, input, base, body)
      } catch {
        var inner: any Error = error
        while let wrapped = inner as? DownstreamError { inner = wrapped.inner }
        guard inner is JQRuntimeError else { throw error }
      }
    }
    try destructure(options[options.count - 1], value, input, base, body)
  }

  private func destructureItems(
    _ items: ArraySlice<Pattern>, index: Int, _ value: JSONValue, _ input: JSONValue,
    _ env: Environment, _ body: (Environment) throws -> Void
  ) throws {
    guard let first = items.first else { return try body(env) }
    let element = try Paths.index(value, .number(JSONNumber(index)))
    try destructure(first, element, input, env) { bound in
      try self.destructureItems(items.dropFirst(), index: index + 1, value, input, bound, body)
    }
  }

  private func destructureEntries(
    _ entries: ArraySlice<ObjectPatternEntry>, _ value: JSONValue, _ input: JSONValue,
    _ env: Environment, _ body: (Environment) throws -> Void
  ) throws {
    guard let entry = entries.first else { return try body(env) }
    try eval(entry.key, input, nil, env) { key, _ in
      guard case .string = key else {
        throw JQRuntimeError(message: Paths.indexMessage(value, key))
      }
      let member = try Paths.index(value, key)
      var bound = env
      if let name = entry.binds { bound = bound.with(variable: name, member) }
      if let sub = entry.value {
        try self.destructure(sub, member, input, bound) { b in
          try self.destructureEntries(entries.dropFirst(), value, input, b, body)
        }
      } else {
        try self.destructureEntries(entries.dropFirst(), value, input, bound, body)
      }
    }
  }
}

/// How jq names values in error messages: `number (1)`, truncated dumps.
enum Describe {
  /// `type (dump)`, with long dumps cut as jq cuts them.
  static func value(_ v: JSONValue) -> String { "\(v.typeName) (\(truncated(v)))" }

  /// The longest dump jq 1.8 writes whole in a message, in UTF-8 bytes.
  static let dumpLimit = 29

  /// The compact dump as jq 1.8's `jv_dump_string_trunc` cuts it: whole up to 29 bytes;
  /// otherwise as many whole characters as fit in 29 bytes with `...` and, for a
  /// string, array or object, its closing `"`, `]` or `}` after them.
  ///
  /// Prints only a prefix of `v` (``printedPrefix(_:_:)``), so that describing a large
  /// value costs the length of the message, not of the value.
  static func truncated(_ v: JSONValue) -> String {
    var budget = dumpLimit + 1
    return cut(JSONPrinter.jq.print(printedPrefix(v, &budget)), of: v)
  }

  /// `text`, the dump of `v` or of its ``printedPrefix(_:_:)``, cut as ``truncated(_:)``
  /// says.
  static func cut(_ text: String, of v: JSONValue) -> String {
    let bytes = Array(text.utf8)
    guard bytes.count > dumpLimit else { return text }
    let closing: String =
      switch v {
      case .string: "\""
      case .array: "]"
      case .object: "}"
      default: ""
      }
    var end = dumpLimit - 3 - closing.utf8.count
    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self) + "..." + closing
  }

  /// `v` cut after `budget` values in print order, with strings and keys cut after
  /// `budget` code points: each value and code point prints as at least one byte, so
  /// the cut value prints as the same first `budget` bytes as `v`, and as more than
  /// `budget - 1` bytes exactly when `v` does.
  static func printedPrefix(_ v: JSONValue, _ budget: inout Int) -> JSONValue {
    let limit = budget
    budget -= 1
    switch v {
    case .string(let s):
      guard s.utf8.count > limit else { return v }
      return .string(String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit))))
    case .array(let a):
      var kept = JSONArray()
      for member in a {
        guard budget > 0 else { break }
        kept.append(printedPrefix(member, &budget))
      }
      return .array(kept)
    case .object(let o):
      var kept = JSONObject()
      for (key, member) in zip(o.keys, o.values) {
        guard budget > 0 else { break }
        let cut =
          key.utf8.count > limit
          ? String(String.UnicodeScalarView(key.unicodeScalars.prefix(limit))) : key
        kept[cut] = printedPrefix(member, &budget)
      }
      return .object(kept)
    default: return v
    }
  }
}
