// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Friends",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
    .library(name: "Models", targets: ["Models"]),
    .library(name: "Services", targets: ["Services"]),
    .library(name: "ServicesTesting", targets: ["ServicesTesting"]),
    .library(name: "LocalBackend", targets: ["LocalBackend"]),
    .library(name: "AppAPI", targets: ["AppAPI"]),
    .library(name: "RemoteBackend", targets: ["RemoteBackend"]),
    .library(name: "AppComposition", targets: ["AppComposition"]),
    .library(name: "Navigator", targets: ["Navigator"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .library(name: "HTTPServer", targets: ["HTTPServer"]),
    .library(name: "FriendsServer", targets: ["FriendsServer"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .executable(name: "friends", targets: ["FriendsCLI"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
    .executable(name: "friends-tui", targets: ["FriendsTUI"]),
    .executable(name: "friends-server", targets: ["FriendsServerApp"]),
    .executable(name: "store-stress", targets: ["StoreStress"]),
  ],
  targets: [
    // Libraries
    .target(name: "ReactiveCore", path: "Modules/ReactiveCore"),
    .target(
      name: "ReactiveTesting", dependencies: ["ReactiveCore"], path: "Modules/ReactiveTesting"),
    .target(name: "Models", path: "Modules/Models"),
    .target(name: "Services", dependencies: ["Models", "ReactiveCore"], path: "Modules/Services"),
    .target(
      name: "ServicesTesting",
      dependencies: ["Models", "Services", "ReactiveCore", "ReactiveTesting"],
      path: "Modules/ServicesTesting"),
    // The embedded store of the app's data, and the services over it.
    .target(
      name: "LocalBackend", dependencies: ["Models", "Services", "ReactiveCore"],
      path: "Modules/LocalBackend"),
    // The HTTP API's routes and bodies, shared by the server and the remote backend.
    .target(name: "AppAPI", dependencies: ["Models"], path: "Modules/AppAPI"),
    // The services over the app's HTTP API.
    .target(
      name: "RemoteBackend", dependencies: ["Models", "Services", "AppAPI", "ReactiveCore"],
      path: "Modules/RemoteBackend"),
    // The app's names and the choice of a backend: what the fronts build the app from.
    .target(
      name: "AppComposition",
      dependencies: ["Models", "Services", "LocalBackend", "RemoteBackend", "ReactiveCore"],
      path: "Modules/AppComposition"),
    .target(
      name: "Navigator", dependencies: ["Models", "ReactiveCore"], path: "Modules/Navigator"),
    .target(
      name: "ViewModels", dependencies: ["Models", "Services", "Navigator", "ReactiveCore"],
      path: "Modules/ViewModels"),
    .target(name: "HTTPServer", path: "Modules/HTTPServer"),
    .target(
      name: "FriendsServer", dependencies: ["HTTPServer", "LocalBackend", "AppAPI", "Models"],
      path: "Modules/FriendsServer"),
    .target(name: "CommandLineKit", path: "Modules/CommandLineKit"),
    .target(name: "TerminalUI", path: "Modules/TerminalUI"),

    // Executables
    // Measures the reactive core (on a real and a virtual clock) and the embedded store.
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["ReactiveCore", "ReactiveTesting", "Models", "Services", "LocalBackend"],
      path: "Apps/Benchmarks", exclude: ["README.md"]),
    // The command-line front: parses arguments, feeds the view models, prints their outputs.
    .executableTarget(
      name: "FriendsCLI",
      dependencies: [
        "CommandLineKit", "ViewModels", "Navigator", "Services", "AppComposition", "LocalBackend",
        "Models", "ReactiveCore",
      ],
      path: "Apps/CLI"),
    // The HTTP server of the Friends API, over the embedded store.
    .executableTarget(
      name: "FriendsServerApp", dependencies: ["FriendsServer", "AppComposition"],
      path: "Apps/Server"),
    // Writes to a store from a separate process; the store's tests launch it to prove that
    // concurrent and killed writers lose no acknowledged write.
    .executableTarget(
      name: "StoreStress", dependencies: ["LocalBackend", "Models"], path: "Apps/StoreStress"),
    // The full-screen terminal front: screens over the view models, drawn with TerminalUI.
    .executableTarget(
      name: "FriendsTUI",
      dependencies: [
        "ViewModels", "Navigator", "Services", "AppComposition", "LocalBackend", "Models",
        "ReactiveCore", "TerminalUI",
      ],
      path: "Apps/TUI"),

    // Tests
    // What test targets share: temporary directories, launching built executables, a
    // pseudo-terminal.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "ReactiveCoreTests", dependencies: ["ReactiveCore", "ReactiveTesting"],
      path: "Tests/ReactiveCoreTests"),
    .testTarget(
      name: "ReactiveTestingTests", dependencies: ["ReactiveCore", "ReactiveTesting"],
      path: "Tests/ReactiveTestingTests"),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], path: "Tests/ModelsTests"),
    .testTarget(
      name: "ServicesTests", dependencies: ["Services", "Models", "ReactiveCore"],
      path: "Tests/ServicesTests"),
    .testTarget(
      name: "LocalBackendTests",
      dependencies: [
        "LocalBackend", "Services", "Models", "ReactiveCore", "ReactiveTesting", "StoreStress",
        "TestSupport",
      ],
      path: "Tests/LocalBackendTests"),
    .testTarget(
      name: "AppAPITests", dependencies: ["AppAPI", "Models"], path: "Tests/AppAPITests"),
    .testTarget(
      name: "RemoteBackendTests",
      dependencies: [
        "RemoteBackend", "AppAPI", "LocalBackend", "Services", "Models", "ReactiveCore",
        "ReactiveTesting", "HTTPServer", "FriendsServer", "TestSupport",
      ],
      path: "Tests/RemoteBackendTests"),
    .testTarget(
      name: "AppCompositionTests",
      dependencies: [
        "AppComposition", "LocalBackend", "RemoteBackend", "Services", "Models", "ReactiveCore",
        "ReactiveTesting", "TestSupport",
      ],
      path: "Tests/AppCompositionTests"),
    .testTarget(
      name: "NavigatorTests",
      dependencies: ["Navigator", "Models", "ReactiveCore", "ReactiveTesting"],
      path: "Tests/NavigatorTests"),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: [
        "ViewModels", "Navigator", "Models", "Services", "ServicesTesting", "ReactiveCore",
        "ReactiveTesting",
      ],
      path: "Tests/ViewModelsTests"),
    .testTarget(
      name: "HTTPServerTests", dependencies: ["HTTPServer"], path: "Tests/HTTPServerTests"),
    .testTarget(
      name: "FriendsServerTests",
      dependencies: [
        "FriendsServer", "FriendsServerApp", "LocalBackend", "RemoteBackend", "AppAPI",
        "AppComposition",
      ],
      path: "Tests/FriendsServerTests"),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit"],
      path: "Tests/CommandLineKitTests"),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "FriendsCLI", "CommandLineKit", "ViewModels", "Navigator", "Services", "ServicesTesting",
        "LocalBackend", "AppComposition", "Models", "ReactiveCore", "ReactiveTesting",
        "HTTPServer", "FriendsServer",
      ],
      path: "Tests/CLITests"),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI"], path: "Tests/TerminalUITests"),
    .testTarget(
      name: "TUITests",
      dependencies: [
        "FriendsTUI", "TerminalUI", "ViewModels", "Navigator", "Services", "ServicesTesting",
        "AppComposition", "Models", "ReactiveCore", "ReactiveTesting",
      ],
      path: "Tests/TUITests"),
    // Runs the benchmark executable on tiny sizes: its command line and its results.
    .testTarget(
      name: "FrontsTests",
      dependencies: [
        "FriendsCLI", "FriendsTUI", "CommandLineKit", "TerminalUI", "Services", "ServicesTesting",
        "AppComposition", "Models", "ReactiveCore", "ReactiveTesting",
      ],
      path: "Tests/FrontsTests"),
    .testTarget(
      name: "BenchmarksTests", dependencies: ["Benchmarks"], path: "Tests/BenchmarksTests"),
  ]
)
