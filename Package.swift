// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "librarybot",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "librarybot", targets: ["librarybot"]),
        .library(name: "LibraryCore", targets: ["LibraryCore"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "Transport", targets: ["Transport"]),
        .library(name: "LoopbackPeer", targets: ["LoopbackPeer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "LibraryCore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "Commands",
            dependencies: ["LibraryCore"]
        ),
        .systemLibrary(
            name: "CWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "Transport",
            dependencies: ["CWebSockets", "CCurl"]
        ),
        .target(
            name: "LoopbackPeer",
            dependencies: ["CWebSockets"]
        ),
        .target(
            name: "Gateways",
            dependencies: ["Commands", "LibraryCore", "Transport"]
        ),
        .target(
            name: "Catalogs",
            dependencies: ["LibraryCore", "Transport"]
        ),
        .target(
            name: "Scheduler",
            dependencies: ["LibraryCore", "Commands"]
        ),
        .executableTarget(
            name: "librarybot",
            dependencies: [
                "LibraryCore",
                "Commands",
                "Scheduler",
                "Gateways",
                "Catalogs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "LibraryCoreTests",
            dependencies: ["LibraryCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["Transport", "Commands"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "TransportTests",
            dependencies: ["Transport", "LoopbackPeer", "TestSupport"],
            resources: [.copy("Resources/servers.py")]
        ),
        .testTarget(
            name: "GatewaysTests",
            dependencies: ["Gateways", "Commands", "LibraryCore", "Transport", "TestSupport", "Catalogs"],
            resources: [.copy("Resources/slack_emulator.py"), .copy("Resources/discord_emulator.py"), .copy("Resources/loop_http.py")]
        ),
        .testTarget(
            name: "CatalogsTests",
            dependencies: ["Catalogs", "Commands", "LibraryCore", "Transport", "TestSupport"],
            resources: [.copy("Resources/openlibrary_emulator.py")]
        ),
        .testTarget(
            name: "SchedulerTests",
            dependencies: ["Scheduler", "Commands", "LibraryCore", "TestSupport"]
        ),
        .testTarget(
            name: "CommandsTests",
            dependencies: ["Commands", "LibraryCore", "TestSupport"]
        ),
        .testTarget(
            name: "LibraryBotTests",
            dependencies: ["librarybot", "LibraryCore", "Transport", "TestSupport"],
            resources: [.copy("Resources/pty_session.py")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
