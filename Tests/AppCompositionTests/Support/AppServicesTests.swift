import AppComposition
import Foundation
import LocalBackend
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

/// How a front end builds its services.
@Suite struct AppServicesTests {
  private func clock() -> TestScheduler {
    TestScheduler.milliseconds()
  }

  @Test func anHTTPSServerIsRefusedExactlyWhereTheTransportCannotReachIt() {
    #expect(AppServices.serverRefusal(URL(string: "http://127.0.0.1:8080")!) == nil)
    let refusal = AppServices.serverRefusal(URL(string: "HTTPS://example.com/api")!)
    if HTTPTransport.supportsHTTPS {
      #expect(refusal == nil)
    } else {
      #expect(
        refusal
          == "this build has no HTTPS support: build with `--traits HTTPS`, or use an http:// "
          + "address (cannot reach HTTPS://example.com/api)")
    }
  }

  @Test func localSeedsAFreshDirectoryAndNamesTheStoreFile() throws {
    try withTemporaryDirectory { parent in
      let directory = parent.appendingPathComponent("friends/data", isDirectory: true)
      let scheduler = clock()
      let services = try AppServices.local(directory: directory, scheduler: scheduler)
      let file = directory.appendingPathComponent("store.json")
      expectEqual(services.origin, file.path)
      #expect(FileManager.default.fileExists(atPath: file.path))
      #expect(try LocalStore(directory: directory).snapshot().generation == 1)

      // Every service is the one backend over that file.
      let backend = try #require(services.auth as? LocalBackend)
      expectEqual(backend.store.fileURL.path, file.path)
      #expect(services.scheduler as? TestScheduler === scheduler)
    }
  }

  @Test func localOnACorruptFileThrowsTheStoresErrorAndLeavesTheFile() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      let garbage = Data("{\"schemaVersion\": 1, \"account\": [".utf8)
      try garbage.write(to: file)
      let reason = "not valid JSON: the text ends too early at line 1, column 34"
      #expect(throws: StoreError.corrupt(path: file.path, reason: reason)) {
        try AppServices.local(directory: directory, scheduler: clock())
      }
      do {
        _ = try AppServices.local(directory: directory, scheduler: clock())
        Issue.record("a corrupt store opened")
      } catch {
        #expect("\(error)".contains(file.path))
      }
      #expect(try file.bytes() == garbage)
      #expect(!FileManager.default.fileExists(atPath: file.path + ".tmp"))
    }
  }

  @Test func theRecordsComeFromTheBackendAndTheFeaturesServicesFromTheGivenMaker() throws {
    try withTemporaryDirectory { directory in
      var madeOn: LocalBackend?
      let services = try AppServices.local(directory: directory, scheduler: clock()) {
        backend, scheduler in
        madeOn = backend
        return FeatureServices.local(backend, scheduler)
      }
      let backend = try #require(services.auth as? LocalBackend)
      #expect(madeOn === backend)
      #expect(services.collections === backend)
      let url = try #require(URL(string: "http://127.0.0.1:1"))
      let remote = AppServices.remote(url: url, directory: directory, scheduler: clock())
      #expect(remote.collections === remote.auth as? RemoteBackend)
    }
  }

  @Test func remoteNamesTheServerAndUsesIt() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080"))
    let scheduler = clock()
    let directory = URL(fileURLWithPath: "/tmp/friends-data", isDirectory: true)
    let services = AppServices.remote(url: url, directory: directory, scheduler: scheduler)
    expectEqual(services.origin, "http://127.0.0.1:8080")
    let backend = try #require(services.auth as? RemoteBackend)
    expectEqual(backend.client.baseURL, url)
    // The session's token is kept in the data directory, for this server.
    let tokens = try #require(backend.client.tokens as? SessionTokenFile)
    expectEqual(tokens.url.path, "/tmp/friends-data/server-session.json")
    expectEqual(tokens.server, "http://127.0.0.1:8080")
    #expect(services.scheduler as? TestScheduler === scheduler)
  }
}
