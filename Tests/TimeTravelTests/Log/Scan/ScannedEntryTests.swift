import Foundation
import TestSupport
import Testing
import TimeTravelJSON

@testable import TimeTravel

/// A scan reads an entry line's members straight into the entry's fields, without the
/// line's object: the entries, and the errors, are those of reading each line alone with
/// the same projection, on every irregular line.
@Suite struct ScannedEntryTests {
  /// Projections a scan reads lines with: `--find` on the action (with the listing's
  /// other members), `--watch`, other members named and unnamed, both states whole.
  static let projections: [EntryProjection] = [
    EntryProjection(
      otherMembers: .members([("skipped", .whole), ("site", .whole), ("origin", .whole)])),
    EntryProjection(entry: .member("action", .shape)),
    EntryProjection(prior: .member("count", .whole), next: .member("count", .whole)),
    EntryProjection(next: .member("items", .shape), otherMembers: .members([], others: .whole)),
    EntryProjection(prior: .nothing, otherMembers: .members([("extra", .element(1, .whole))])),
    EntryProjection(entry: .shape),
    EntryProjection(prior: .whole, next: .whole),
  ]

  /// Each entry of `log` read by a scan in one chunk (with the memo), as text.
  static func scanned(_ log: LogFile, _ projection: EntryProjection) -> [String] {
    var read: [String] = []
    let chunk = log.scanChunks(log.positions, chunkBytes: 1 << 30)[0]
    _ = log.readChunk(chunk, into: ScanBuffer(), stopped: { false }) { line in
      #expect(line.memo != nil)
      read.append(describe(Result { () throws(LogError) in try line.entry(reading: projection) }))
      return Result<Void, any Error>.success(())
    }
    return read
  }

  /// Each entry of `log` read alone with `projection`, as text.
  static func alone(_ log: LogFile, _ projection: EntryProjection) -> [String] {
    log.positions.map { position in
      describe(Result { () throws(LogError) in try log.entry(position, reading: projection) })
    }
  }

  static func describe(_ result: Result<LogEntry, LogError>) -> String {
    switch result {
    case .success(let entry):
      "\(entry.seq) \(entry.recordedSeq.map(String.init) ?? "-") \(entry.time ?? "-") "
        + JSONPrinter.compact.print(entry.jsonValue) + " line \(entry.line)"
    case .failure(let error): "error: \(error)"
    }
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func scannedEntriesAreTheEntriesReadAlone(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    for projection in Self.projections {
      #expect(Self.scanned(log, projection) == Self.alone(log, projection), "\(name)")
    }
  }

  /// Lines whose members are irregular: escaped and repeated keys, a `null` time, other
  /// members repeated, and every kind of invalid entry.
  static let irregularLines = [
    #"{"s\u0065q":1,"time":null,"action":{"add":{}},"prior":{"count":0},"next":{"count":1}}"#,
    #"{"seq":2,"action":"a","prior":{"count":1},"next":{"count":2},"x":1,"y":2,"x":3}"#,
    #"{"seq":3,"seq":4,"action":"a","act\u0069on":"b","prior":{"count":2},"next":{"count":3}}"#,
    #"{"seq":5,"time":5,"action":"a","prior":{},"next":{}}"#,
    #"{"seq":6,"prior":{},"next":{}}"#,
    #"{"seq":7.5,"action":"a","prior":{},"next":{}}"#,
    #"{"seq":8,"action":"a","prior":{}}"#,
    #"{"seq":9,"action":"a","next":{}}"#,
    #"[{"seq":10,"action":"a","prior":{},"next":{}}]"#,
    #"{"seq":11,"action":"a","prior":{},"next":{},"origin":{"effect":"e"},"skipped":true}"#,
    #"{"seq":13,"action":"a","prior":{"count":12},"next":{"count":13},"nex\u0074":{"count":0}}"#,
    #"{"seq":14,"action":"a","prior":{"count":0},"next":{"count":14},"":null,"é":1,"e\u0301":2}"#,
    #"{"seq":15,"action":"a","prior":{"count":14},"next":{"count":15}"#,
    #"{"seq":16,"action":"a","prior":{"count":15},"next":{"count":16}}"#,
  ]

  @Test func irregularLinesAreReadAsAlone() throws {
    let log = try ScanTestLogs.log(Self.irregularLines.joined(separator: "\n") + "\n")
    // Read as projected: neither compact nor action-only.
    #expect(!log.isCompact && !log.isActionOnly)
    for projection in Self.projections {
      #expect(Self.scanned(log, projection) == Self.alone(log, projection))
    }
    // The entries and the errors, exactly.
    let find = EntryProjection(entry: .member("action", .shape))
    // Numbered by position: the seqs do not increase.
    #expect(
      Self.scanned(log, find) == [
        #"1 1 - {"seq":1,"action":{"add":{}},"prior":{},"next":{}} line 1"#,
        #"2 2 - {"seq":2,"action":"a","prior":{},"next":{}} line 2"#,
        #"3 4 - {"seq":3,"recordedSeq":4,"action":"b","prior":{},"next":{}} line 3"#,
        "error: LOG:4: /time must be a string, found number",
        "error: LOG:5: the entry has no /action member",
        "error: LOG:6: /seq must be an integer, found 7.5",
        "error: LOG:7: the entry has no /next member",
        "error: LOG:8: the entry has no /prior member",
        "error: LOG:9: expected an entry object, found array",
        #"10 11 - {"seq":10,"recordedSeq":11,"action":"a","prior":{},"next":{}} line 10"#,
        #"11 13 - {"seq":11,"recordedSeq":13,"action":"a","prior":{},"next":{}} line 11"#,
        #"12 14 - {"seq":12,"recordedSeq":14,"action":"a","prior":{},"next":{}} line 12"#,
        "error: LOG:13:64: not valid JSON: unexpected end of input in an object",
        #"14 16 - {"seq":14,"recordedSeq":16,"action":"a","prior":{},"next":{}} line 14"#,
      ])
    let everything = EntryProjection(
      prior: .nothing, next: .member("count", .whole), otherMembers: .whole)
    #expect(
      Self.scanned(log, everything)[9]
        == #"10 11 - {"seq":10,"recordedSeq":11,"action":"a","prior":{},"next":{},"origin":{"effect":"e"},"skipped":true} line 10"#
    )
    #expect(
      Self.scanned(log, everything)[10]
        == #"11 13 - {"seq":11,"recordedSeq":13,"action":"a","prior":{},"next":{"count":0}} line 11"#
    )
    #expect(
      Self.scanned(log, everything)[1]
        == #"2 2 - {"seq":2,"action":"a","prior":{},"next":{"count":2},"x":3,"y":2} line 2"#)
    #expect(
      Self.scanned(log, everything)[11]
        == #"12 14 - {"seq":12,"recordedSeq":14,"action":"a","prior":{},"next":{"count":14},"":null,"é":1,"é":2} line 12"#
    )
  }
}
