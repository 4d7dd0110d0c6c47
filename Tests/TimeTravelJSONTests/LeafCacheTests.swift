import Foundation
import TestSupport
import Testing

@testable import TimeTravelJSON

/// A parse shares a small container without a container inside (a leaf) whose bytes
/// repeat one it built before (`LeafCache`): the value is the same as if it were built
/// again, and only the storage is shared.
@Suite struct LeafCacheTests {
  static func parseEagerly(_ text: String) throws -> JSONValue {
    let bytes = Array(text.utf8)
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try JSONParser.parse(eagerly: buffer) }
    }
    return try result.get()
  }

  static func parseLazily(_ text: String) throws -> JSONValue {
    try JSONParser.parse(bytes: Array(text.utf8))
  }

  static func identity(_ value: JSONValue?) -> ObjectIdentifier? {
    value?.containerStorage.map(ObjectIdentifier.init)
  }

  static let todo = #"{"id":"todo-00001","title":"milk pull clean trip","isCompleted":false}"#
  static let toggled = #"{"id":"todo-00001","title":"milk pull clean trip","isCompleted":true}"#

  @Test func aRepeatedLeafIsSharedInOneParse() throws {
    let value = try Self.parseEagerly(
      #"{"prior":{"todos":[\#(Self.todo)]},"next":{"todos":[\#(Self.todo),\#(Self.toggled)]}}"#)
    let prior = value["prior"]?["todos"]?[0]
    let next = value["next"]?["todos"]?[0]
    #expect(Self.identity(prior) != nil)
    #expect(Self.identity(prior) == Self.identity(next))
    // Same first 32 bytes, other bytes after them: built, not shared.
    let other = value["next"]?["todos"]?[1]
    #expect(Self.identity(other) != Self.identity(prior))
    #expect(other?["isCompleted"] == .bool(true))
    #expect(prior?["isCompleted"] == .bool(false))
    #expect(
      JSONPrinter.compact.print(value)
        == #"{"prior":{"todos":[\#(Self.todo)]},"next":{"todos":[\#(Self.todo),\#(Self.toggled)]}}"#
    )
  }

  @Test func arraysOfScalarsAreLeavesToo() throws {
    let tags = #"["alpha","beta","gamma","delta","epsilon"]"#
    let value = try Self.parseEagerly("[\(tags),{\"tags\":\(tags)}]")
    #expect(Self.identity(value[0]) == Self.identity(value[1]?["tags"]))
    #expect(value[0] == .array(["alpha", "beta", "gamma", "delta", "epsilon"]))
  }

  @Test func containersWithAContainerInsideAreNotShared() throws {
    let outer = #"{"id":"todo-00001","tags":["a","b"],"title":"milk pull clean trip"}"#
    let value = try Self.parseEagerly("[\(outer),\(outer)]")
    #expect(Self.identity(value[0]) != Self.identity(value[1]))
    // Their leaves are.
    #expect(Self.identity(value[0]?["tags"]) != nil)
    #expect(value[0] == value[1])
  }

  @Test func shortAndLongContainersAreBuiltEachTime() throws {
    let short = #"{"a":1,"b":2}"#  // under 32 bytes
    let long = "[" + Array(repeating: "\"0123456789\"", count: 400).joined(separator: ",") + "]"
    let value = try Self.parseEagerly("[\(short),\(short),\(long),\(long)]")
    #expect(Self.identity(value[0]) != Self.identity(value[1]))
    #expect(Self.identity(value[2]) != Self.identity(value[3]))
    #expect(value[0] == value[1] && value[2] == value[3])
  }

  /// A repeat whose bytes run to the end of the input, and one that the input cuts
  /// short: the cut one is the eager parse's error, not a shared container.
  @Test func aRepeatCutByTheEndOfTheInputIsAnError() throws {
    let whole = "[\(Self.todo),\(Self.todo)]"
    #expect(try Self.parseEagerly(whole)[1] == (try Self.parseEagerly(Self.todo)))
    let cut = "[\(Self.todo),\(Self.todo.dropLast(3))"
    #expect {
      _ = try Self.parseEagerly(cut)
    } throws: { error in
      (error as? JSONParseError)?.description
        == "line 1, column 140: unexpected end of input in 'false'"
    }
  }

  /// Changing one copy of a shared leaf leaves the other as it was (copy-on-write).
  @Test func changingOneCopyLeavesTheOther() throws {
    var value = try Self.parseEagerly("[\(Self.todo),\(Self.todo)]")
    guard case .array(var array) = value, case .object(var first) = array[0] else {
      Issue.record("not an array of objects")
      return
    }
    first["isCompleted"] = .bool(true)
    array[0] = .object(first)
    value = .array(array)
    #expect(value[0]?["isCompleted"] == .bool(true))
    #expect(value[1]?["isCompleted"] == .bool(false))
    #expect(value[1] == (try Self.parseEagerly(Self.todo)))
  }

  /// A lazily parsed line shares the to-dos of its two states once both are built.
  @Test func aLazyDocumentSharesLeavesAcrossItsContainers() throws {
    let todos = (1...20).map { i in
      #"{"id":"todo-\#(String(format: "%05d", i))","title":"a title of some length","isCompleted":false}"#
    }
    let prior = "[" + todos.joined(separator: ",") + "]"
    let next = "[" + todos.dropFirst().joined(separator: ",") + "]"
    let value = try Self.parseLazily(#"{"prior":{"todos":\#(prior)},"next":{"todos":\#(next)}}"#)
    let priorTodos = value["prior"]?["todos"]
    let nextTodos = value["next"]?["todos"]
    #expect(priorTodos?.arrayValue?.count == 20 && nextTodos?.arrayValue?.count == 19)
    for i in 0..<19 {
      #expect(Self.identity(priorTodos?[i + 1]) == Self.identity(nextTodos?[i]))
    }
    #expect(
      value == (try Self.parseEagerly(#"{"prior":{"todos":\#(prior)},"next":{"todos":\#(next)}}"#)))
  }

  /// Leaves with the same first 32 bytes and different lengths, over and over: each is
  /// the value its own bytes give (checked against the parse of each alone).
  @Test func collidingPrefixesGiveEachItsOwnValue() throws {
    let prefix = #"{"id":"todo-00001","title":"milk pull"#
    let variants = [
      prefix + #""}"#, prefix + #" clean"}"#, prefix + #"","done":true}"#,
      prefix + #"","done":false}"#,
    ]
    var rng = SeededGenerator(seed: 24)
    let picks = (0..<200).map { _ in variants[Int.random(in: 0..<variants.count, using: &rng)] }
    let value = try Self.parseEagerly("[" + picks.joined(separator: ",") + "]")
    for (i, text) in picks.enumerated() {
      #expect(value[i] == (try Self.parseEagerly(text)), "element \(i): \(text)")
    }
  }

  /// Random documents, each twice in one array and once inside another container: the
  /// same printed value with sharing and without.
  @Test func randomDocumentsAreTheSameSharedOrNot() throws {
    var rng = SeededGenerator(seed: 6)
    for _ in 0..<300 {
      let document = JSONLazyParseTests.randomDocument(&rng)
      let bytes = Array("[\(document),{\"k\":\(document)},\(document)]".utf8)
      let (shared, unshared) = try bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer)
        var without = JSONParser(bytes: buffer)
        without.sharesLeaves = false
        return (try parser.parseNext(), try without.parseNext())
      }
      #expect(JSONPrinter.compact.print(shared) == JSONPrinter.compact.print(unshared))
      #expect(shared == unshared)
    }
  }
  /// More leaves than the first table holds: it grows and keeps the leaves it held, so
  /// the repeats of the first ones are still shared.
  @Test func leavesKeptBeforeTheTableGrowsAreStillShared() throws {
    let todos = (1...1000).map { i in
      #"{"id":"todo-\#(String(format: "%05d", i))","title":"a title of some length"}"#
    }
    let text = "[" + (todos + todos).joined(separator: ",") + "]"
    #expect(LeafCache.initialSlots(forBytes: text.utf8.count) == 1024)
    let value = try Self.parseEagerly(text)
    let shared = (0..<256).filter { Self.identity(value[$0]) == Self.identity(value[1000 + $0]) }
    #expect(shared.count >= 200, "\(shared.count) of the first 256 shared")
    #expect(value == (try Self.parseLazily(text)))
  }

  /// The first leaf waits beside the table, which the second makes: a parse that builds
  /// one leaf (an entry's action) sets up no table, and both leaves are found again.
  @Test func theSecondLeafMakesTheTable() throws {
    let other = #"{"id":"todo-00002","title":"a second title of some length"}"#
    // The leaves lie 16,000 bytes into a 19,000-byte buffer, as an action or a state
    // lies in a line: the table follows the 3,000 bytes from the first leaf on.
    let text = String(repeating: " ", count: 16_000) + Self.todo + other + Self.todo + other
    let padded = text + String(repeating: " ", count: 19_000 - text.utf8.count)
    let bytes = Array(padded.utf8)
    let todoStart = 16_000
    let otherStart = todoStart + Self.todo.utf8.count
    let todoValue = try Self.parseEagerly(Self.todo)
    let otherValue = try Self.parseEagerly(other)
    bytes.withUnsafeBufferPointer { buffer in
      var cache = LeafCache(enabled: true)
      #expect(cache.find(in: buffer, at: todoStart) == nil)
      cache.keep(todoValue, depth: 1, from: buffer, todoStart..<otherStart)
      #expect(cache.tableSlots == 0)
      let repeatStart = otherStart + other.utf8.count
      #expect(cache.find(in: buffer, at: repeatStart)?.0 == todoValue)
      #expect(cache.find(in: buffer, at: repeatStart)?.1 == Self.todo.utf8.count)
      #expect(cache.find(in: buffer, at: otherStart) == nil)
      cache.keep(otherValue, depth: 1, from: buffer, otherStart..<repeatStart)
      #expect(cache.tableSlots == LeafCache.initialSlots(forBytes: 3_000))
      #expect(cache.tableSlots == 128)
      #expect(cache.find(in: buffer, at: repeatStart)?.0 == todoValue)
      #expect(cache.find(in: buffer, at: repeatStart + Self.todo.utf8.count)?.0 == otherValue)
    }
  }

  @Test func theFirstTableFollowsTheInputSize() {
    #expect(LeafCache.initialSlots(forBytes: 0) == 64)
    #expect(LeafCache.initialSlots(forBytes: 3000) == 128)
    #expect(LeafCache.initialSlots(forBytes: 19_000) == 1024)
    #expect(LeafCache.initialSlots(forBytes: 1 << 30) == 1024)
  }
}
