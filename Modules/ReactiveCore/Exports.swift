// The reactive core of the template: RxSwift's API (with RxRelay's and RxCocoa's traits,
// relays and binders), in `ReactiveCoreBase`, which the drop-in products `RxSwift`, `RxRelay`
// and `RxCocoa` re-export, and what this module adds to it: leak counters, retry with backoff,
// scoped hooks, the concurrency bridges' executor, and a few members of RxSwift's types. The
// additions live here so that code written for RxSwift, which may use these names for its own
// declarations, sees none of them.
@_exported import ReactiveCoreBase
