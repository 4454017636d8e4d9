import Foundation
import TestSupport
import Testing

@Suite("librarybot digest and remind")
struct ReportCommandTests {
    /// A library where Ana borrowed Dune today, with the library in UTC.
    func library() async throws -> (folder: URL, arguments: [String]) {
        let folder = try temporaryDirectory()
        let database = folder.appendingPathComponent("r.sqlite").path
        let outcome = try await BinaryRunner.run(["console", "--database", database, "--as", "Ana"],
                                           stdin: "add Dune by Frank Herbert\nadd Emma by Jane Austen\ncheckout Dune\n")
        #expect(outcome.status == 0)
        return (folder, ["--database", database])
    }

    func localTime(daysFromNow days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    @Test("digest prints who has what now, and at a later --at with the loan overdue")
    func digest() async throws {
        let (folder, arguments) = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = try await BinaryRunner.run(["digest"] + arguments)
        #expect(now.status == 0)
        #expect(now.stdout.hasPrefix("Who has what: 1 book out\n  Ana: Dune, due "))
        #expect(now.stdout.contains("1 book on the shelf."))
        #expect(!now.stdout.contains("overdue"))
        let later = try await BinaryRunner.run(["digest", "--at", localTime(daysFromNow: 20)] + arguments)
        #expect(later.stdout.contains("(6 days overdue)"), "\(later.stdout)")
    }

    @Test("remind prints nothing due today, and Ana's reminder near the due date")
    func remind() async throws {
        let (folder, arguments) = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let today = try await BinaryRunner.run(["remind"] + arguments)
        #expect(today.stdout == "Nothing is due soon or overdue: no reminder to send.\n")
        let soon = try await BinaryRunner.run(["remind", "--at", localTime(daysFromNow: 13)] + arguments)
        #expect(soon.stdout.hasPrefix("To Ana:\nLibrary reminder for Ana: 1 book to bring back\n  Dune, due "))
        #expect(soon.stdout.contains("Type `return Dune` once it is back, or `renew Dune` for more time."))
        let late = try await BinaryRunner.run(["remind", "--at", localTime(daysFromNow: 30)] + arguments)
        #expect(late.stdout.contains("(16 days overdue)"), "\(late.stdout)")
    }

    @Test("remind also shows the holds that would lapse (books kept past library.hold_days), and lapses nothing")
    func remindLapses() async throws {
        let (folder, arguments) = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await BinaryRunner.run(["console", "--as", "Ben"] + arguments, stdin: "hold Dune\n")
        _ = try await BinaryRunner.run(["console", "--as", "Ana"] + arguments, stdin: "return Dune\n")
        let later = try await BinaryRunner.run(["remind", "--at", localTime(daysFromNow: 8)] + arguments,
                                               environment: ["LIBRARY_HOLD_DAYS": "3"])
        #expect(later.status == 0)
        #expect(later.stdout.hasPrefix("To Ben:\nYour hold on Dune has lapsed: it was kept for you until "), "\(later.stdout)")
        #expect(later.stdout.contains("It is on the shelf, free for anyone."))
        // Printing changes nothing: Dune is still kept for Ben.
        let asked = try await BinaryRunner.run(["console", "--as", "Cy"] + arguments, stdin: "who has Dune\n")
        #expect(asked.stdout.hasPrefix("Dune is on the shelf, kept for Ben until "), "\(asked.stdout)")
        let negative = try await BinaryRunner.run(["remind"] + arguments, environment: ["LIBRARY_HOLD_DAYS": "-1"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("library.hold_days must be from 0 to 365 (found -1)"))
    }

    @Test("--at takes a local time in library.timezone, or an ISO 8601 instant with its offset")
    func atInstants() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--database", folder.appendingPathComponent("k.sqlite").path]
        // UTC+14: a local noon is 22:00 UTC the day before.
        let zone = ["LIBRARY_TIMEZONE": "Pacific/Kiritimati"]
        _ = try await BinaryRunner.run(["console", "--as", "Ana"] + arguments, stdin: "add Dune by Frank Herbert\ncheckout Dune\n", environment: zone)
        let listed = try await BinaryRunner.run(["books", "list"] + arguments, environment: zone)
        // "#1 Dune, by Frank Herbert (out: Ana, due 2026-12-09)": due at the end of that day in Kiritimati.
        guard let due = listed.stdout.split(separator: "due ").last?.prefix(10) else {
            Issue.record("no due day in \(listed.stdout)")
            return
        }
        for (at, overdue) in [("\(due) 12:00", false), ("\(due)T12:00", false), ("\(due)T12:00:00+14:00", false),
                              ("\(due)T09:00Z", false), ("\(due)T12:00:00Z", true), ("\(due)T12:00:00.250Z", true),
                              ("\(due)T02:00-10:00", true)] {
            let digest = try await BinaryRunner.run(["digest", "--at", at] + arguments, environment: zone)
            #expect(digest.status == 0, "\(at): \(digest.stderr)")
            #expect(digest.stdout.contains("overdue)") == overdue, "\(at): \(digest.stdout)")
        }
    }

    @Test("--post with no gateway enabled says so; a bad --at is refused")
    func refusals() async throws {
        let (folder, arguments) = try await library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let post = try await BinaryRunner.run(["digest", "--post"] + arguments)
        #expect(post.status != 0)
        #expect(post.stderr.contains("No chat gateway is enabled"))
        for at in ["tomorrow", "2026-12-03T25:00", "2026-12-03T08:00:00+99:00"] {
            let bad = try await BinaryRunner.run(["remind", "--at", at] + arguments)
            #expect(bad.status == 64, "\(at)")
            #expect(bad.stderr.contains("--at takes a local time such as \"2026-12-03 09:00\" (in library.timezone) or an instant such as 2026-12-03T08:00:00Z (found '\(at)')."), "\(bad.stderr)")
            #expect(bad.stderr.contains("Usage: librarybot remind"), "the usage of the command typed: \(bad.stderr)")
        }
    }

    @Test("a configuration error names the key and exits with status 2")
    func configurationError() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A number or a switch that is not one is an error too, not the default in silence.
        for (variable, value, key) in [("DIGEST_TIME", "25:00", "digest.time"), ("REMINDERS_TIME", "soon", "reminders.time"),
                                       ("LIBRARY_TIMEZONE", "Mars/Olympus", "library.timezone"),
                                       ("LIBRARY_LOAN_DAYS", "two weeks", "library.loan_days must be a whole number (found 'two weeks')"),
                                       ("REMINDERS_DUE_SOON_DAYS", "1.5", "reminders.due_soon_days must be a whole number"),
                                       // Past these, dates would go beyond what the database stores.
                                       ("LIBRARY_LOAN_DAYS", "99999999999", "library.loan_days must be from 1 to 3650 (found 99999999999)"),
                                       ("LIBRARY_MAX_RENEWALS", "1000", "library.max_renewals must be from 0 to 100"),
                                       ("LIBRARY_HOLD_DAYS", "400", "library.hold_days must be from 0 to 365"),
                                       ("SLACK_ENABLED", "yess", "slack.enabled must be true or false (found 'yess')"),
                                       ("DISCORD_ENABLED", "on please", "discord.enabled must be true or false"),
                                       ("LOG_LEVEL", "loud", "log.level must be one of trace, debug, info"),
                                       ("SLACK_API_URL", "slack.com/api", "slack.api_url must be an http:// or https:// URL (found 'slack.com/api')"),
                                       ("DISCORD_API_URL", "htp://discord.com/api", "discord.api_url must be an http:// or https:// URL")] {
            let outcome = try await BinaryRunner.run(["digest", "--database", folder.appendingPathComponent("c.sqlite").path],
                                               environment: [variable: value])
            #expect(outcome.status == 2, "\(variable)")
            #expect(outcome.stderr.contains("Configuration error: \(key)"), "\(outcome.stderr)")
        }
        // The same from the YAML file.
        let file = folder.appendingPathComponent("librarybot.yaml")
        try "library:\n  max_renewals: twice\n".write(to: file, atomically: true, encoding: .utf8)
        let yaml = try await BinaryRunner.run(["digest", "--config", file.path, "--database", folder.appendingPathComponent("c.sqlite").path])
        #expect(yaml.status == 2)
        #expect(yaml.stderr.contains("Configuration error: library.max_renewals must be a whole number (found 'twice')."), "\(yaml.stderr)")
    }
}
