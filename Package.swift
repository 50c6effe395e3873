// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "Models", targets: ["Models"]),
    .library(name: "Services", targets: ["Services"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
    .executable(name: "store-stress", targets: ["StoreStress"]),
  ],
  targets: [
    // Libraries
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .target(name: "Models", path: "Modules/Models"),
    .target(name: "Services", dependencies: ["Models"], path: "Modules/Services"),
    .target(name: "CommandLineKit", path: "Modules/CommandLineKit"),
    .target(name: "TerminalUI", path: "Modules/TerminalUI"),

    // Executables
    .executableTarget(name: "Benchmarks", dependencies: ["ReactiveCore"], path: "Apps/Benchmarks"),
    // Writes to a store from a separate process; the store's tests launch it to prove that
    // concurrent and killed writers lose no acknowledged write.
    .executableTarget(name: "StoreStress", dependencies: ["Services"], path: "Apps/StoreStress"),

    // Tests
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore"], path: "Tests/ReactiveCoreTests"),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], path: "Tests/ModelsTests"),
    .testTarget(
      name: "ServicesTests", dependencies: ["Services", "StoreStress"],
      path: "Tests/ServicesTests"),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit"],
      path: "Tests/CommandLineKitTests"),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI"], path: "Tests/TerminalUITests"),
  ]
)
