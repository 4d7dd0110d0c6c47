import Foundation
import TestSupport
import Testing
import TimeTravelJQ
import TimeTravelJSON

@testable import TimeTravel

/// A scan compares each `prior` with the `next` before it rather than validating it
/// again, and reuses what was read of it: the answers and errors are those of reading
/// every line alone, and the shortcut is taken exactly where the bytes repeat.
@Suite struct LineMemoTests {
  /// The lines of `log`, read in one chunk with `read`; how many priors the memo served.
  static func readInOneChunk(_ log: LogFile, _ read: (LogLine) -> Void) -> Int {
    let chunk = log.scanChunks(log.positions, chunkBytes: 1 << 30)[0]
    var memo: LineMemo?
    _ = log.readChunk(chunk, into: ScanBuffer(), stopped: { false }) { line in
      memo = line.memo
      read(line)
      return Result<Void, any Error>.success(())
    }
    return memo?.repeatedPriors ?? -1
  }

  @Test func aCleanLogsPriorsAreComparedNotValidated() throws {
    let log = try ScanTestLogs.log(ScanTestLogs.clean(40).joined(separator: "\n") + "\n")
    let raw = Self.readInOneChunk(log) { line in _ = try? line.rawEntry() }
    #expect(raw == 39)
    let watched = Self.readInOneChunk(log) { line in
      _ = try? line.entry(reading: Watch.projection(at: JSONPointer(tokens: ["items", "0"])))
    }
    #expect(watched == 39)
    // A prior read for nothing is `{}`, whatever the next was read for.
    let nextOnly = Self.readInOneChunk(log) { line in
      _ = try? line.entry(reading: EntryProjection(next: .whole))
    }
    #expect(nextOnly == 39)
    // A prior read differently from the next before is read again.
    let different = Self.readInOneChunk(log) { line in
      _ = try? line.entry(
        reading: EntryProjection(prior: .member("count", .whole), next: .member("note", .whole)))
    }
    #expect(different == 0)
  }

  /// A container of a `next` read for a part before, byte for byte, is shared rather than
  /// read again, and the entries are those read alone. The states' `items` arrays are five
  /// distinct ones: in entries 2 to 4 the items before the last are shared (1 + 2 + 3),
  /// and from entry 6 on each whole array is (35).
  @Test func repeatedElementsOfANextAreSharedNotReadAgain() throws {
    let log = try ScanTestLogs.log(ScanTestLogs.clean(40).joined(separator: "\n") + "\n")
    let reading = EntryProjection(next: .member("items", .each(.member("done", .whole))))
    var read: [String] = []
    var hits = -1
    let chunk = log.scanChunks(log.positions, chunkBytes: 1 << 30)[0]
    _ = log.readChunk(chunk, into: ScanBuffer(), stopped: { false }) { line in
      read.append((try? line.entry(reading: reading))?.next.description ?? "error")
      hits = line.memo?.values.hits ?? -1
      return Result<Void, any Error>.success(())
    }
    let alone = log.positions.map {
      (try? log.entry($0, reading: reading))?.next.description ?? "error"
    }
    #expect(read == alone)
    #expect(read[3] == #"{"items":[{"done":true},{"done":false},{"done":true},{"done":false}]}"#)
    #expect(hits == 41)
  }

  /// A clean log of 40 entries with a bad escape where entry 21's next differs from the
  /// one before, and a bad number where entry 31's repeats it.
  static func logWithTwoBadNexts() throws -> LogFile {
    var lines = ScanTestLogs.clean(40)
    lines[20] = lines[20].replacingOccurrences(
      of: #""note":"café 21"}"#, with: #""note":"caf\é 21"}"#)
    lines[30] = lines[30].replacingOccurrences(
      of: #"},"next":{"count":31,"#, with: #"},"next":{"count":031,"#)
    return try ScanTestLogs.log(lines.joined(separator: "\n") + "\n")
  }

  /// The lines of `log` read in one chunk with `read`: the errors, in order, and how many
  /// nexts were read against the next before.
  static func errorsInOneChunk(_ log: LogFile, _ read: (LogLine) throws -> Void)
    -> (errors: [String], referenced: Int)
  {
    var referenced = 0
    var errors: [String] = []
    let chunk = log.scanChunks(log.positions, chunkBytes: 1 << 30)[0]
    _ = log.readChunk(chunk, into: ScanBuffer(), stopped: { false }) { line in
      do {
        try read(line)
      } catch {
        errors.append("\(error)")
      }
      referenced = line.memo?.referencedNexts ?? -1
      return Result<Void, any Error>.success(())
    }
    return (errors, referenced)
  }

  /// The errors of reading entries 21 and 31 of `log` alone.
  static func errorsAlone(_ log: LogFile) -> [String] {
    [21, 31].map { position in
      Result { () throws(LogError) in try log.entry(position) }
    }.map { result in
      if case .failure(let error) = result { "\(error)" } else { "no error" }
    }
  }

  @Test func aNextReadForNothingIsValidatedAgainstTheNextBefore() throws {
    // Both bad nexts found, at the same line and column as reading the line alone.
    let log = try Self.logWithTwoBadNexts()
    let find = EntryProjection(entry: .member("action", .shape))
    #expect(find.next == nil)  // read for nothing
    let (errors, referenced) = Self.errorsInOneChunk(log) { line in
      _ = try line.entry(reading: find)
    }
    #expect(errors == Self.errorsAlone(log))
    #expect(errors.count == 2)
    // Every next but the first and the ones after a broken line.
    #expect(referenced == 37)
  }

  /// The summary's reading (``LogLine/rawEntry()``) validates each `next` against the
  /// `next` before too, with the errors of reading each line alone.
  @Test func aRawNextIsValidatedAgainstTheNextBefore() throws {
    let log = try Self.logWithTwoBadNexts()
    var actions: [String] = []
    let (errors, referenced) = Self.errorsInOneChunk(log) { line in
      actions.append(try line.rawEntry().actionName)
    }
    #expect(errors == Self.errorsAlone(log))
    #expect(errors.count == 2)
    #expect(actions.count == 38)
    // Every next but the first and the ones after a broken line.
    #expect(referenced == 37)
  }

  @Test func aBrokenChainIsReadAgain() throws {
    var lines = ScanTestLogs.clean(10)
    lines[4] = ScanTestLogs.line(5, prior: 99, next: 5)
    let log = try ScanTestLogs.log(lines.joined(separator: "\n") + "\n")
    // Lines 5 (its prior is not line 4's next) and 6 (line 5's next is not... its prior)
    // are read in full: 5 is broken, and 6 follows 5's next again.
    #expect(Self.readInOneChunk(log) { line in _ = try? line.rawEntry() } == 8)
  }

  /// A program's answers through a scan (each chunk's lines read in order, with the
  /// memo), up to and including the first error.
  static func scannedAnswers(
    _ log: LogFile, _ filter: JQFilter, threads: Int, chunkBytes: Int
  ) -> [String] {
    let entryReading = EntryProjectionTests.reading(filter)
    var answers: [String] = []
    do {
      try log.scan(nil, threads: threads, chunkBytes: chunkBytes) { line in
        try EntryProjectionTests.answer(filter, try line.entry(reading: entryReading))
      } consume: { _, answer in
        answers.append(answer)
        return true
      }
    } catch {
      answers.append("error: \(error)")
    }
    return answers
  }

  /// The answers of reading each entry alone, up to and including the first error.
  static func expectedAnswers(_ log: LogFile, _ filter: JQFilter) -> [String] {
    let all = EntryProjectionTests.answers(log, filter, projected: false)
    guard let error = all.firstIndex(where: { $0.hasPrefix("error: ") }) else { return all }
    return Array(all[...error])
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func scannedEntriesAnswerAsEntriesReadAlone(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    for program in EntryProjectionTests.programs {
      let filter = try JQFilter(program, variableNames: ["prior", "seq", "action"])
      let expected = Self.expectedAnswers(log, filter)
      for (threads, chunkBytes) in [(1, 1 << 20), (2, 700), (1, 1)] {
        #expect(
          Self.scannedAnswers(log, filter, threads: threads, chunkBytes: chunkBytes) == expected,
          "\(name): \(program), \(threads) threads, \(chunkBytes) bytes")
      }
    }
  }

  @Test(arguments: ScanTestLogs.fixtures)
  func scannedFixtureEntriesAnswerAsEntriesReadAlone(path: String) throws {
    let log = try LogFile(path: path)
    for program in EntryProjectionTests.programs + [
      ".next.todos[3].isCompleted", ".prior.todos[3].isCompleted", ".action.addTodo != null",
    ] {
      let filter = try JQFilter(program, variableNames: ["prior", "seq", "action"])
      #expect(
        Self.scannedAnswers(log, filter, threads: 2, chunkBytes: 1 << 20)
          == Self.expectedAnswers(log, filter), "\(path): \(program)")
    }
  }

  /// `EntryScanner.scan(line:previousNext:)` beside `scan(line:)`: the same entry or the
  /// same error, and the shortcut only where the prior is exactly a repeated container.
  static func scanBoth(_ line: String, previousNext: String) -> (String, String, Bool) {
    func describe(_ result: Result<RawEntry, EntryScanError>) -> String {
      switch result {
      case .success(let entry):
        "\(entry.seq.map(String.init) ?? "-") \(entry.prior) \(entry.next) \(entry.actionName)"
      case .failure(let error): "\(error)"
      }
    }
    let bytes = Array(line.utf8)
    let previous = Array(previousNext.utf8)
    return bytes.withUnsafeBufferPointer { line in
      previous.withUnsafeBufferPointer { previous in
        let alone = Result { () throws(EntryScanError) in try EntryScanner.scan(line: line) }
        // The next before as a scan holds it: with the outline recorded as it was read,
        // which this line's `next` is read against.
        var outline = JSONOutline()
        var reference: JSONReference?
        if let base = previous.baseAddress,
          JSONSkipper.skipValue(base, 0, previous.count, reference: nil, into: &outline)
            == previous.count
        {
          reference = JSONReference(bytes: previous, outline: outline)
        }
        var comparison: EntryScanner.NextComparison? = EntryScanner.NextComparison(
          reference: reference, outline: JSONOutline())
        let given = Result { () throws(EntryScanError) in
          try EntryScanner.scan(line: line, previousNext: previous, comparing: &comparison)
        }
        let repeated = (try? given.get())?.priorRepeatsPreviousNext ?? false
        return (describe(alone), describe(given), repeated)
      }
    }
  }

  @Test func theScannerGivenTheNextBeforeAcceptsAndRejectsAsAlone() {
    let cases: [(line: String, previous: String, repeated: Bool)] = [
      (#"{"seq":2,"action":"a","prior":{"n":[1,2]},"next":{"n":[1,3]}}"#, #"{"n":[1,2]}"#, true),
      (
        #"{"seq":2,"action":"a","prior":[1,{"é":"\u00e9"}],"next":[]}"#, #"[1,{"é":"\u00e9"}]"#,
        true
      ),
      // Differs in its last byte, is longer, is shorter: validated as usual.
      (#"{"seq":2,"action":"a","prior":{"n":[1,2]},"next":{}}"#, #"{"n":[1,3]}"#, false),
      (#"{"seq":2,"action":"a","prior":{"n":[1,2],"m":0},"next":{}}"#, #"{"n":[1,2]}"#, false),
      (#"{"seq":2,"action":"a","prior":{"n":1},"next":{}}"#, #"{"n":1,"m":2}"#, false),
      // A repeated prior followed by garbage, or cut short: the errors of the scan alone.
      (#"{"seq":2,"action":"a","prior":{"n":1}x,"next":{}}"#, #"{"n":1}"#, false),
      (#"{"seq":2,"action":"a","prior":{"n":1}"#, #"{"n":1}"#, false),
      (#"{"seq":2,"action":"a","prior":{"n":"#, #"{"n":1}"#, false),
      // A prior that is invalid where the next before was different.
      (#"{"seq":2,"action":"a","prior":{"n":01},"next":{}}"#, #"{"n":1}"#, false),
      // Scalars never match: a number's end depends on what follows it.
      (#"{"seq":2,"action":"a","prior":12,"next":{}}"#, "1", false),
      (#"{"seq":2,"action":"a","prior":"s","next":{}}"#, #""s""#, false),
      // A repeated key: the last prior counts.
      (
        #"{"seq":2,"action":"a","prior":{"n":1},"prior":{"n":2},"next":{}}"#, #"{"n":1}"#,
        false
      ),
      (
        #"{"seq":2,"action":"a","prior":{"n":2},"prior":{"n":1},"next":{}}"#, #"{"n":1}"#,
        true
      ),
    ]
    for (line, previous, repeated) in cases {
      let (alone, given, wasRepeated) = Self.scanBoth(line, previousNext: previous)
      #expect(given == alone, "\(line)")
      #expect(wasRepeated == repeated, "\(line)")
    }
  }
}
