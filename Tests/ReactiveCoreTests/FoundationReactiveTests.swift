import Foundation
import ReactiveCore
import ReactiveTesting
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
    expectEqual(seen, [18, 22])
    expectEqual(thermostat.target, 22)
    #expect(namespace.base === thermostat)
    #expect(Thermostat.rx == Reactive<Thermostat>.self)
    #expect(NSObject().rx.base.isKind(of: NSObject.self))
  }

  @Test func aNotificationCenterDeliversItsNotificationsUntilDisposed() {
    let center = NotificationCenter()
    let saved = Notification.Name("saved")
    let sender = Thermostat()
    var received: [String] = []
    let all = center.rx.notification(saved).subscribe(onNext: {
      received.append("all \($0.name.rawValue)")
    })
    let fromSender = center.rx.notification(saved, object: sender).subscribe(onNext: { _ in
      received.append("from sender")
    })
    center.post(name: saved, object: sender)
    center.post(name: saved, object: nil)
    center.post(name: Notification.Name("other"), object: sender)
    all.dispose()
    fromSender.dispose()
    center.post(name: saved, object: sender)
    // The center picks the order of its observers for one post.
    expectEqual(received.sorted(), ["all saved", "all saved", "from sender"])
  }
}
