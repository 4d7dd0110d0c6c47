// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "replay",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TimeTravel", targets: ["TimeTravel"]),
    .library(name: "TimeTravelJSON", targets: ["TimeTravelJSON"]),
    .library(name: "TimeTravelDiff", targets: ["TimeTravelDiff"]),
    .library(name: "TimeTravelJQ", targets: ["TimeTravelJQ"]),
    .library(name: "ReplayCLI", targets: ["ReplayCLI"]),
    .library(name: "TodoReducer", targets: ["TodoReducer"]),
    .library(name: "LoginReducer", targets: ["LoginReducer"]),
    .library(name: "CounterReducer", targets: ["CounterReducer"]),
    .library(name: "SearchReducer", targets: ["SearchReducer"]),
    .library(name: "TimeTravelTesting", targets: ["TimeTravelTesting"]),
    .library(name: "ProfileSample", targets: ["ProfileSample"]),
    .executable(name: "replay", targets: ["replay"]),
    .executable(name: "make-fixtures", targets: ["make-fixtures"]),
    .executable(name: "replay-bench", targets: ["replay-bench"]),
    .executable(name: "record-bench", targets: ["record-bench"]),
  ],
  targets: [
    // JSON values with exact numbers and key bytes: parser, validating scan, printer,
    // and the recorder's direct-to-bytes encoder.
    .target(name: "TimeTravelJSON"),
    // Differences between JSON values: the id-aware diff and its renderings, JSON Patch
    // (RFC 6902) and JSON Pointer (RFC 6901).
    .target(name: "TimeTravelDiff", dependencies: ["TimeTravelJSON"]),
    // The jq language: lexer, parser, evaluator and builtins.
    .target(name: "TimeTravelJQ", dependencies: ["TimeTravelJSON"]),
    // Reducer core, effects, the log (recording and reading) and debugging (bisect,
    // watch, replay); re-exports TimeTravelJSON and TimeTravelDiff, whose types its API uses.
    .target(name: "TimeTravel", dependencies: ["TimeTravelJSON", "TimeTravelDiff"]),
    // The example to-do app from the MVI article, made pure; source of the fixtures.
    .target(name: "TodoReducer", dependencies: ["TimeTravel"]),
    // A login form with an async effect and a password that must never be logged.
    .target(name: "LoginReducer", dependencies: ["TimeTravel"]),
    // Counters from Redux DevTools' and Elm's examples, to replay their exported histories.
    .target(name: "CounterReducer", dependencies: ["TimeTravel"]),
    // Search as you type, with the race of responses applied without checking the
    // current query; the sample for `replay --races`.
    .target(name: "SearchReducer", dependencies: ["TimeTravel"]),
    // The MVVM article's profile screen: a @MainActor view model with an actor data
    // manager and tasks it cancels, recorded without a reducer.
    .target(name: "ProfileSample", dependencies: ["TimeTravel"]),
    // Records the profile screen's scripted session: `swift run profile-sample`.
    .executableTarget(name: "profile-sample", dependencies: ["ProfileSample", "TimeTravel"]),
    // Test helpers that record Swift Testing issues (TestStore); apps' test targets only.
    .target(name: "TimeTravelTesting", dependencies: ["TimeTravel"]),
    // The command-line layer as a library, so tests and apps can call it.
    // Its HTML report's stylesheet and scripts (Report/Assets/) are compiled in by a build
    // plugin, so the binary needs no resource bundle beside it.
    .target(
      name: "ReplayCLI", dependencies: ["TimeTravel", "TimeTravelJQ"], exclude: ["Report/Assets"],
      plugins: ["EmbedReportAssets"]),
    .executableTarget(name: "embed-report-assets"),
    .plugin(
      name: "EmbedReportAssets", capability: .buildTool(), dependencies: ["embed-report-assets"]),
    // `replay` itself: the command line with the bundled reducers registered.
    .executableTarget(
      name: "replay", dependencies: ["ReplayCLI", "TodoReducer", "LoginReducer", "CounterReducer"]),
    // The README's recording example as a program: an app that only records, and so
    // links neither the jq engine nor the CLI (`swift run counter-sample`).
    .executableTarget(name: "counter-sample", dependencies: ["TimeTravel"]),
    // Regenerates Fixtures/ from scripted sessions: `swift run make-fixtures`.
    .executableTarget(
      name: "make-fixtures", dependencies: ["TimeTravel", "TodoReducer", "SearchReducer"]),
    // Recording costs: dispatch with and without the asynchronous recorder, writer
    // throughput, bytes per entry (`swift run -c release record-bench`).
    .executableTarget(name: "record-bench", dependencies: ["TimeTravel", "TodoReducer"]),
    // Performance figures beside their peers (jq, Python, Foundation):
    // `swift run -c release replay-bench [--quick] [--size MB]`. Kept out of
    // the tests, which never assert wall-clock times.
    .executableTarget(
      name: "replay-bench", dependencies: ["TimeTravel", "TimeTravelJQ", "TodoReducer"]),
    // Tests mirror the modules: one test target per library, and one for the command
    // line end to end. What several of them share (the repository's paths, temporary
    // logs, the in-process `replay`, small reducers) is in TestSupport.
    .target(
      name: "TestSupport",
      dependencies: [
        "TimeTravel", "TimeTravelJSON", "TimeTravelJQ", "TodoReducer", "LoginReducer",
        "CounterReducer", "ReplayCLI",
      ],
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "TimeTravelJSONTests",
      dependencies: [
        "TimeTravelJSON", "TimeTravel", "TimeTravelDiff", "TimeTravelJQ", "TodoReducer",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "TimeTravelDiffTests",
      dependencies: ["TimeTravelDiff", "TimeTravelJSON", "TimeTravel", "TestSupport"]
    ),
    .testTarget(
      name: "TimeTravelJQTests",
      dependencies: ["TimeTravelJQ", "TimeTravelJSON", "TimeTravel", "TestSupport"]
    ),
    .testTarget(
      name: "TimeTravelTests",
      dependencies: [
        "TimeTravel", "TimeTravelJSON", "TimeTravelDiff", "TimeTravelJQ", "TodoReducer",
        "CounterReducer", "SearchReducer", "TestSupport",
      ]
    ),
    .testTarget(
      name: "TimeTravelTestingTests",
      dependencies: [
        "TimeTravelTesting", "TimeTravel", "TimeTravelJSON", "TodoReducer", "LoginReducer",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "ReplayCLITests",
      dependencies: [
        "ReplayCLI", "TimeTravel", "TimeTravelJSON", "TimeTravelDiff", "TimeTravelJQ",
        "TodoReducer",
        "LoginReducer", "TimeTravelTesting", "ProfileSample", "TestSupport",
        // Compiled with the tests so that the README's recording example always builds.
        "counter-sample",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
