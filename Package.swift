// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "Models", targets: ["Models"]),
    .library(name: "Services", targets: ["Services"]),
    .executable(name: "store-stress", targets: ["StoreStress"]),
    .library(name: "HTTPServer", targets: ["HTTPServer"]),
    .library(name: "FriendsServer", targets: ["FriendsServer"]),
    .executable(name: "friends-server", targets: ["FriendsServerApp"]),
  ],
  targets: [
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore"], path: "Tests/ReactiveCoreTests"),

    .target(name: "Models", path: "Modules/Models"),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], path: "Tests/ModelsTests"),

    .target(name: "Services", dependencies: ["Models"], path: "Modules/Services"),
    // Writes to a store from a separate process; the store's tests launch it to prove that
    // concurrent and killed writers lose no acknowledged write.
    .executableTarget(name: "StoreStress", dependencies: ["Services"], path: "Apps/StoreStress"),
    .testTarget(
      name: "ServicesTests",
      dependencies: ["Services", "StoreStress", "HTTPServer", "FriendsServer"],
      path: "Tests/ServicesTests"),

    // A small HTTP/1.1 server on POSIX sockets: the development backend and the stand-in
    // server of the HTTP client's tests.
    .target(name: "HTTPServer", path: "Modules/HTTPServer"),
    .testTarget(
      name: "HTTPServerTests", dependencies: ["HTTPServer"], path: "Tests/HTTPServerTests"),

    // The Friends REST API served from a LocalStore, and its executable.
    .target(
      name: "FriendsServer", dependencies: ["HTTPServer", "Services", "Models"],
      path: "Modules/FriendsServer"),
    .executableTarget(
      name: "FriendsServerApp", dependencies: ["FriendsServer"], path: "Apps/Server"),
    .testTarget(
      name: "FriendsServerTests", dependencies: ["FriendsServer", "FriendsServerApp"],
      path: "Tests/FriendsServerTests"),
  ]
)
