import Foundation
import TimeTravel
import TimeTravelJQ

extension ParseBench {
  /// The parse section's measures, by the name `--question` takes.
  static let questions = [
    "print-tree", "print-bytes", "tojson-tree", "tojson-bytes", "build-all", "eager",
  ]

  /// One measure of the parse section alone, without the peers (for profiling): prints
  /// its throughput on the log's entry lines.
  static func runQuestion(
    _ question: String, data: Data, lines: [Range<Int>], runs: Int
  ) {
    guard questions.contains(question) else {
      print("replay-bench: --question for parse is one of \(questions.joined(separator: ", "))")
      exit(2)
    }
    let bytes = lines.reduce(0) { $0 + $1.count }
    func eachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      data.withUnsafeBytes { raw in
        let all = raw.bindMemory(to: UInt8.self)
        for range in lines { body(UnsafeBufferPointer(rebasing: all[range])) }
      }
    }
    var values: [JSONValue] = []
    if question.hasSuffix("-tree") {
      eachLine { line in
        var parser = JSONParser(bytes: line)
        values.append(try! parser.parseNext())
      }
    } else if question.hasSuffix("-bytes") {
      eachLine { line in values.append(try! JSONParser.parse(bytes: line)) }
    }
    var out: [UInt8] = []
    out.reserveCapacity(64 << 20)
    let seconds = medianSeconds(runs: runs) {
      switch question {
      case "print-tree", "print-bytes":
        for value in values {
          out.removeAll(keepingCapacity: true)
          JSONPrinter.compact.write(value, to: &out)
        }
      case "tojson-tree", "tojson-bytes":
        for value in values { precondition(!JSONPrinter.jq.print(value).isEmpty) }
      case "build-all":
        eachLine { line in buildAll(try! JSONParser.parse(bytes: line)) }
      default:
        eachLine { line in
          var parser = JSONParser(bytes: line)
          _ = try! parser.parseNext()
        }
      }
    }
    print("\(question): \(mbps(bytes, seconds)) (\(secs(seconds)), median of \(runs))")
  }
}
