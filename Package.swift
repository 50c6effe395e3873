// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
  ],
  targets: [
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .target(
      name: "ReactiveTesting", dependencies: ["ReactiveCore"], path: "Modules/ReactiveTesting"),
    .executableTarget(name: "Benchmarks", dependencies: ["ReactiveCore"], path: "Apps/Benchmarks"),
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore", "ReactiveTesting"],
      path: "Tests/ReactiveCoreTests"),
    .testTarget(
      name: "ReactiveTestingTests", dependencies: ["ReactiveCore", "ReactiveTesting"],
      path: "Tests/ReactiveTestingTests"),
  ]
)
