import Foundation
import TimeTravel

/// The logs the parallel and path-directed readers are checked on: the fixtures, and
/// small logs with every irregularity the reader tolerates or reports.
public enum ScanTestLogs {
  /// An entry of a counter whose state also holds a list, so that paths reach inside.
  public static func line(_ seq: Int, prior: Int, next: Int, extra: String = "") -> String {
    #"{"seq":\#(seq),"time":"2026-01-05T09:00:\#(String(format: "%02d", seq % 60)).000Z","action":{"add":{"n":\#(seq)}},"prior":\#(state(prior)),"next":\#(state(next))\#(extra)}"#
  }

  /// A counter state of `count`, with `count % 5` items and a note.
  public static func state(_ count: Int) -> String {
    let items = (0..<(count % 5)).map { #"{"id":"i\#($0)","done":\#($0 % 2 == 0)}"# }
    return
      #"{"count":\#(count),"items":[\#(items.joined(separator: ","))],"note":"café \#(count)"}"#
  }

  /// A clean log of `n` entries.
  public static func clean(_ n: Int) -> [String] {
    (1...n).map { line($0, prior: $0 - 1, next: $0) }
  }

  /// Named logs: clean, tolerated irregularities, and errors a scan must report at the
  /// same line as a sequential read.
  public static let cases: [(name: String, text: String)] = {
    let lines = clean(40)
    var cases: [(String, String)] = []
    cases.append(("clean", lines.joined(separator: "\n") + "\n"))
    cases.append(
      (
        "header",
        #"{"format":"replay-log","version":1}"# + "\n" + lines.joined(separator: "\n") + "\n"
      ))
    cases.append(("crlf and bom", "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"))
    cases.append(("no final newline", lines.joined(separator: "\n")))
    var blank = lines
    blank.insert("", at: 10)
    blank.insert("  \t", at: 20)
    cases.append(("blank lines", blank.joined(separator: "\n") + "\n"))
    var broken = lines
    broken[14] = line(15, prior: 99, next: 15)
    cases.append(("chain break", broken.joined(separator: "\n") + "\n"))
    var reordered = lines
    reordered[20] = reordered[20].replacingOccurrences(
      of: #""prior":{"count":20,"#, with: #""prior":{"note":"café 20","count":20,"#
    ).replacingOccurrences(of: #","note":"café 20"},"next""#, with: #"},"next""#)
    cases.append(("reordered prior keys", reordered.joined(separator: "\n") + "\n"))
    var gap = lines
    gap.insert(#"{"dropped":3,"seq":18}"#, at: 17)
    for i in 17..<gap.count where gap[i].hasPrefix(#"{"seq""#) {
      let seq = i + 3
      gap[i] = line(seq, prior: seq - 1, next: seq)
    }
    cases.append(("gap record", gap.joined(separator: "\n") + "\n"))
    var pending = lines
    pending.insert(#"{"pending":true,"seq":9,"action":{"add":{"n":9}}}"#, at: 8)
    pending.append(#"{"pending":true,"seq":41,"action":"crash"}"#)
    cases.append(("pending records", pending.joined(separator: "\n") + "\n"))
    var seqs = lines
    seqs[5] = line(5, prior: 5, next: 6)
    seqs[30] = line(2, prior: 30, next: 31)
    cases.append(("seq repeats and goes back", seqs.joined(separator: "\n") + "\n"))
    cases.append(("torn last line", lines.joined(separator: "\n") + "\n" + #"{"seq":41,"act"#))
    var malformed = lines
    malformed[25] = String(malformed[25].dropLast(3)) + "]}"
    malformed[33] = "not json"
    cases.append(("malformed lines", malformed.joined(separator: "\n") + "\n"))
    var invalid = lines
    invalid[12] = #"{"seq":13,"action":"x","next":{}}"#
    cases.append(("entry without prior", invalid.joined(separator: "\n") + "\n"))
    var badSeq = lines
    badSeq[3] = badSeq[3].replacingOccurrences(of: #"{"seq":4,"#, with: #"{"seq":"4","#)
    cases.append(("seq not an integer", badSeq.joined(separator: "\n") + "\n"))
    var others = lines
    others[7] = String(others[7].dropLast()) + #","origin":{"effect":"load"},"extra":[1,2]}"#
    cases.append(("other members", others.joined(separator: "\n") + "\n"))
    var dup = lines
    dup[9] = String(dup[9].dropLast()) + #","next":\#(state(77))}"#
    cases.append(("repeated key", dup.joined(separator: "\n") + "\n"))
    var escaped = lines
    escaped[4] = escaped[4].replacingOccurrences(of: #""prior""#, with: #""pr\u0069or""#)
    cases.append(("escaped key", escaped.joined(separator: "\n") + "\n"))
    let compact = lines.enumerated().map { i, text in
      i % 4 == 0
        ? text
        : #"{"seq":\#(i + 1),"action":"inc","patch":[{"op":"replace","path":"/count","value":\#(i + 1)}]}"#
    }
    cases.append(("compact", compact.joined(separator: "\n") + "\n"))
    let actionsOnly = (1...30).map { #"{"seq":\#($0),"action":{"add":{"n":\#($0)}}}"# }
    cases.append(("actions only", actionsOnly.joined(separator: "\n") + "\n"))
    return cases
  }()

  /// The fixtures, as files.
  public static let fixtures = [Repo.fixture, Repo.nondeterministic, Repo.crash]

  /// The fixtures in other formats (Redux DevTools, Elm, action-only), as files.
  public static let interopFixtures: [String] = {
    let folder = Repo.root.appendingPathComponent("Fixtures/interop")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0).path }
  }()

  /// A log of `text` read from memory.
  public static func log(_ text: String, name: String = "LOG") throws -> LogFile {
    try LogFile(contents: Array(text.utf8), name: name)
  }
}
