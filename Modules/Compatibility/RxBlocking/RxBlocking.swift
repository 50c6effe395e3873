// The module a package that moves from RxSwift imports in place of RxBlocking, so its tests
// build unchanged (`toBlocking()` included). Blocking reads come from `ReactiveTesting`.
@_exported import ReactiveCore
@_exported import ReactiveTesting
