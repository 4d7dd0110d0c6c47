import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// Logs written to break the reader: values at the edges of `Int`, records that lie,
/// blank endings, oversized lines, control characters meant for the terminal. Each
/// gets a clear message and a documented exit code, never a crash.
@Suite struct HostileLogTests {
  static let entry1 = #"{"seq":1,"action":1,"prior":0,"next":1}"#

  /// Both summaries (the scanning one `replay LOG` uses, and the tree one `--where`
  /// uses) give the same warnings.
  static func summaries(_ text: String) throws -> (fast: LogSummary, tree: LogSummary) {
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    return (try LogSummary(fastScanning: log), try LogSummary(scanning: log))
  }

  @Test func seqAtIntMaxFollowedByAnotherEntry() throws {
    let (fast, tree) = try Self.summaries(
      #"{"seq":9223372036854775807,"action":1,"prior":0,"next":0}"# + "\n"
        + #"{"seq":1,"action":1,"prior":0,"next":0}"# + "\n")
    let expected = [
      LogWarning(
        line: 2,
        message:
          "seq does not increase here (seq 1 goes backwards: the entry before it (line 1) has seq 9223372036854775807), so entries are numbered by their position in the log, 1…2: every number replay reads or prints is a position, and so are .seq and $seq (.recordedSeq holds the seq as written)"
      ),
      LogWarning(
        line: 2,
        message:
          "seq 1 goes backwards: the entry before it (line 1) has seq 9223372036854775807"),
    ]
    #expect(fast.warnings == expected)
    #expect(tree.warnings == expected)
  }

  @Test(arguments: [
    #"{"dropped":9223372036854775807,"seq":2}"#,
    #"{"dropped":-5,"seq":-9223372036854775808}"#,
    #"{"dropped":0,"seq":2}"#,
    #"{"dropped":2.5,"seq":2}"#,
  ])
  func gapRecordsThatCannotBeReadAreWarnedAboutAndSkipped(gap: String) throws {
    let text =
      Self.entry1 + "\n" + gap + "\n" + #"{"seq":2,"action":1,"prior":1,"next":2}"# + "\n"
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == 2)
    #expect(log.gaps == [])
    #expect(try log.entry(2).seq == 2)
    let warning = LogWarning(
      line: 2,
      message:
        #"a gap record cannot be read (expected {"dropped":N,"seq":S} with N and S positive integers); ignored it"#
    )
    #expect(log.warnings == [warning])
    let (fast, tree) = try Self.summaries(text)
    #expect(fast.warnings == [warning])
    #expect(tree.warnings == [warning])
  }

  /// The chain restarts after a gap record: no seq or prior warning on either path.
  @Test func summariesRespectGapRecords() throws {
    let (fast, tree) = try Self.summaries(
      Self.entry1 + "\n" + #"{"dropped":2,"seq":2}"# + "\n"
        + #"{"seq":4,"action":1,"prior":3,"next":4}"# + "\n")
    let expected = [
      LogWarning(
        line: 2,
        message:
          "2 entries were dropped before entry 4 (seq 2…3; the recorder's queue was full)")
    ]
    #expect(fast.warnings == expected)
    #expect(tree.warnings == expected)
    #expect(fast == tree)
  }

  @Test func compactLogWhoseFirstEntryIsAPatch() throws {
    let temp = try TempLog(
      #"{"format":"replay-log","version":1,"encoding":"compact"}"# + "\n"
        + #"{"seq":1,"patch":[],"action":1}"# + "\n")
    let message =
      "\(temp.path):2: a compact entry (/patch) comes before any full entry to apply it to\n"
    for arguments in [[temp.path], [temp.path, "--show", "0"], [temp.path, "--find", "true"]] {
      let io = BufferIO()
      #expect(ReplayCommand.run(arguments, io: io) == 3)
      #expect(io.stderr == "replay: " + message)
    }
  }

  /// (A blank line elsewhere is skipped with a warning: `LogReaderTests.blankLineInTheMiddle`.)
  @Test(arguments: ["\n", "\n\n", "\r\n", "  \n\t\n"])
  func trailingBlankLinesAreIgnored(ending: String) throws {
    let temp = try TempLog(Self.entry1 + "\n" + ending)
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == 1)
    #expect(log.warnings == [])
    let blank = try TempLog("\n\n")
    #expect(try LogFile(path: blank.path).entryCount == 0)
  }

  /// The count in the torn-line warning is of entries, not lines.
  @Test func tornLastLineCountsEntries() throws {
    let temp = try TempLog(
      Self.entry1 + "\n" + #"{"dropped":1,"seq":2}"# + "\n"
        + #"{"seq":3,"time":"t","pending":true,"action":2,"prior":1}"# + "\n"
        + #"{"seq":3,"action":2,"prior":1,"next":2}"# + "\n" + #"{"seq":4,"act"#)
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == 2)
    #expect(
      log.warnings.first
        == LogWarning(
          line: 5,
          message:
            "the last line is incomplete (unterminated string starting at column 10); ignored it and read the 2 complete entries before it"
        ))
    let torn = try TempLog(Self.entry1 + "\n" + #"{"seq":2,"#)
    let one = try LogFile(path: torn.path)
    #expect(one.warnings.first?.message.hasSuffix("read the 1 complete entry before it") == true)
  }

  @Test func aLineLongerThanTheLimitIsAnError() throws {
    let temp = try TempLog(
      Self.entry1 + "\n" + Self.entry1 + String(repeating: " ", count: 2000) + "\n")
    let log = try LogFile(path: temp.path, chunkSize: 4096, lineLimit: 1000)
    #expect(try log.entry(1).next == 1)
    #expect(
      throws: LogError(
        kind: .cannotOpen, path: temp.path, line: 2,
        message: "line 2 is 2039 bytes long, more than the 1000 bytes replay reads as one line")
    ) { try log.entry(2) }
  }

  @Test func invalidUTF8AfterAnEscapeNamesItsOwnColumn() {
    do {
      _ = try JSONParser.parse(bytes: Array(#"["abc\n"#.utf8) + [0xFF] + Array(#"def"]"#.utf8))
      Issue.record("parsed")
    } catch {
      #expect(error.message == "invalid UTF-8 in a string")
      #expect(error.column == 8)
    }
  }

  /// jq `error` values, file names and other quoted text reach stderr escaped.
  @Test func errorMessagesNeverCarryRawControlCharacters() throws {
    let eval = BufferIO(stdin: #""\u001b[31mX\u009b""#)
    #expect(ReplayCommand.run(["--eval", "error"], io: eval) == 4)
    #expect(eval.stderr == #"replay: error (at input 1): \u001b[31mX\u009b"# + "\n")

    let temp = try TempLog(
      #"{"action":1,"prior":{"\u001b[2Jk":1},"next":{"\u001b[2Jk":2}}"# + "\n")
    let bisect = BufferIO()
    let code = ReplayCommand.run(
      [temp.path, "--bisect", "--predicate", "keys[0]|error"], io: bisect)
    #expect(code == 4)
    #expect(!bisect.stderr.unicodeScalars.contains { $0.value == 0x1B })
    #expect(bisect.stderr.contains(#"\u001b[2Jk"#))

    let missing = BufferIO()
    #expect(ReplayCommand.run(["/tmp/evil\u{1B}[31m.jsonl"], io: missing) == 3)
    #expect(missing.stderr == #"replay: /tmp/evil\u001b[31m.jsonl: no such file"# + "\n")
  }

  /// A UTF-8 byte order mark is skipped, as jq skips it, whatever size the reads are.
  @Test(arguments: [1, 2, 3, 4, 4 << 20])
  func aByteOrderMarkIsSkipped(chunkSize: Int) throws {
    let text = Self.entry1 + "\n" + #"{"seq":2,"action":1,"prior":1,"next":2}"# + "\n"
    let temp = try TempLog(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    let log = try LogFile(path: temp.path, chunkSize: chunkSize)
    #expect(log.entryCount == 2)
    #expect(log.warnings == [])
    #expect(try log.entry(1).seq == 1)
    #expect(try log.entry(1).next == 1)
    let (code, out, err) = replay(temp.path, arguments: ["--show", "1"])
    #expect(code == 0)
    #expect(err == "")
    #expect(out == "entry 1 (<number>)\naction: 1\nstate after it:\n1\n")
  }

  /// Compressed, archived, UTF-16 and UTF-32 files are named for what they are, not
  /// reported as bad JSON; so is such input to --eval.
  @Test(
    arguments: [
      (
        [0x1F, 0x8B, 0x08, 0x00], "is gzip-compressed (decompress it first, with gunzip -c or zcat)"
      ),
      ([0x28, 0xB5, 0x2F, 0xFD], "is zstd-compressed (decompress it first, with zstd -dc)"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A], "is xz-compressed (decompress it first, with xz -dc)"),
      ([0x42, 0x5A, 0x68, 0x39], "is bzip2-compressed (decompress it first, with bzip2 -dc)"),
      ([0x50, 0x4B, 0x03, 0x04], "is a zip archive (extract the log first, with unzip -p)"),
      (
        [0xFF, 0xFE, 0x7B, 0x00], "is UTF-16 text (convert it first, with iconv -f UTF-16 -t UTF-8)"
      ),
      (
        [0x7B, 0x00, 0x22, 0x00], "is UTF-16 text (convert it first, with iconv -f UTF-16 -t UTF-8)"
      ),
      (
        [0x00, 0x7B, 0x00, 0x22], "is UTF-16 text (convert it first, with iconv -f UTF-16 -t UTF-8)"
      ),
      (
        [0xFF, 0xFE, 0x00, 0x00], "is UTF-32 text (convert it first, with iconv -f UTF-32 -t UTF-8)"
      ),
      (
        [0x7B, 0x00, 0x00, 0x00], "is UTF-32 text (convert it first, with iconv -f UTF-32 -t UTF-8)"
      ),
      (
        [0x00, 0x00, 0x00, 0x7B], "is UTF-32 text (convert it first, with iconv -f UTF-32 -t UTF-8)"
      ),
    ] as [([UInt8], String)])
  func foreignFormatsAreNamed(opening: [UInt8], reason: String) throws {
    let temp = try TempLog(bytes: opening + Array(repeating: 0x41, count: 40))
    let (code, out, err) = replay(temp.path, arguments: [])
    #expect(code == ExitCode.unreadableLog)
    #expect(out == "")
    #expect(err == "replay: \(temp.path): \(reason); a log is UTF-8 JSON Lines text\n")
    let io = BufferIO(stdin: String(decoding: opening, as: UTF8.self))
    if String(decoding: opening, as: UTF8.self).utf8.elementsEqual(opening) {
      #expect(ReplayCommand.run(["--eval", "."], io: io) == ExitCode.unreadableLog)
      #expect(io.stdout == "")
      #expect(io.stderr == "replay: stdin \(reason); --eval reads UTF-8 JSON text\n")
    }
  }

  /// Input shorter than a signature is read as usual.
  @Test func aTinyLogIsNotMistakenForAForeignFormat() throws {
    let temp = try TempLog(bytes: [0x1F])
    let (code, _, err) = replay(temp.path, arguments: [])
    #expect(code == ExitCode.unreadableLog)
    #expect(
      err
        == "replay: \(temp.path):1:1: not valid JSON: unexpected byte 0x1F; expected a JSON value\n"
    )
  }
}
