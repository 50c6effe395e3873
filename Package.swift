// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
  ],
  targets: [
    // Libraries
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .target(name: "CommandLineKit", path: "Modules/CommandLineKit"),
    .target(name: "TerminalUI", path: "Modules/TerminalUI"),

    // Executables
    .executableTarget(name: "Benchmarks", dependencies: ["ReactiveCore"], path: "Apps/Benchmarks"),

    // Tests
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore"], path: "Tests/ReactiveCoreTests"),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit"],
      path: "Tests/CommandLineKitTests"),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI"], path: "Tests/TerminalUITests"),
  ]
)
