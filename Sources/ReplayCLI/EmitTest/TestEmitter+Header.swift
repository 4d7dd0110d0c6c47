import TerminalEditor
import TimeTravel

extension TestEmitter {
  /// The reducer's type as the test writes it, and the module to import: from
  /// `String(reflecting:)`, `TodoReducer.TodoReducer`, unless `--module` names one.
  var names: (type: String, module: String) {
    let full = String(reflecting: R.self)
    let dot = full.firstIndex(of: ".")
    let module = dot.map { String(full[..<$0]) } ?? full
    let type = dot.map { String(full[full.index(after: $0)...]) } ?? full
    return (type, emission.module ?? module)
  }

  /// `todo-session.jsonl, entries 1…117`; `todo-session.jsonl, minimal: entries 117, 236`.
  var displayName: String {
    if let minimized = emission.minimized {
      return
        "\(logName), minimal: entries \(minimized.kept.map(String.init).joined(separator: ", "))"
    }
    return "\(logName), entries \(firstSeq)…\(lastSeq)"
  }

  /// `todoSessionEntries1To117`: the log's name in camel case, then the range.
  var functionName: String {
    var words: [String] = []
    var word = ""
    for character in logStem {
      if character.isASCII, character.isLetter || character.isNumber {
        word.append(character)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    var name = words.enumerated().map { index, word in
      index == 0
        ? word.prefix(1).lowercased() + word.dropFirst()
        : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    if name.isEmpty || name.first!.isNumber {
      name = "replay" + name.prefix(1).uppercased() + name.dropFirst()
    }
    func number(_ seq: Int) -> String { seq < 0 ? "Minus\(-seq)" : String(seq) }
    let kind = emission.minimized == nil ? "Entries" : "MinimalEntries"
    return name + kind + "\(number(firstSeq))To\(number(lastSeq))"
  }

  private var firstSeq: Int {
    emission.log.numbering.number(atPosition: emission.positions.lowerBound)
  }
  private var lastSeq: Int {
    emission.log.numbering.number(atPosition: emission.positions.upperBound)
  }

  /// The log's file name, without its directories.
  private var logName: String {
    String(emission.log.path.split(separator: "/").last ?? "log")
  }

  /// The file name without its last extension.
  private var logStem: String {
    guard let dot = logName.lastIndex(of: "."), dot != logName.startIndex else { return logName }
    return String(logName[..<dot])
  }

  /// Everything before the first entry's step: comments, imports, the test's
  /// declaration and the store.
  func header(first: LogEntry, async: Bool) -> String {
    let (type, module) = names
    let command = SwiftSource.comment(emission.command)
    return """
      // swift-format-ignore-file
      // Generated from \(SwiftSource.comment(logName)) by `\(command)`.
      \(purpose(type))
      \(effectsNote)
      import Foundation
      import Testing
      \(emission.minimized == nil ? "" : "import TimeTravel\nimport TimeTravelJQ\n")import TimeTravelTesting
      @testable import \(module)

      @Test(\(SwiftSource.literal(displayName)))
      @MainActor
      func \(functionName)()\(async ? " async" : "") throws {
        let store = try TestStore(
          initialState: decode(\(SwiftSource.rawJSONLiteral(first.prior))),
          reducer: \(type)()\(hasEffects && !emission.liveEffects ? ",\n    effects: .replayed" : ""))

      """
  }

  /// The comment under the first line: what the test replays and how to use it.
  private func purpose(_ type: String) -> String {
    let log = SwiftSource.comment(logName)
    guard let minimized = emission.minimized else {
      return """
        // Replays entries \(firstSeq)…\(lastSeq) of \(log) through \(type) with TestStore: each
        // closure is the change the log recorded. Edit one to what the reducer should do, and
        // the test fails at that entry, with the difference, until the reducer does it.
        """
    }
    let kept = minimized.kept.map(String.init).joined(separator: ", ")
    return """
      // Replays the \(minimized.kept.count) of \(minimized.from) entries of \(log) that replay --minimize kept (\(kept))
      // through \(type) with TestStore, each closure the change the reducer made, then checks
      // that the predicate does not hold: it fails while the reducer has the bug. Once it is
      // fixed, edit the closures to what the reducer now does.
      """
  }

  /// What the test does with effects, for a reducer that has them; with the line break
  /// that ends it.
  private var effectsNote: String {
    guard hasEffects else { return "" }
    return emission.liveEffects
      ? "// Effects run, as in the app: the reducer's dependencies are called, and the test\n// awaits what effects send and waits for them to finish.\n"
      : "// Effects do not run: the actions the log says they sent are delivered from it, in\n// order (receive(_:from:)), so no dependency is called; --live-effects runs them.\n"
  }

  /// The file's `decode`, after the test.
  var decodeHelper: String {
    """

    /// A recorded JSON value (an action or a state) decoded as the type the context needs.
    private func decode<T: Decodable>(_ json: String) throws -> T {
      try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    """
  }
}
