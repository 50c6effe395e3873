// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
  ],
  targets: [
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .executableTarget(name: "Benchmarks", dependencies: ["ReactiveCore"], path: "Apps/Benchmarks"),
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore"], path: "Tests/ReactiveCoreTests"),
    .target(name: "CommandLineKit", path: "Modules/CommandLineKit"),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit"],
      path: "Tests/CommandLineKitTests"),
  ]
)
