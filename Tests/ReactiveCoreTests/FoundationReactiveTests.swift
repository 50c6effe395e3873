import Foundation
import ReactiveCore
import Testing

/// A Foundation object of the test's own.
private final class Thermostat: NSObject {
  var target = 20
}

extension Reactive where Base: Thermostat {
  /// Each new target, as an extension on the namespace would offer it.
  fileprivate func targets(_ values: [Int]) -> Observable<Int> {
    Observable.from(values).do(onNext: { [base] in base.target = $0 })
  }
}

@Suite struct FoundationReactiveTests {
  @Test func foundationObjectsHaveTheNamespaceTypedAsThemselves() {
    let thermostat = Thermostat()
    let namespace: Reactive<Thermostat> = thermostat.rx
    var seen: [Int] = []
    _ = namespace.targets([18, 22]).subscribe(onNext: { seen.append($0) })
    #expect(seen == [18, 22])
    #expect(thermostat.target == 22)
    #expect(namespace.base === thermostat)
    #expect(Thermostat.rx == Reactive<Thermostat>.self)
    #expect(NSObject().rx.base.isKind(of: NSObject.self))
  }
}
