// The module a package that moves from RxSwift imports in place of RxTest, so its tests build
// unchanged (`RxTest.TestScheduler` included). The test scheduler, recorded events and
// assertions come from `ReactiveTestingBase`, which has RxTest's names and no others: what
// `ReactiveTesting` adds (marbles, `resolution`, `asyncClock`, …) is not visible here, so it
// cannot shadow a name of the client's.
@_exported import ReactiveCoreBase
@_exported import ReactiveTestingBase
