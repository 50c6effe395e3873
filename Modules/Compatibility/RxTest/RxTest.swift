// The module a package that moves from RxSwift imports in place of RxTest, so its tests build
// unchanged (`RxTest.TestScheduler` included). The test scheduler, recorded events and
// assertions come from `ReactiveTesting`.
@_exported import ReactiveCore
@_exported import ReactiveTesting
