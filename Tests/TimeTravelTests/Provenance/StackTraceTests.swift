import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// JavaScript stack traces read into sites, and Redux DevTools imports turning each
/// action's `stack` into its `site`.
struct StackTraceTests {
  @Test func v8AndFirefoxFramesAreRead() {
    let stack = """
      Error
          at Object.dispatch (webpack-internal:///./node_modules/redux-thunk/es/index.js:11:16)
          at handleClick (http://localhost:3000/static/js/src/App.js?t=12:42:9)
          at async load (file:///app/src/api.mjs:7:3)
          at /app/index.js:3:1
          at native
          at eval (eval at <anonymous> (http://x/a.js:1:1), <anonymous>:1:1)
      add@http://localhost:3000/src/cart.js:12:5
      @debugger eval code:1:1
      """
    #expect(
      StackTrace.frames(stack) == [
        LogSite(
          file: "node_modules/redux-thunk/es/index.js", line: 11, function: "Object.dispatch",
          column: 16),
        LogSite(file: "static/js/src/App.js", line: 42, function: "handleClick", column: 9),
        LogSite(file: "/app/src/api.mjs", line: 7, function: "async load", column: 3),
        LogSite(file: "/app/index.js", line: 3, function: nil, column: 1),
        LogSite(file: "src/cart.js", line: 12, function: "add", column: 5),
        LogSite(file: "debugger eval code", line: 1, function: nil, column: 1),
      ])
    #expect(
      StackTrace.site(stack)
        == LogSite(file: "static/js/src/App.js", line: 42, function: "handleClick", column: 9))
    #expect(StackTrace.site("Error\n    at native") == nil)
    #expect(
      StackTrace.site("    at f (webpack:///node_modules/redux/es/redux.js:3:4)")?.file
        == "node_modules/redux/es/redux.js")
  }

  @Test func aLiftedStatesStacksBecomeSites() throws {
    let lifted = """
      {"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1767603600000},
      "1":{"type":"PERFORM_ACTION","action":{"type":"cart/add"},"timestamp":1767603601000,
      "stack":"Error\\n    at dispatch (http://localhost:3000/node_modules/redux/dist/redux.js:9:1)\\n    at addToCart (http://localhost:3000/src/Cart.jsx:31:7)"}},
      "stagedActionIds":[0,1],"skippedActionIds":[],"committedState":{"n":0},
      "computedStates":[{"state":{"n":0}},{"state":{"n":1}}],"currentStateIndex":1}
      """
    let url = Scratch.folder
      .appendingPathComponent("lifted-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(lifted.utf8).write(to: url)
    let opened = try LogOpener.open(path: url.path)
    let entry = try opened.log.entry(1)
    #expect(entry.site == LogSite(file: "src/Cart.jsx", line: 31, function: "addToCart", column: 7))
    #expect(entry.otherMembers.keys == ["site", "stack"])
  }
}
