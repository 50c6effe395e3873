// The module a package that moves from RxSwift imports in place of RxRelay, so its sources
// build unchanged (`RxRelay.BehaviorRelay` included). The relays come from `ReactiveCore`.
@_exported import ReactiveCoreBase
