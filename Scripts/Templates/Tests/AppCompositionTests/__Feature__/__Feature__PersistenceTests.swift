import AppComposition
import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import TestSupport
import Testing

/// The __phrase__ entries on the embedded store: what one opening adds, the next one lists.
@Suite(.timeLimit(.minutes(1))) struct __Feature__PersistenceTests {
  @Test func anEntryAddedOnceIsThereWhenTheStoreIsOpenedAgain() throws {
    try withTemporaryDirectory { directory in
      let scheduler = SerialDispatchQueueScheduler(qos: .default)
      let first = try AppServices.local(directory: directory, scheduler: scheduler)
      let added = try first.__feature__.add(__Feature__Draft(text: " flour ")).toBlocking(
        timeout: 10
      )
      .single()
      #expect(added.text == "flour")
      #expect(throws: ServiceError.invalid("An entry cannot be empty.")) {
        try first.__feature__.add(__Feature__Draft(text: "  ")).toBlocking(timeout: 10).single()
      }

      let second = try AppServices.local(directory: directory, scheduler: scheduler)
      let items = try second.__feature__.records().toBlocking(timeout: 10).single()
      #expect(items == [added])
      _ = try second.__feature__.remove(id: added.id).toBlocking(timeout: 10)
        .toArray()
      #expect(try LocalStore(directory: directory).records(__Feature__Item.self).isEmpty)
    }
  }
}
