import Foundation
import TimeTravelJSON

/// Time.
extension Builtins {
  static let dates: [Builtin] = [
    .value("now", 0) { _, _ in number(Date().timeIntervalSince1970) }
  ]
}
