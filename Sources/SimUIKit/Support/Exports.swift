// UIKit re-exports Foundation: an app file that imports only UIKit uses `Date`, `URL`, `NSCoder` and
// `NSObject` (A10).
@_exported import Foundation
