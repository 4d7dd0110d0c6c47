import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON
