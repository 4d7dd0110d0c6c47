import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// Indexing a log in stretches read at once gives exactly the index of one pass: the same
/// lines, kinds, `seq`s, NUL runs and unterminated last line, wherever the stretches fall.
@Suite struct LineIndexPartsTests {
  /// Everything an index holds, as text that compares it all.
  static func describe(_ index: LineIndex) -> String {
    var index = index
    let seqs = index.takeSeqs()
    return "\(index.starts) \(index.ends) \(index.kinds) \(seqs) \(index.size) "
      + "\(index.lastLineIsUnterminated) \(index.nulRuns.map { "\($0.line):\($0.count)" })"
  }

  static let inputs: [(name: String, bytes: [UInt8])] = {
    var inputs = ScanTestLogs.cases.map { ($0.name, Array($0.text.utf8)) }
    inputs.append(("mixed kinds, crlf", Array(LogSourceTests.mixed.joined().utf8)))
    let lines = ScanTestLogs.clean(12)
    // NUL runs (a copytruncate rotation's hole) before lines, at the start and inside.
    var nuls = [UInt8](repeating: 0, count: 40) + Array((lines[0] + "\n").utf8)
    nuls += [UInt8](repeating: 0, count: 300) + Array(lines[1...].joined(separator: "\n").utf8)
    inputs.append(("NUL runs", nuls))
    // One line longer than every stretch, between short ones.
    let long =
      #"{"seq":2,"action":"a","prior":{},"next":{"s":""#
      + String(repeating: "é", count: 3000) + #""}}"#
    inputs.append(("a very long line", Array((lines[0] + "\n" + long + "\n" + lines[2]).utf8)))
    inputs.append(("a very long line alone", Array(long.utf8)))
    inputs.append(("newlines only", Array(String(repeating: "\n", count: 50).utf8)))
    inputs.append(("crlf blank lines", Array(String(repeating: "\r\n", count: 20).utf8)))
    inputs.append(("one byte", [UInt8(ascii: "{")]))
    inputs.append(("empty", []))
    return inputs
  }()

  @Test(arguments: inputs.indices)
  func anIndexInPartsIsTheIndexOfOnePass(index: Int) throws {
    let (name, bytes) = Self.inputs[index]
    let temp = try TempLog(bytes: bytes)
    let expected = Self.describe(
      try LineIndex(try LogSource(path: temp.path), parts: 1))
    for chunkSize in [3, 64, 4 << 20] {
      let source = try LogSource(path: temp.path, chunkSize: chunkSize)
      for parts in [2, 3, 4, 7, 64] {
        #expect(
          Self.describe(try LineIndex(source, parts: parts)) == expected,
          "\(name), \(parts) parts, chunks of \(chunkSize)")
      }
    }
    let memory = LogSource(data: Data(bytes), path: name)
    for parts in [2, 5] {
      #expect(
        Self.describe(try LineIndex(memory, parts: parts)) == expected, "\(name) in memory")
    }
  }

  @Test func aLargeFileIsIndexedInPartsAndReadsAsInOnePass() throws {
    // Over the size from which opening indexes in parts (on a machine of 2 or more cores).
    var text = ""
    var seq = 0
    while text.utf8.count < LineIndex.partedIndexBytes + (1 << 20) {
      seq += 1
      text +=
        ScanTestLogs.line(
          seq, prior: seq - 1, next: seq,
          extra: #","pad":""#
            + String(repeating: "x", count: 2000) + #"""#) + "\n"
    }
    let temp = try TempLog(text)
    let source = try LogSource(path: temp.path)
    #expect(
      Self.describe(try LineIndex(source))
        == Self.describe(try LineIndex(source, parts: 1)))
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == seq)
    #expect(try log.entry(seq).seq == seq)
  }
}
