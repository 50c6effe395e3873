import AppComposition
import Foundation
import LocalBackend
import ReactiveTesting
import RemoteBackend
import Services
import TestSupport
import Testing

/// The timeline's services: a post cache on either side, and the live demo posts on the
/// embedded store unless turned off.
@Suite struct TimelineServicesTests {
  @Test func localWrapsTheBackendInTheLiveDemoUnlessToldNotTo() throws {
    try withTemporaryDirectory { directory in
      let scheduler = TestScheduler.milliseconds()
      let services = try AppServices.local(directory: directory, scheduler: scheduler)
      let backend = try #require(services.auth as? LocalBackend)
      // The timeline's live demo writes through the same backend; without it, the backend.
      #expect((services.timeline as? LiveDemoTimeline)?.backend === backend)
      #expect(services.postCache is InMemoryPostCache)
      let quiet = try AppServices.local(
        directory: directory, scheduler: scheduler, features: FeatureServices.withoutLivePosts)
      #expect(quiet.timeline === quiet.auth as? LocalBackend)
      #expect(quiet.postCache is InMemoryPostCache)
    }
  }

  @Test func remoteTakesTheTimelineFromTheServer() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080"))
    let directory = URL(fileURLWithPath: "/tmp/app-data", isDirectory: true)
    let services = AppServices.remote(
      url: url, directory: directory, scheduler: TestScheduler.milliseconds())
    #expect(services.timeline === services.auth as? RemoteBackend)
    #expect(services.postCache is InMemoryPostCache)
  }
}
