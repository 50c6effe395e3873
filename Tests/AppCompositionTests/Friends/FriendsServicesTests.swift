import AppComposition
import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

/// The friends and search features' services: the backend, on either side.
@Suite struct FriendsServicesTests {
  @Test func localServesFriendsAndSearchFromTheSeededBackend() throws {
    try withTemporaryDirectory { directory in
      let scheduler = TestScheduler.milliseconds()
      let services = try AppServices.local(directory: directory, scheduler: scheduler)
      let backend = try #require(services.auth as? LocalBackend)
      #expect(services.friends is LocalRecords<Friend>)
      #expect(services.search === backend)
      let friends = scheduler.createObserver([Friend].self)
      _ = services.friends.records().asObservable().subscribe(friends)
      scheduler.start()
      expectEqual(friends.events.first?.value.element?.count, 20)
    }
  }

  @Test func localKeepsTheDataAlreadyInTheDirectory() throws {
    try withTemporaryDirectory { directory in
      try LocalStore(directory: directory).remove(Friend.self, id: 1)
      let services = try AppServices.local(
        directory: directory, scheduler: TestScheduler.milliseconds())
      let backend = try #require(services.auth as? LocalBackend)
      #expect(try backend.store.records(Friend.self).count == 19)
    }
  }

  @Test func remoteServesFriendsAndSearchFromTheServer() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080"))
    let directory = URL(fileURLWithPath: "/tmp/app-data", isDirectory: true)
    let services = AppServices.remote(
      url: url, directory: directory, scheduler: TestScheduler.milliseconds())
    let backend = try #require(services.auth as? RemoteBackend)
    #expect(services.friends is RemoteRecords<Friend>)
    #expect(services.search === backend)
  }
}
