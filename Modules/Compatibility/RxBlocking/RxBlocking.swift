// The module a package that moves from RxSwift imports in place of RxBlocking, so its tests
// build unchanged (`toBlocking()` included). Blocking reads come from `ReactiveBlocking`.
@_exported import ReactiveBlocking
@_exported import ReactiveCoreBase
