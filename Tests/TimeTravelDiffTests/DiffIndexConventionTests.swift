import TestSupport
import Testing

@testable import TimeTravelDiff
@testable import TimeTravelJSON

/// One index convention for every line of a rendered diff: an element is named by its
/// index in the old array where a line shows it as it was (a removal, a move's source),
/// by its index in the new array everywhere else. The RFC 6902 patch keeps its own
/// indexes, which count earlier operations.
@Suite struct DiffIndexConventionTests {
  static func line(_ id: String) -> JSONValue { ["id": .string(id)] }

  /// `x` removed, `a` moved after `b` and `c`: the patch moves `/lines/0` (where `a` is
  /// once `x` is gone), the rendering says `a` came from `/lines/1`, where the old state
  /// has it, as the removal of `x` says `/lines/0`.
  @Test func aMoveIsShownFromItsOldIndex() throws {
    let old: JSONValue = [
      "lines": .array([Self.line("x"), Self.line("a"), Self.line("b"), Self.line("c")])
    ]
    let new: JSONValue = ["lines": .array([Self.line("b"), Self.line("c"), Self.line("a")])]
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(
      DiffTextRenderer().renderLines(changes) == [
        #"- /lines/0: {"id":"x"}"#, "↷ /lines/1 → /lines/2",
      ])
    #expect(
      DiffTextRenderer().renderStructural(old: old, new: new, changes: changes) == """
          {
            "lines": [
        -     [0]: {"id":"x"}  // /lines/0
              … (2 unchanged)
        ↷     [2]: {"id":"a"}  // moved /lines/1 → /lines/2
            ]
          }
        """)
    let patch = JSONDiff.patch(from: old, to: new)
    #expect(
      JSONPrinter.compact.print(patch.jsonValue)
        == #"[{"op":"remove","path":"/lines/0"},{"op":"move","from":"/lines/0","path":"/lines/2"}]"#
    )
    #expect(try patch.apply(to: old) == new)
  }

  /// On random reorderings, deletions and insertions of elements with ids, nested in a
  /// moved element too: every removal names its value's old index, every addition and
  /// move target its new index, every move source the old index of the same element;
  /// and the patch still gives the new value.
  @Test(arguments: 0..<200)
  func everyLineUsesTheConvention(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    func ids(_ prefix: String, _ count: Int) -> [String] { (0..<count).map { "\(prefix)\($0)" } }
    var old = ids("e", random.below(9))
    var new = old.filter { _ in random.below(4) != 0 }
    new.shuffle(using: &random)
    for n in 0..<random.below(3) { new.insert("n\(n)", at: random.below(new.count + 1)) }
    if old.isEmpty { old = ["e0"] }
    func array(_ list: [String], tagged: Bool) -> JSONValue {
      .array(
        JSONArray(
          list.map { id in
            // e0's tags lose `tx` and `t2` moves first: a nested move whose patch source
            // (after the removal) differs from its old index.
            let names =
              id != "e0"
              ? ["t0", "t1", "t2"] : tagged ? ["t2", "t0", "t1"] : ["tx", "t0", "t1", "t2"]
            let tags: [JSONValue] = names.map { ["id": .string($0)] }
            return ["id": .string(id), "tags": .array(JSONArray(tags))]
          }))
    }
    let before = array(old, tagged: false)
    let after = array(new, tagged: true)
    let changes = JSONDiff.changes(from: before, to: after)
    for change in changes {
      let shown = change.shownPath
      switch change.op {
      case .remove:
        #expect(
          Self.value(at: shown, old: before, new: after, side: .old) == change.old, "\(change)")
      case .add, .replace:
        #expect(shown.resolve(in: after) == change.new, "\(change)")
      case .move:
        let source = try #require(change.shownSource)
        let sourceID = Self.value(at: source, old: before, new: after, side: .old)?["id"]
        #expect(sourceID != nil && sourceID == shown.resolve(in: after)?["id"], "\(change)")
        let line = DiffTextRenderer().renderLines([change])[0]
        #expect(line == "↷ \(source.displayText) → \(shown.displayText)")
      }
    }
    #expect(try JSONDiff.patch(from: before, to: after).apply(to: before) == after)
  }
}

extension DiffIndexConventionTests {
  enum Side { case old, new }

  /// The value a rendered path names: its containers are named as in `new`, its last
  /// token in the document of `side`. Array elements are followed from `new` to `old`
  /// by their `id`.
  static func value(at pointer: JSONPointer, old: JSONValue, new: JSONValue, side: Side)
    -> JSONValue?
  {
    var (o, n) = (old, new)
    for token in pointer.tokens.dropLast() {
      guard let next = JSONPointer(tokens: [token]).resolve(in: n) else { return nil }
      if let elements = o.arrayValue {
        guard let match = elements.first(where: { $0["id"] == next["id"] }) else { return nil }
        o = match
      } else {
        guard let member = JSONPointer(tokens: [token]).resolve(in: o) else { return nil }
        o = member
      }
      n = next
    }
    guard let last = pointer.tokens.last else { return side == .old ? o : n }
    return JSONPointer(tokens: [last]).resolve(in: side == .old ? o : n)
  }
}
