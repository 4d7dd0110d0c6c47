import CLITestSupport
import Foundation
import TestSupport
import Testing

/// `--blame PATH`: the sites whose entries changed a value, ranked by entries.
@Suite struct BlameModeTests {
  @Test func theSitesThatChangedTheTotal() {
    let (code, out, err) = replay(CheckoutFixture.path, "--blame", "/total")
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        3 entries changed /total, from 2 sites:
          2 entries  2…3  CheckoutSample/CheckoutView.swift:24 in addTapped(_:price:)
          1 entry    6    CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:), in the effect `charge`

        """)
    let json = replay(CheckoutFixture.path, "--blame", ".total", "--format", "json")
    #expect(
      json.out
        == #"{"path":"/total","entries":3,"sites":[{"site":\#(CheckoutFixture.addTapped),"entries":2,"first":2,"last":3},{"site":\#(CheckoutFixture.refundSend),"effect":"charge","entries":1,"first":6,"last":6}]}"#
        + "\n")
  }

  @Test func rangeAndWhereRestrictTheEntries() {
    let range = replay(CheckoutFixture.path, "--blame", "/total", "--range", "1..3")
    #expect(
      range.out == """
        2 entries changed /total in entries 1..3, from 1 site:
          2 entries  2…3  CheckoutSample/CheckoutView.swift:24 in addTapped(_:price:)

        """)
    let effectSent = replay(CheckoutFixture.path, "--blame", "/total", "--where", "has(\"origin\")")
    #expect(
      effectSent.out.hasPrefix(
        "1 entry changed /total, from 1 site:\n  1 entry  6  CheckoutSample/CheckoutReducer.swift:58"
      ))
  }

  /// Time-travel moves have no site: they are grouped by action name, and the output says
  /// so.
  @Test func entriesWithoutSitesAreGroupedByAction() {
    let (code, out, _) = replay(Repo.fixture, "--blame", "/filter")
    #expect(code == 0)
    #expect(
      out == """
        33 entries changed /filter:
        (entries without a dispatch site are grouped by action name)
          26 entries  15…236   TodoReducer/TodoSessionFixture.swift:142 in changeFilter()
          3 entries   40…223   action @@undo
          3 entries   106…219  action @@jump
          1 entry     41       action @@redo

        """)
    let json = replay(Repo.fixture, "--blame", "/filter", "--range", "1..45", "--format", "json")
    #expect(
      json.out
        == #"{"path":"/filter","range":"1..45","entries":9,"sites":[{"site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"},"entries":7,"first":15,"last":45},{"site":null,"action":"@@undo","entries":1,"first":40,"last":40},{"site":null,"action":"@@redo","entries":1,"first":41,"last":41}],"groupedByAction":true}"#
        + "\n")
  }

  @Test func aPathNamingManyPlacesIsAUsageError() {
    let (code, _, err) = replay(CheckoutFixture.path, "--blame", ".lines[]")
    #expect(code == 2)
    #expect(
      err
        == "replay: --blame: column 7 of '.lines[]': '[]' iterates, so the expression has many paths\n"
    )
  }

  /// A site's file name with control characters is shown escaped.
  @Test func aHostileFileNameIsEscaped() throws {
    let log = try TempLog(
      """
      {"seq":1,"action":{"a":{}},"site":{"file":"A\\u001b[31m.swift","line":3},"prior":{"n":0},"next":{"n":1}}

      """)
    let (_, out, _) = replay(log.path, "--blame", "/n")
    #expect(!out.contains("\u{1B}"))
    #expect(out == "1 entry changed /n, from 1 site:\n  1 entry  1  A\\u001b[31m.swift:3\n")
  }
}
