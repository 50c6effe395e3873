// The module a package that moves from RxSwift imports in place of RxSwift, so its sources
// build unchanged, `import RxSwift` and names written with their module
// (`RxSwift.Observable<Int>`) included. Everything comes from `ReactiveCore`.
@_exported import ReactiveCoreBase
