import AppComposition
import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import TestSupport
import Testing

/// The __phrase__ entries on the embedded store: what one opening adds, the next one lists,
/// with each declared field.
@Suite(.timeLimit(.minutes(1))) struct __Feature__PersistenceTests {
  @Test func anEntryAddedOnceIsThereWhenTheStoreIsOpenedAgain() throws {
    try withTemporaryDirectory { directory in
      let scheduler = SerialDispatchQueueScheduler(qos: .default)
      let first = try AppServices.local(directory: directory, scheduler: scheduler)
      let draft = try __Feature__Draft().setting(
        Dictionary(uniqueKeysWithValues: __Feature__Draft.fields.map { ($0.name, $0.example) }))
      let added = try first.__feature__.add(draft).toBlocking(timeout: 10).single()
      expectEqual(added.draft, draft.trimmed)
      if let message = __Feature__Draft().validation.message {
        #expect(throws: ServiceError.invalid(message)) {
          try first.__feature__.add(__Feature__Draft()).toBlocking(timeout: 10).single()
        }
      }

      let second = try AppServices.local(directory: directory, scheduler: scheduler)
      let items = try second.__feature__.records().toBlocking(timeout: 10).single()
      expectEqual(items, [added])
      _ = try second.__feature__.remove(id: added.id).toBlocking(timeout: 10).toArray()
      #expect(try LocalStore(directory: directory).records(__Feature__Item.self).isEmpty)
    }
  }
}
