// The published coordinator libraries expose UIKit to the files that import them; this adapter exposes
// SimUIKit the same way, so an app file whose only change is its import lines compiles (A10, A12).
@_exported import SimUIKit
