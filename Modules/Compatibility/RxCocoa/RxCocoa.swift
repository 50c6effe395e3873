// The module a package that moves from RxSwift imports in place of RxCocoa, so its sources
// build unchanged (`RxCocoa.Driver` included). `Driver`, `Signal`, `Binder`, `ControlEvent`
// and `ControlProperty` come from `ReactiveCore`; RxCocoa's `URLSession` extensions are in
// `URLSession+Rx.swift`; UIKit and AppKit extensions are not part of it. As RxCocoa does, it
// brings the relays too (`RxRelay.BehaviorRelay`).
@_exported import ReactiveCoreBase
@_exported import RxRelay
