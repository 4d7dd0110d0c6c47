import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJQ
@testable import TimeTravelJSON

/// The lazy parse under attack: differential fuzzing against the eager parse with hostile
/// bytes, every operation on lazily built values, concurrent use of one value, deep
/// nesting, and containers at the size boundary.
@Suite struct JSONLazyParseStressTests {
  typealias L = JSONLazyParseTests

  static func lazyParse(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try JSONParser.parse(bytes: buffer) }
    }
  }
  static func eagerParse(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try JSONParser.parse(eagerly: buffer) }
    }
  }

  static func bigDocument(_ rng: inout SeededGenerator) -> String {
    var text = ""
    while text.utf8.count < 512 {
      text = "[" + (0..<4).map { _ in L.randomDocument(&rng) }.joined(separator: ",") + "]"
    }
    return text
  }

  static let hostileBytes: [[UInt8]] = [
    [0x00], [0x1F], [0x7F], [0x80], [0xC0, 0x80], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], Array("\\".utf8), Array("\\u".utf8),
    Array("\\uD800".utf8), Array("\"".utf8), Array(",".utf8), Array("]".utf8), Array("}".utf8),
    Array("[".utf8), Array("{".utf8), Array(":".utf8), Array("-".utf8), Array("0".utf8),
    Array("1e".utf8), Array(".".utf8), Array(" ".utf8), Array("\n".utf8), Array("tru".utf8),
    Array("nul".utf8), Array("fals".utf8), Array("\"\\uDC00\"".utf8), Array("\u{FEFF}".utf8),
  ]

  /// Mutated large documents: the lazy parse succeeds exactly when the eager one does,
  /// with the same value (read in full) or the same error.
  @Test func mutatedDocumentsAgreeWithTheEagerParse() {
    var rng = SeededGenerator(seed: 2024)
    var failures = 0
    var successes = 0
    for _ in 0..<800 {
      var bytes = Array(Self.bigDocument(&rng).utf8)
      for _ in 0..<(1 + rng.below(3)) {
        let at = rng.below(bytes.count + 1)
        switch rng.below(4) {
        case 0: if at < bytes.count { bytes.remove(at: at) }
        case 1:
          bytes.insert(contentsOf: Self.hostileBytes[rng.below(Self.hostileBytes.count)], at: at)
        case 2:
          if at < bytes.count {
            bytes.replaceSubrange(
              at..<(at + 1), with: Self.hostileBytes[rng.below(Self.hostileBytes.count)])
          }
        default: bytes.removeLast(min(bytes.count, rng.below(3)))
        }
      }
      let lazy = Self.lazyParse(bytes)
      let eager = Self.eagerParse(bytes)
      switch (lazy, eager) {
      case (.success(let l), .success(let e)):
        successes += 1
        #expect(JSONPrinter.compact.print(l) == JSONPrinter.compact.print(e))
      case (.failure(let l), .failure(let e)):
        failures += 1
        #expect(l == e)
      default:
        Issue.record("lazy \(lazy) eager \(eager): \(String(decoding: bytes, as: UTF8.self))")
      }
    }
    #expect(failures > 100 && successes > 100)
  }

  static let queries = [
    ".", "[paths]", "[..] | length", "[tostream]", "tojson", "[.[] | type]", "map(keys?) ",
    "[.. | numbers]", "walk(if type == \"object\" then del(.id) else . end)",
    "[paths(type == \"array\")] | length", "(.. | select(type == \"number\")) |= 1", "sort",
    "unique", "[.[] | tostring]", "del(.[0])", ".[1:]", "to_entries? // 1", "flatten",
    "[paths(scalars)] | length", "[.. | objects | keys]", "min", "max", "add?",
    "[.[] | length]", "group_by(type)",
  ]

  /// Equality, hashing, order, printing, diff, patch and jq on lazily parsed values are
  /// those of the eager values, whatever was read before.
  @Test func everyOperationSeesTheEagerValue() throws {
    var rng = SeededGenerator(seed: 99)
    var docs: [String] = []
    for _ in 0..<20 { docs.append(Self.bigDocument(&rng)) }
    for i in docs.indices {
      let j = (i + 1) % docs.count
      let ea = try L.parseEagerly(docs[i])
      let eb = try L.parseEagerly(docs[j])
      for round in 0..<3 {
        // Round 0: nothing read first; 1: all read in random order; 2: a random path.
        let la = try L.parse(docs[i])
        let lb = try L.parse(docs[j])
        if round == 1 {
          L.readAll(la, &rng)
          L.readAll(lb, &rng)
        } else if round == 2 {
          _ = la[rng.below(4)]?[0]
        }
        #expect(la == ea)
        #expect(la.hashValue == ea.hashValue)
        #expect(JSONValue.compare(la, lb) == JSONValue.compare(ea, eb))
        #expect(JSONValue.compare(la, ea) == 0)
        #expect((la == lb) == (ea == eb))
        #expect(JSONPrinter.pretty.print(la) == JSONPrinter.pretty.print(ea))
        #expect(
          JSONPrinter(indent: 1, sortKeys: true).print(la)
            == JSONPrinter(indent: 1, sortKeys: true).print(ea))
        let lazyChanges = JSONDiff.changes(from: try L.parse(docs[i]), to: try L.parse(docs[j]))
        #expect(lazyChanges == JSONDiff.changes(from: ea, to: eb))
        let patch = JSONDiff.patch(from: ea, to: eb)
        #expect(try patch.apply(to: try L.parse(docs[i])) == eb)
        let reversePatch = JSONDiff.patch(from: lb, to: la)
        #expect(try reversePatch.apply(to: eb) == ea)
        for q in Self.queries {
          let filter = try JQFilter(q)
          let l = Result {
            try filter.evaluate(try L.parse(docs[i])).map(JSONPrinter.compact.print)
          }
          let e = Result { try filter.evaluate(ea).map(JSONPrinter.compact.print) }
          switch (l, e) {
          case (.success(let x), .success(let y)): #expect(x == y, "\(q)")
          case (.failure(let x), .failure(let y)): #expect("\(x)" == "\(y)", "\(q)")
          default: Issue.record("\(q): \(l) vs \(e)")
          }
        }
      }
    }
  }

  /// Many threads use one lazily parsed value at once, in every way, while others
  /// change copies of it.
  @Test func concurrentUseOfOneLazyValue() throws {
    var rng = SeededGenerator(seed: 5)
    for round in 0..<10 {
      let text = Self.bigDocument(&rng) + String(repeating: " ", count: round % 3)
      let eager = try L.parseEagerly(text)
      let expected = JSONPrinter.compact.print(eager)
      let expectedHash = eager.hashValue
      let shared = try L.parse(text)
      let other = try L.parse(text)
      let mismatches = Mutex(0)
      DispatchQueue.concurrentPerform(iterations: 16) { thread in
        var rng = SeededGenerator(seed: UInt64(thread * 1000 + round))
        for _ in 0..<12 {
          var ok = true
          switch rng.below(9) {
          case 0: ok = JSONPrinter.compact.print(shared) == expected
          case 1: ok = shared.hashValue == expectedHash
          case 2: ok = shared == eager && shared == other
          case 3:
            ok = JSONValue.compare(shared, other) == 0 && JSONValue.compare(eager, shared) == 0
          case 4: ok = JSONDiff.changes(from: shared, to: other).isEmpty
          case 5:
            var copy = shared
            if case .array(var a) = copy {
              a.append(.string("t\(thread)"))
              if a.count > 1 { a[0] = .null }
              a.remove(at: 1)
              copy = .array(a)
            }
            ok = copy != shared && JSONPrinter.compact.print(shared) == expected
          case 6:
            L.readAll(shared, &rng)
          case 7:
            // Change a nested copy in place: copy-on-write along a path.
            if case .array(var a) = shared, !a.isEmpty, case .object(var o) = a[0] {
              o["new"] = .number(JSONNumber(thread))
              o["id"] = nil
              a[0] = .object(o)
              ok = JSONValue.array(a) != shared || o == (shared[0]?.objectValue ?? [:])
            }
          default:
            let filter = try! JQFilter("[paths] | length")
            ok = (try? filter.evaluate(shared)) == (try? filter.evaluate(eager))
          }
          if !ok { mismatches.withLock { $0 += 1 } }
        }
      }
      #expect(mismatches.withLock { $0 } == 0)
      #expect(JSONPrinter.compact.print(shared) == expected)
    }
  }

  /// Threads that each hold part of a document, build it and drop it in random order.
  @Test func concurrentBuildAndRelease() throws {
    let filler = String(repeating: "x", count: 520)
    let inner = (0..<30).map { "{\"k\($0)\":[\"\(filler)\",{\"d\":[\"\(filler)\"]}]}" }
    let text = "[" + inner.joined(separator: ",") + "]"
    let expected = JSONPrinter.compact.print(try L.parseEagerly(text))
    for _ in 0..<15 {
      let parts = Mutex<[JSONValue]>([])
      do {
        let value = try L.parse(text)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
          let child = value[t * 3]!
          parts.withLock { $0.append(child) }
          _ = JSONPrinter.compact.print(child)
        }
      }
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let piece = parts.withLock { $0.popLast() }
        _ = piece.map { JSONPrinter.compact.print($0) }
      }
      #expect(JSONPrinter.compact.print(try L.parse(text)) == expected)
    }
  }

  static func deepText(_ depth: Int, object: Bool) -> String {
    object
      ? String(repeating: #"{"a":["#, count: depth) + "1" + String(repeating: "]}", count: depth)
      : String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
  }

  @Test func veryDeepLazyValuesAreComparedPrintedHashedAndReleased() throws {
    for object in [false, true] {
      let depth = 50_000
      let text = Self.deepText(depth, object: object)
      let eager = try L.parseEagerly(text)
      // Released unread.
      _ = try L.parse(text)
      // Compared, hashed, printed, diffed.
      var lazy: JSONValue? = try L.parse(text)
      #expect(lazy! == eager)
      #expect(lazy!.hashValue == eager.hashValue)
      #expect(JSONValue.compare(lazy!, eager) == 0)
      #expect(JSONPrinter.compact.print(lazy!) == text)
      let changed = try L.parse(text.replacingOccurrences(of: "1", with: "2"))
      #expect(JSONDiff.changes(from: lazy!, to: changed).count == 1)
      lazy = nil
      // Read to the middle, drop the root, then the middle.
      var root: JSONValue? = try L.parse(text)
      var cursor = root!
      for _ in 0..<(depth / 2) {
        cursor = object ? cursor["a"]![0]! : cursor[0]!
      }
      root = nil
      #expect(JSONValue.compare(cursor, cursor) == 0)
      _ = cursor
    }
  }

  /// A container nested just at the threshold, with keys and escapes at its edges.
  @Test func boundaryContainers() throws {
    for size in 505...520 {
      for wrap in ["[X]", "{\"k\\u0041\":X}", "[ X ]", "[\n X\n]", "{\"é\" : X , \"é\":X}"] {
        let payload = String(repeating: "é", count: 10)
        var inner = "{\"a\\\"b\":\"\(payload)\",\"c\":-0,\"d\":1e400,\"e\":\"\"}"
        while inner.utf8.count < size {
          inner = "[" + inner + "]"
          if inner.utf8.count < size {
            inner =
              String(inner.dropLast()) + ",\""
              + String(repeating: "z", count: max(0, size - inner.utf8.count - 3)) + "\"]"
          }
        }
        let text = wrap.replacingOccurrences(of: "X", with: inner)
        let eager = try L.parseEagerly(text)
        let lazy = try L.parse(text)
        #expect(JSONPrinter.compact.print(lazy) == JSONPrinter.compact.print(eager))
        #expect(lazy == eager)
      }
    }
  }

  /// Deep documents that are valid up to their last byte, or broken deep inside: the
  /// eager parse's error, and no stack overflow releasing what was built.
  @Test func deepDocumentsBrokenAtTheEnd() throws {
    for object in [false, true] {
      let text = Self.deepText(50_000, object: object)
      for broken in [
        String(text.dropLast()), String(text.dropLast(2)) + "x]", text + ",",
        text.replacingOccurrences(of: "1", with: "01"),
      ] {
        let bytes = Array(broken.utf8)
        let lazy = Self.lazyParse(bytes)
        let eager = Self.eagerParse(bytes)
        guard case .failure(let l) = lazy, case .failure(let e) = eager else {
          Issue.record("expected errors")
          continue
        }
        #expect(l == e)
      }
    }
  }

  /// Many large sibling containers: each read, compared and released.
  @Test func manyLargeContainers() throws {
    let element = "[\"" + String(repeating: "m", count: 520) + "\",{\"k\":[1,2,3]}]"
    let text = "[" + Array(repeating: element, count: 5_000).joined(separator: ",") + "]"
    let lazy = try L.parse(text)
    let eager = try L.parseEagerly(text)
    #expect(lazy.arrayValue?.count == 5_000)
    #expect(lazy == eager)
    #expect(JSONPrinter.compact.print(lazy) == text)
  }
}
