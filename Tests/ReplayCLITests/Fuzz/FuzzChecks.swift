import Foundation
// The checks behind the libFuzzer targets in Fuzz/ (see docs/fuzzing.md). This file is
// compiled twice: into the test target, which runs the checks on the saved findings
// under Fuzz/findings/, and by Fuzz/run.sh into a fuzzer, beside Fuzz/Entry.swift. It
// uses the library's public API only, and these imports are the only ones it needs.
import TimeTravel
import TimeTravelJQ

/// One check per fuzz target: each takes the fuzzer's bytes and returns `nil` when the
/// product behaved, or a description of what went wrong (a disagreement between two
/// readings of the same input, a broken round trip, an error at an impossible place).
/// Crashes, hangs and runaway allocations are found by the fuzzer itself.
enum FuzzChecks {
  /// The checks by target name, as `Fuzz/run.sh TARGET` and `Fuzz/findings/TARGET/`
  /// name them.
  static let targets: [String: @Sendable ([UInt8]) -> String?] = [
    "json": json, "log": log, "patch": patch, "pointer": pointer, "jq": jq,
  ]

  /// The most evaluation steps one jq input may take (about 50 ms in the fuzzing
  /// build); programs that need more, such as `repeat(.)` or `range(1e12)`, stop with
  /// the step-limit error, which is not a finding.
  static let jqStepLimit = 200_000

  // MARK: - JSON

  /// The JSON parser against the validating scan, the streaming parser and the
  /// printer: a parse succeeds exactly when the scan accepts; the streaming parse
  /// gives the same value; print → parse gives the same value and prints the same
  /// text, with every printer.
  @Sendable static func json(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBufferPointer { buffer in
      let valid = JSONValidator.isValid(buffer)
      let parsed = Result { () throws(JSONParseError) in try JSONParser.parse(bytes: buffer) }
      var stream = JSONParser(bytes: buffer)
      let streamed = Result { () throws(JSONParseError) -> JSONValue? in
        let value = try stream.parseNext()
        // `.none`, not `nil`: JSONValue is ExpressibleByNilLiteral.
        return stream.isAtEnd ? .some(value) : .none
      }
      let end = JSONValidator.endOfValue(in: buffer, from: 0)
      switch parsed {
      case .failure(let error):
        if valid { return "the validator accepts but the parser fails: \(error)" }
        if case .success(let value?) = streamed {
          return "the parser fails (\(error)) but the streaming parser reads \(value)"
        }
        if error.line < 1 || error.column < 1 || error.offset < 0 || error.offset > bytes.count {
          return "the error is at an impossible place: \(error) at offset \(error.offset)"
        }
        do throws(JSONParseError) {
          try JSONValidator.validate(buffer)
          return "validate accepts what the parser rejects"
        } catch  where error != parsedError(parsed) {
          return "validate reports \(error), the parser \(parsedError(parsed)!)"
        } catch {}
        return nil
      case .success(let value):
        if !valid { return "the parser reads \(value) but the validator rejects" }
        guard let end, bytes[end...].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
          return "the value parses but endOfValue gives \(end.map(String.init) ?? "nil")"
        }
        guard case .success(let streamedValue?) = streamed else {
          return "the value parses but the streaming parser gives \(streamed)"
        }
        let text = JSONPrinter.compact.print(value)
        if JSONPrinter.compact.print(streamedValue) != text {
          return "the streaming parser reads \(streamedValue), the parser \(text)"
        }
        var unshared = JSONParser(bytes: buffer)
        unshared.sharesLeaves = false
        let built = try? unshared.parseNext()
        if let built, JSONPrinter.compact.print(built) != text {
          return "sharing repeated leaves changes the value: \(text), not \(built)"
        }
        for printer in [JSONPrinter.compact, .pretty, JSONPrinter(indent: 1, sortKeys: true)] {
          let printed = printer.print(value)
          // A shared container is printed once and copied after (`PrintedContainers`).
          if let built, printer.print(built) != printed {
            return "a shared container prints otherwise: \(printed), not \(printer.print(built))"
          }
          guard let again = try? JSONParser.parse(printed) else {
            return "the printed value does not parse: \(printed)"
          }
          if again != value { return "print → parse changed the value: \(text) → \(again)" }
          if printer.print(again) != printed {
            return "print → parse → print changed the text: \(printed) → \(printer.print(again))"
          }
        }
        return nil
      }
    }
  }

  private static func parsedError(_ result: Result<JSONValue, JSONParseError>) -> JSONParseError? {
    if case .failure(let error) = result { return error }
    return nil
  }

  // MARK: - Log

  /// The log reader on arbitrary bytes: it opens them or names the problem; every
  /// entry and state reads or fails with an error at a real line; the fast summary and
  /// the tree summary agree; no message or warning carries a raw control character.
  @Sendable static func log(_ bytes: [UInt8]) -> String? {
    let log: LogFile
    do {
      log = try LogFile(contents: bytes, name: "fuzz.jsonl")
    } catch {
      return checkLogError(error, lines: bytes.count)
    }
    let lineCount = bytes.lazy.filter { $0 == 0x0A }.count + 1
    for warning in log.warnings {
      if let raw = rawControl(warning.description) { return "warning \(raw)" }
    }
    var firstError: LogError?
    for position in log.positions {
      do {
        let entry = try log.entry(position)
        if entry.line < 1 || entry.line > lineCount {
          return "entry \(position) is on line \(entry.line) of \(lineCount)"
        }
        // An action-only log's states need a reducer (its entries have none to compare).
        if log.hasStates, try log.state(position) != entry.next {
          return "state \(position) is not entry \(position)'s next"
        }
      } catch {
        if let problem = checkLogError(error, lines: lineCount) { return problem }
        firstError = firstError ?? error
      }
    }
    if log.entryCount > 0 { _ = try? log.state(0) }
    if let problem = checkProvenance(log, lines: lineCount) { return problem }
    let fast = Result { () throws(LogError) in try LogSummary(fastScanning: log) }
    let tree = Result { () throws(any Error) in try LogSummary(scanning: log) }
    switch (fast, tree) {
    case (.success(let a), .success(let b)):
      if a != b { return "the summaries differ: fast \(describe(a)), tree \(describe(b))" }
      if firstError != nil { return "the summaries read a log whose entry fails: \(firstError!)" }
      for warning in a.warnings {
        if let raw = rawControl(warning.description) { return "warning \(raw)" }
      }
    case (.failure(let a), .failure(let b)):
      if (b as? LogError) != a { return "the summaries fail differently: fast \(a), tree \(b)" }
      if a != firstError {
        return
          "the summary fails with \(a), reading the entries with \(String(describing: firstError))"
      }
    case (.success, .failure(let b)): return "only the tree summary fails: \(b)"
    case (.failure(let a), .success): return "only the fast summary fails: \(a)"
    }
    return checkOpeningScan(bytes, log, fast: fast)
  }

  /// The log opened with its index deferred to its first scan: the scan gives the
  /// entries and the first error that reading them one by one gives, and then the same
  /// index (entries, numbering, warnings); the summary's scan gives the same summary.
  private static func checkOpeningScan(
    _ bytes: [UInt8], _ log: LogFile, fast: Result<LogSummary, LogError>
  ) -> String? {
    func entries(_ log: LogFile, scanning: Bool) -> [String] {
      var seen: [String] = []
      func see(_ position: Int, _ entry: LogEntry) {
        seen.append("\(position) \(entry.seq) \(entry.line) \(entry.jsonValue)")
      }
      do {
        if scanning {
          try log.scan(read: { line in try line.entry() }) { position, entry in
            see(position, entry)
            return true
          }
        } else {
          for position in log.positions { see(position, try log.entry(position)) }
        }
      } catch {
        seen.append("error: \(error)")
      }
      return seen
    }
    func index(_ log: LogFile) -> String {
      "\(log.entryCount) \(log.numbering) \(log.isActionOnly) \(log.isCompact) \(log.warnings)"
    }
    let settings = ScanSettings(threads: 2, chunkBytes: 64)
    guard let opened = try? LogFile(deferringIndexOf: bytes, name: "fuzz.jsonl") else {
      return "the log opens, but not with its index deferred"
    }
    opened.scanSettings = settings
    let expected = entries(log, scanning: false)
    let scanned = entries(opened, scanning: true)
    if scanned != expected {
      return "the scan opening the log reads \(scanned), one by one \(expected)"
    }
    if index(opened) != index(log) {
      return "the scan opening the log leaves \(index(opened)), opening it \(index(log))"
    }
    guard let summarized = try? LogFile(deferringIndexOf: bytes, name: "fuzz.jsonl") else {
      return "the log opens, but not with its index deferred"
    }
    summarized.scanSettings = settings
    let summary = Result { () throws(LogError) in try LogSummary(fastScanning: summarized) }
    if summary != fast {
      return "the summary opening the log is \(summary), opening it first \(fast)"
    }
    return nil
  }

  /// Effect runs and chains of causes: they read or fail with an error at a real line,
  /// their warnings name real lines and carry no raw control character, and each chain
  /// (of the first 64 entries) ends at its entry, root first, no entry twice, each link
  /// before the next.
  private static func checkProvenance(_ log: LogFile, lines: Int) -> String? {
    func check(_ warnings: [LogWarning], _ kind: String) -> String? {
      for warning in warnings {
        if let raw = rawControl(warning.description) { return "\(kind) warning \(raw)" }
        if let line = warning.line, line < 1 || line > lines {
          return "\(kind) warning on line \(line) of \(lines): \(warning)"
        }
      }
      return nil
    }
    do {
      if let problem = check(try log.effectRuns().warnings, "effect") { return problem }
    } catch {
      if let problem = checkLogError(error, lines: lines) { return problem }
    }
    for position in log.positions.prefix(64) {
      let number = log.numbering.number(atPosition: position)
      let chain: CauseChain
      do {
        chain = try log.causeChain(ofEntry: number)
      } catch {
        if let problem = checkLogError(error, lines: lines) { return problem }
        continue
      }
      if let problem = check(chain.warnings, "chain") { return problem }
      let places = chain.links.map { log.numbering.position(ofNumber: $0.seq) ?? -1 }
      guard chain.links.last?.seq == number, places.last == position else {
        return "the chain of entry \(number) ends at \(String(describing: chain.links.last?.seq))"
      }
      guard zip(places, places.dropFirst()).allSatisfy({ $0 >= 0 && $0 < $1 }) else {
        return "the chain of entry \(number) is not in log order: \(chain.links.map(\.seq))"
      }
    }
    return nil
  }

  private static func checkLogError(_ error: LogError, lines: Int) -> String? {
    if let line = error.line, line < 1 || line > lines + 1 {
      return "the error names line \(line) of \(lines): \(error)"
    }
    if let column = error.column, column < 1 { return "the error names column \(column): \(error)" }
    if let raw = rawControl(error.description) { return "error \(raw)" }
    return nil
  }

  private static func describe(_ summary: LogSummary) -> String {
    "\(summary.entryCount) entries, \(summary.firstTime ?? "-")…\(summary.lastTime ?? "-"), "
      + "\(summary.actionCounts.map { "\($0.name)=\($0.count)" }), \(summary.warnings)"
  }

  /// A quoted description of `text` when it holds a C0 or C1 control character or
  /// DEL, which a terminal would act on.
  static func rawControl(_ text: String) -> String? {
    let bad = text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
    return bad ? "has a raw control character: \(JSONPrinter.compact.print(.string(text)))" : nil
  }

  // MARK: - JSON Patch

  /// The document every patch input without its own is applied to.
  static let patchDocument: JSONValue = try! JSONParser.parse(
    #"{"a":{"b":[1,2,{"c":null}]},"":{"~/":["x"]},"é":1,"e\u0301":2,"todos":[{"id":"t1"},{"id":"t2"}]}"#
  )

  /// JSON Patch parsing and applying. The input is JSON: `[document, patch]`, or a
  /// patch alone applied to ``patchDocument``. A patch that parses prints back to the
  /// same operations; applying it succeeds or names an operation it has; applying is
  /// the same as applying its operations one by one; and the diff from the document
  /// to the result is a patch that gives the result.
  @Sendable static func patch(_ bytes: [UInt8]) -> String? {
    guard let input = try? JSONParser.parse(bytes: bytes) else { return nil }
    var document = patchDocument
    var patchValue = input
    if case .array(let pair) = input, pair.count == 2, case .array = pair[1] {
      document = pair[0]
      patchValue = pair[1]
    }
    let patch: JSONPatch
    do {
      patch = try JSONPatch(parsing: patchValue)
    } catch {
      if case .array(let operations) = patchValue,
        let index = error.operationIndex, !(0..<operations.count).contains(index)
      {
        return "the parse error names operation \(index) of \(operations.count): \(error)"
      }
      return nil
    }
    guard let reread = try? JSONPatch(parsing: patch.jsonValue),
      samePatch(reread, patch)
    else { return "the patch does not read back from its JSON: \(patch.jsonValue)" }
    let printed = JSONPrinter.compact.print(patch.jsonValue)
    guard let reparsed = try? JSONPatch(parsing: JSONParser.parse(printed)),
      samePatch(reparsed, patch)
    else { return "the patch does not read back from its text: \(printed)" }

    var stepwise: Result<JSONValue, JSONPatchError> = .success(document)
    for (index, operation) in patch.operations.enumerated() {
      guard case .success(let current) = stepwise else { break }
      stepwise = Result { () throws(JSONPatchError) -> JSONValue in
        do throws(JSONPatchError) {
          return try JSONPatch(operations: [operation]).apply(to: current)
        } catch {
          throw JSONPatchError(operationIndex: index, message: error.message)
        }
      }
    }
    let result: JSONValue
    do {
      result = try patch.apply(to: document)
    } catch {
      guard let index = error.operationIndex, (0..<patch.operations.count).contains(index) else {
        return "applying fails without naming one of its operations: \(error)"
      }
      if case .failure(let other) = stepwise, other == error { return nil }
      return "applying fails with \(error), one operation at a time gives \(stepwise)"
    }
    guard case .success(let expected) = stepwise, expected == result,
      JSONPrinter.compact.print(expected) == JSONPrinter.compact.print(result)
    else { return "applying gives \(result), one operation at a time gives \(stepwise)" }

    for (from, to) in [(document, result), (result, document)] {
      let diff = JSONDiff.patch(from: from, to: to)
      guard let rebuilt = try? diff.apply(to: from) else {
        return "the diff from \(from) to \(to) does not apply: \(diff.jsonValue)"
      }
      if rebuilt != to { return "the diff from \(from) to \(to) gives \(rebuilt)" }
    }
    return nil
  }

  /// Whether two patches have the same operations, comparing pointer tokens and
  /// strings by their bytes (Swift's `==` on `String` merges canonically equivalent
  /// text, which JSON keeps apart).
  static func samePatch(_ a: JSONPatch, _ b: JSONPatch) -> Bool {
    JSONPrinter.compact.print(a.jsonValue) == JSONPrinter.compact.print(b.jsonValue)
  }

  // MARK: - JSON Pointer

  /// The document every pointer is resolved in.
  static let pointerDocument: JSONValue = try! JSONParser.parse(
    #"{"":0,"a/b":1,"~":2,"m~n":3,"todos":[{"id":"x","é":"y"},1,[2,3]],"e\u0301":4,"é":5,"0":6,"01":7," ":8}"#
  )

  /// JSON Pointer parsing, printing and resolving against a reference written from
  /// RFC 6901 on Unicode scalars: both accept the same text and give the same tokens;
  /// the text prints back exactly; tokens print to text that parses back to them; and
  /// resolving in ``pointerDocument`` finds the reference's value. Input that is not
  /// UTF-8 is not a pointer (`String` cannot hold it) and is skipped.
  @Sendable static func pointer(_ bytes: [UInt8]) -> String? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    let reference = referencePointerTokens(text)
    let parsed = Result { () throws(JSONPointerError) in try JSONPointer(parsing: text) }
    switch (parsed, reference) {
    case (.failure(let error), nil):
      if let raw = rawControl(error.message) { return "error \(raw)" }
    case (.failure(let error), let tokens?):
      return "RFC 6901 reads \(quote(text)) as \(tokens.map(quote)), the parser fails: \(error)"
    case (.success(let pointer), nil):
      return "the parser reads \(quote(text)) as \(pointer.tokens.map(quote)), RFC 6901 rejects it"
    case (.success(let pointer), let tokens?):
      if !sameTokens(pointer.tokens, tokens) {
        return
          "\(quote(text)) parses to \(pointer.tokens.map(quote)), RFC 6901 gives \(tokens.map(quote))"
      }
      if !pointer.description.utf8.elementsEqual(text.utf8) {
        return "\(quote(text)) prints back as \(quote(pointer.description))"
      }
      let found = pointer.resolve(in: pointerDocument)
      let expected = referenceResolve(tokens, in: pointerDocument)
      if found.map(JSONPrinter.compact.print) != expected.map(JSONPrinter.compact.print) {
        return
          "\(quote(text)) resolves to \(String(describing: found)), RFC 6901 to \(String(describing: expected))"
      }
    }
    // The input's lines as unescaped tokens: their text form must parse back to them.
    let tokens = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let built = JSONPointer(tokens: tokens)
    guard let reread = try? JSONPointer(parsing: built.description),
      sameTokens(reread.tokens, tokens)
    else {
      return
        "tokens \(tokens.map(quote)) print as \(quote(built.description)), which does not read back"
    }
    return nil
  }

  /// RFC 6901 §3–4 on Unicode scalars: the tokens of `text`, or `nil` when it is
  /// not a pointer.
  static func referencePointerTokens(_ text: String) -> [String]? {
    let scalars = Array(text.unicodeScalars)
    if scalars.isEmpty { return [] }
    guard scalars[0] == "/" else { return nil }
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    var index = 1
    while index <= scalars.count {
      if index == scalars.count || scalars[index] == "/" {
        tokens.append(String(current))
        current = String.UnicodeScalarView()
      } else if scalars[index] == "~" {
        guard index + 1 < scalars.count else { return nil }
        switch scalars[index + 1] {
        case "0": current.append("~")
        case "1": current.append("/")
        default: return nil
        }
        index += 1
      } else {
        current.append(scalars[index])
      }
      index += 1
    }
    return tokens
  }

  /// RFC 6901 §4 evaluation: keys match by code points; array tokens are `0` or
  /// digits without a leading zero, below the count.
  static func referenceResolve(_ tokens: [String], in document: JSONValue) -> JSONValue? {
    var current = document
    for token in tokens {
      switch current {
      case .object(let object):
        guard
          let key = object.keys.first(where: { $0.utf8.elementsEqual(token.utf8) }),
          let next = object[key]
        else { return nil }
        current = next
      case .array(let array):
        let digits = Array(token.utf8)
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }),
          digits == [0x30] || digits[0] != 0x30, digits.count < 19,
          let index = Int(token), index < array.count
        else { return nil }
        current = array[index]
      default: return nil
      }
    }
    return current
  }

  private static func sameTokens(_ a: [String], _ b: [String]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
  }

  private static func quote(_ text: String) -> String {
    JSONPrinter.compact.print(.string(text))
  }

  // MARK: - jq

  /// The jq lexer, parser and evaluator. The input is the program, a newline, and the
  /// JSON input (`null` when absent; a program whose input is not JSON is only
  /// compiled). A syntax error names a column inside the program or just past it;
  /// evaluation within ``jqStepLimit`` steps ends with outputs or a runtime error, and
  /// `holds` agrees with it (the last output's truthiness, or an error); every output
  /// prints as JSON that parses back.
  @Sendable static func jq(_ bytes: [UInt8]) -> String? {
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let source = String(decoding: bytes[..<newline], as: UTF8.self)
    let rest = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
    let filter: JQFilter
    do {
      filter = try JQFilter(source)
    } catch {
      let length = source.count
      if error.column < 1 || error.column > length + 1 {
        return "the syntax error names column \(error.column) of \(length): \(error)"
      }
      _ = error.caretLine
      return nil
    }
    let input: JSONValue
    if rest.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      input = .null
    } else if let value = try? JSONParser.parse(bytes: rest) {
      input = value
    } else {
      return nil
    }
    let variables = filter.freeVariables.reduce(into: [String: JSONValue]()) { $0[$1] = input }
    let outputs: [JSONValue]
    do {
      outputs = try filter.evaluate(input, variables: variables, stepLimit: jqStepLimit)
    } catch {
      // No program nests too deep at its first level: that error means the evaluator
      // cannot measure this thread's stack (AddressSanitizer's fake stack, see
      // Fuzz/run.sh), so nothing past compilation would be checked.
      if error.message.hasPrefix("the expression nests deeper than 0 ") {
        return "the evaluator stopped at its first level: \(error.message)"
      }
      // Within the step limit, `holds` takes the same steps to the same error, or computes
      // a one-output filter without the evaluator, where it must fail as the evaluator does.
      guard error.haltCode == nil, !error.message.hasPrefix("the program took more than")
      else { return nil }
      do {
        let held = try filter.holds(on: input, variables: variables)
        return "holds gave \(held) where the evaluator failed: \(error.message)"
      } catch {
        return nil
      }
    }
    // `holds` may compute the filter without the evaluator: it must agree with the
    // evaluator's last output.
    do {
      let held = try filter.holds(on: input, variables: variables)
      if held != (outputs.last?.isTruthy ?? false) {
        return
          "holds gave \(held), the last of \(outputs.count) outputs is \(outputs.last.map { JSONPrinter.compact.print($0) } ?? "none")"
      }
    } catch {
      return "holds failed (\(error.message)) where the evaluator gave \(outputs.count) outputs"
    }
    for output in outputs {
      let printed = JSONPrinter.compact.print(output)
      if (try? JSONParser.parse(printed)) == nil { return "output \(printed) is not JSON" }
    }
    return nil
  }
}
