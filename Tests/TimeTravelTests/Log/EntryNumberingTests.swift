import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// `EntryNumbering` maps positions to numbers and back, and `LineKindScan` reads the
/// `seq` it is built from without parsing the line.
@Suite struct EntryNumberingTests {
  static func numbering(_ seqs: [Int?]) -> EntryNumbering {
    var builder = EntryNumbering.Builder()
    for (i, seq) in seqs.enumerated() { builder.add(recordedSeq: seq, line: i + 1, after: nil) }
    return builder.finish().numbering
  }

  @Test func runsMapBothWays() {
    let numbering = Self.numbering([50, 51, 52, 60, 61, 100])
    #expect(numbering.basis == .seq)
    #expect((1...6).map(numbering.number(atPosition:)) == [50, 51, 52, 60, 61, 100])
    for (position, number) in [(1, 50), (3, 52), (4, 60), (5, 61), (6, 100)] {
      #expect(numbering.position(ofNumber: number) == position)
    }
    for missing in [0, 49, 53, 59, 62, 99, 101, Int.max, Int.min] {
      #expect(numbering.position(ofNumber: missing) == nil, "\(missing)")
    }
    #expect(numbering.neighbours(of: 55)! == (3, 4))
    #expect(numbering.neighbours(of: 62)! == (5, 6))
    #expect(numbering.neighbours(of: 101) == nil)
    #expect(numbering.neighbours(of: 49) == nil)
    #expect(numbering.neighbours(of: 51) == nil)
    #expect(numbering.rangeText == "50…100")
    #expect(EntryNumbering.empty.first == nil)
    #expect(EntryNumbering.empty.rangeText == "none")
  }

  @Test func negativeAndExtremeSeqs() {
    let numbering = Self.numbering([-3, -2, Int.max - 1, Int.max])
    #expect(numbering.basis == .seq)
    #expect(numbering.position(ofNumber: -2) == 2)
    #expect(numbering.position(ofNumber: Int.max) == 4)
    #expect(numbering.position(ofNumber: 0) == nil)
    #expect(numbering.last == Int.max)
  }

  @Test func withoutSeqEntriesTakeTheirPosition() {
    #expect(Self.numbering([nil, nil, nil]) == Self.numbering([1, 2, 3]))
    // Position 3 after seq 10 goes backwards.
    #expect(Self.numbering([9, 10, nil]).basis == .position)
  }

  @Test func aSeqThatDoesNotIncreaseNumbersByPosition() {
    for seqs in [[1, 1], [3, 2], [1, 2, 3, 2]] {
      let numbering = Self.numbering(seqs)
      #expect(numbering.basis == .position, "\(seqs)")
      #expect(numbering.rangeText == "1…\(seqs.count)")
      #expect(numbering.position(ofNumber: 2) == 2)
    }
  }

  /// The scan's `seq` agrees with the parser's on whole lines, and a prefix never tells a
  /// `seq` the whole line contradicts.
  @Test func theScanReadsSeqAsTheParserDoes() throws {
    let cases: [(String, LineKindScan.Classification)] = [
      (#"{"seq":12,"action":{}}"#, .init(kind: .entry, seq: .value(12))),
      (#"{ "seq" : -7 , "time":"t","patch":[]}"#, .init(kind: .patch, seq: .value(-7))),
      (#"{"seq":1e2,"action":1,"prior":1,"next":1}"#, .init(kind: .entry, seq: .value(100))),
      (#"{"seq":1.5,"action":1}"#, .init(kind: .entry, seq: .absent)),
      (#"{"seq":"3","action":{}}"#, .init(kind: .entry, seq: .later)),
      (#"{"action":{},"seq":3}"#, .init(kind: .entry, seq: .later)),
      (#"{"se\u0071":3,"action":{}}"#, .init(kind: .entry, seq: .later)),
      (#"{"action":1,"prior":2,"next":3}"#, .init(kind: .entry, seq: .absent)),
      (#"{"action":1,"prior":2,"next":3,"seq":4}"#, .init(kind: .entry, seq: .value(4))),
      ("   \t", .init(kind: .blank, seq: .absent)),
      ("", .init(kind: .blank, seq: .absent)),
      (#"{"dropped":2,"seq":3}"#, .init(kind: .gap, seq: .absent)),
    ]
    for (line, expected) in cases {
      let bytes = Array(line.utf8)
      #expect(
        bytes.withUnsafeBytes { LineKindScan.classify($0, isPrefix: false) } == expected, "\(line)")
      for length in 0..<bytes.count {
        let partial = bytes[..<length].withUnsafeBytes { LineKindScan.classify($0, isPrefix: true) }
        #expect(
          partial == nil || partial == expected
            || (partial?.kind == expected.kind && partial?.seq == .later),
          "\(line) cut at \(length)")
      }
      // What the whole-line reading finds where the first bytes do not tell.
      let parsed = (try? JSONParser.parse(line))?["seq"]?.numberValue?.intValue
      let member = bytes.withUnsafeBytes { LineKindScan.seqMember($0) }
      if expected.kind != .gap && expected.kind != .blank {
        #expect(member == (parsed.map(LineKindScan.Seq.value) ?? .absent), "\(line)")
      }
    }
  }
}
