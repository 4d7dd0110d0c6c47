import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI
@testable import TimeTravel
@testable import TimeTravelJQ
@testable import TimeTravelJSON

/// `[[…[1]…]]`, `depth` arrays deep.
func nestedArrays(_ depth: Int) -> String {
  String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
}

/// Runs `body` on the CLI's 1 GB-stack thread, as `replay` does, so results
/// do not depend on the test runner's stack size.
func onWorkThread<T>(_ body: @escaping () throws -> T) throws -> T {
  try WorkThread.run { Result { try body() } }.get()
}

/// The error the evaluator's nesting guard raises at its fixed limit.
let nestingLimitMessage =
  "the expression nests deeper than \(Evaluator.maximumDepth) evaluation levels (a recursive"
  + " function such as walk, recurse or tostream on a deeply nested value, or a def that calls itself for each output?)"

/// Recursive filters on deep values used to overflow the stack (a segfault):
/// debug builds crashed on `walk(.)` 90 levels deep. Each case here crashed
/// before the nesting guard and the big-stack thread.
@Suite struct QueryDeepNestingTests {
  @Test func walkOnDeepValue() throws {
    let text = nestedArrays(1_000)
    #expect(try onWorkThread { try jq("walk(.)", text) } == [text])
  }

  @Test func tostreamAndFromstreamOnDeepValue() throws {
    let depth = 2_000
    let zeros = { (n: Int) in "[" + Array(repeating: "0", count: n).joined(separator: ",") + "]" }
    let events = ["[\(zeros(depth)),1]"] + (1...depth).reversed().map { "[\(zeros($0))]" }
    let text = nestedArrays(depth)
    #expect(try onWorkThread { try jq("tostream", text) } == events)
    #expect(try onWorkThread { try jq("fromstream(tostream)", text) } == [text])
  }

  @Test func recurseOnDeepValue() throws {
    let depth = 2_000
    let outputs = try onWorkThread { try jq("recurse(.[0]?)", nestedArrays(depth)) }
    #expect(outputs == (0...depth).reversed().map(nestedArrays))
  }

  @Test func containsAndInsideNeverRecurse() throws {
    // Iterative now: fine at any depth, even on the runner's own thread.
    let text = nestedArrays(100_000)
    #expect(try jq("contains(.)", text) == ["true"])
    #expect(try jq("inside(.)", text) == ["true"])
    #expect(try jq("contains([[[2]]])", text) == ["false"])
  }

  @Test func objectMultiplicationNeverRecurses() throws {
    // Merges at every level, on the runner's own thread.
    let depth = 100_000
    func nested(_ leaf: String) -> String {
      String(repeating: #"{"a":"#, count: depth) + leaf + String(repeating: "}", count: depth)
    }
    let left = try JSONParser.parse(nested(#"{"x":1,"y":2}"#))
    let right = try JSONParser.parse(nested(#"{"y":3,"z":4}"#))
    let product = try JQFilter(".[0] * .[1]").evaluate(.array([left, right]))
    #expect(product == [try JSONParser.parse(nested(#"{"x":1,"y":3,"z":4}"#))])
    #expect(
      try jq(#"{"a":{"b":1,"c":{"d":2}},"e":0} * {"a":{"c":{"f":3}},"e":{"g":4}}"#) == [
        #"{"a":{"b":1,"c":{"d":2,"f":3}},"e":{"g":4}}"#
      ])
  }

  @Test func longRepeat() throws {
    let zeros = "[" + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]"
    #expect(try onWorkThread { try jq("[limit(10000; repeat(0))]", "0") } == [zeros])
  }

  @Test func nestingPastTheLimitIsAnError() throws {
    // Each output of `f` nests at least one more evaluation level (`repeat` is a loop).
    let program = "def f: ., (. + 1 | f); [limit(\(Evaluator.maximumDepth); f)]"
    #expect(try onWorkThread { try jqRuntimeError(program) } == nestingLimitMessage)
    // `try`, `?` and `//` must not swallow it: that would cut outputs short.
    for wrapped in ["try (\(program)) catch 0", "(\(program))?", "(\(program)) // 0"] {
      #expect(try onWorkThread { try jqRuntimeError(wrapped) } == nestingLimitMessage)
    }
  }

  @Test func smallStackStopsWithAnErrorInsteadOfCrashing() throws {
    // On the runner's thread (8 MB on Linux, 512 KB on Apple platforms) the
    // stack check stops `walk` long before the fixed limit.
    let message = try #require(try jqRuntimeError("walk(.)", nestedArrays(100_000)))
    #expect(message.hasPrefix("the expression nests deeper than "))
    #expect(
      message.hasSuffix(
        " evaluation levels (a recursive function such as walk,"
          + " recurse or tostream on a deeply nested value, or a def that calls itself for each output?)"
      ))
  }

  /// Each thread's stack bounds are asked once and kept for that thread: the same
  /// bounds as asking, and the work thread's are its own (1 GB), not the runner's.
  @Test func stackBoundsAreKeptPerThread() throws {
    let here = ThreadStack.bounds()
    #expect(ThreadStack.cachedBounds()?.low == here?.low)
    #expect(ThreadStack.cachedBounds()?.size == here?.size)
    let (asked, kept, keptAgain) = try onWorkThread {
      (ThreadStack.bounds(), ThreadStack.cachedBounds(), ThreadStack.cachedBounds())
    }
    #if os(Linux)
      let work = try #require(asked)
      #expect(work.size >= 64 << 20)
      #expect(kept?.low == work.low && kept?.size == work.size)
      #expect(keptAgain?.low == work.low && keptAgain?.size == work.size)
      #expect(work.low != here?.low)
    #endif
    #expect(ThreadStack.cachedBounds()?.low == here?.low)
  }

  @Test func evalThroughTheCLI() {
    let text = nestedArrays(1_000)
    let deep = replay("--eval", "walk(.)", stdin: text + "\n")
    #expect(deep.code == ExitCode.success)
    #expect(deep.out == text + "\n")
    #expect(deep.err == "")

    let tooDeep = replay(
      "--eval", "def f: ., (. + 1 | f); [limit(\(Evaluator.maximumDepth); f)] | length",
      stdin: "0 1\n")
    #expect(tooDeep.code == ExitCode.evaluationError)
    #expect(tooDeep.out == "")
    #expect(
      tooDeep.err == "replay: error (at input 1): \(nestingLimitMessage)\n"
        + "replay: error (at input 2): \(nestingLimitMessage)\n")
  }
}
