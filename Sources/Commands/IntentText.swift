import Foundation
import LibraryCore

extension ParsedCommand {
    /// One line of JSON, as `librarybot parse` prints it:
    /// `{"intent":"checkout","book":"Dune","borrower":"Ana","language":"en"}`.
    public var jsonLine: String {
        var fields: [(String, JSONLineValue)] = [("intent", .string(intent.name))]
        switch intent {
        case .checkout(let book, let borrower):
            fields += [("book", .string(book)), ("borrower", borrower.map(JSONLineValue.string) ?? .null)]
        case .cancelHold(let book, let holder), .hold(let book, let holder):
            fields += [("book", .string(book)), ("holder", holder.map(JSONLineValue.string) ?? .null)]
        case .returnBook(let book), .renew(let book), .whoHas(let book), .show(let book):
            fields.append(("book", .string(book)))
        case .addCopy(let book, let count):
            fields.append(("book", .string(book)))
            if count > 1 { fields.append(("count", .json(String(count)))) }
        case .report(let book, _, let note):
            fields.append(("book", .string(book)))
            if let note { fields.append(("note", .string(note))) }
        case .handOver(let book, let borrower):
            fields += [("book", .string(book)), ("borrower", .string(borrower))]
        case .takeOver(let book, let giver):
            fields += [("book", .string(book)), ("from", .string(giver))]
        case .loansOf(let borrower), .history(let borrower, nil):
            fields.append(("borrower", borrower.map(JSONLineValue.string) ?? .null))
        case .history(let borrower, let period?):
            fields += [("borrower", borrower.map(JSONLineValue.string) ?? .null), ("period", .string(period.name))]
        case .remind(let borrower, let book):
            fields += [("borrower", .string(borrower)), ("book", book.map(JSONLineValue.string) ?? .null)]
        case .add(let title, let author, let publisher, let categories, let isbn):
            fields += [("title", .string(title)), ("author", .string(author)),
                       ("publisher", publisher.map(JSONLineValue.string) ?? .null),
                       ("categories", .array(categories.map(JSONLineValue.string))), ("isbn", isbn.map(JSONLineValue.string) ?? .null)]
        case .addISBN(let isbn):
            fields.append(("isbn", .string(isbn)))
        case .edit(let book, let field, let value):
            fields += [("book", .string(book)), ("field", .string(field.rawValue)), ("value", .string(value))]
        case .categorize(let book, let categories, _):
            fields += [("book", .string(book)), ("categories", .array(categories.map(JSONLineValue.string)))]
        case .renameCategory(let from, let to):
            fields.append(("category", .string(from)))
            if let to { fields.append(("to", .string(to))) }
        case .delete(let books):
            fields.append(("books", .array(books.map(JSONLineValue.string))))
        case .deleteCopy(let book, let place):
            fields += [("book", .string(book)), ("place", place.map { .json(String($0)) } ?? .null)]
        case .deleteCopies(let book, let count):
            fields += [("book", .string(book)), ("count", .json(String(count)))]
        case .list(let filter, let order, let page):
            fields += [("filter", .string(filter.rawValue)), ("order", .string(order.rawValue))]
            if page > 1 { fields.append(("page", .json(String(page)))) }
        case .search(let query, let onShelf):
            fields += [("query", .string(query)), ("on_shelf", .json(onShelf ? "true" : "false"))]
        case .help(let topic):
            fields.append(("topic", topic.map(JSONLineValue.string) ?? .null))
        case .rules(let book):
            fields.append(("book", book.map(JSONLineValue.string) ?? .null))
        case .recommend(let book, let category):
            fields += [("book", book.map(JSONLineValue.string) ?? .null), ("category", category.map(JSONLineValue.string) ?? .null)]
        case .unknown(let text, let suggestion):
            fields += [("text", .string(text)), ("suggestion", suggestion.map(JSONLineValue.string) ?? .null)]
        case .several(let parts):
            fields.append(("commands", .array(parts.map { .json($0.command.jsonLine) })))
        case .speak(let language):
            fields.append(("to", .string(language.rawValue)))
        case .reminders(let on):
            fields.append(("on", .json(on ? "true" : "false")))
        case .digest, .clean, .confirm, .cancel, .thanks, .undo, .categories, .stats, .readers, .whoAmI:
            break
        }
        fields.append(("language", language.map { .string($0.rawValue) } ?? .null))
        return "{" + fields.map { "\(JSONLineValue.string($0.0).encoded):\($0.1.encoded)" }.joined(separator: ",") + "}"
    }
}

/// Just enough JSON to write a parse result with its keys in a stable, readable order.
enum JSONLineValue {
    case string(String), array([JSONLineValue]), null
    /// JSON already written.
    case json(String)

    var encoded: String {
        switch self {
        case .null: return "null"
        case .json(let text): return text
        case .array(let values): return "[" + values.map(\.encoded).joined(separator: ",") + "]"
        case .string(let text):
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20:
                    result += String(format: "\\u%04x", scalar.value)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
    }
}

extension Intent {
    /// The intent written back as an English command that parses to it again: titles and
    /// names are quoted, so separators inside them stay literal.
    public var canonicalText: String {
        switch self {
        case .checkout(let book, let borrower):
            return "checkout \(quoted(book))" + (borrower.map { " as \(quoted($0))" } ?? "")
        case .returnBook(let book): return "return \(quoted(book))"
        case .renew(let book): return "renew \(quoted(book))"
        case .hold(let book, let holder): return "hold \(quoted(book))" + (holder.map { " for \(quoted($0))" } ?? "")
        case .cancelHold(let book, let holder): return "cancel hold \(quoted(book))" + (holder.map { " for \(quoted($0))" } ?? "")
        case .whoHas(let book): return "who has \(quoted(book))"
        case .loansOf(let borrower): return borrower.map { "what does \(quoted($0)) have" } ?? "my books"
        case .handOver(let book, let borrower): return "pass \(quoted(book)) to \(quoted(borrower))"
        // Read by the handler, which knows whether the first word is a name or a title.
        case .takeOver(let book, let giver): return "\(giver) gave me \(quoted(book))"
        case .history(let borrower, let period):
            return (borrower.map { "history for \(quoted($0))" } ?? "my history") + (period.map { " " + $0.said(in: .en) } ?? "")
        case .digest: return "digest"
        case .add(let title, let author, let publisher, let categories, let isbn):
            var text = "add \(quoted(title)) by \(quoted(author))"
            if let publisher { text += " publisher: \(quoted(publisher))" }
            if !categories.isEmpty { text += " categories: \(categories.joined(separator: ", "))" }
            if let isbn { text += " isbn: \(isbn)" }
            return text
        case .addISBN(let isbn): return "add isbn \(isbn)"
        case .addCopy(let book, let count): return count > 1 ? "add \(count) copies of \(quoted(book))" : "add another copy of \(quoted(book))"
        case .edit(let book, let field, let value): return "edit \(quoted(book)) set \(field.rawValue) to \(quoted(value))"
        case .categorize(let book, let categories, let remove):
            let named = "category " + categories.map(quoted).joined(separator: ", ")
            return remove ? "remove \(named) from \(quoted(book))" : "add \(named) to \(quoted(book))"
        case .renameCategory(let from, let to):
            return to.map { "rename category \(quoted(from)) to \(quoted($0))" } ?? "delete category \(quoted(from))"
        case .delete(let books): return "delete " + books.map(quoted).joined(separator: ", ")
        case .deleteCopy(let book, let place):
            guard let place else { return "delete a copy of \(quoted(book))" }
            return place < 0 ? "delete the last copy of \(quoted(book))" : "delete copy \(place + 1) of \(quoted(book))"
        case .deleteCopies(let book, let count): return "delete \(count) copies of \(quoted(book))"
        case .clean: return "clean"
        case .list(let filter, let order, let page):
            let filterWord = switch filter {
            case .all: "all"
            case .available: "available"
            case .checkedOut: "checked out"
            case .overdue: "overdue"
            case .reported: "reported"
            case .neverBorrowed: "never borrowed"
            }
            return "list \(filterWord) \(order == .longestOut ? "longest" : order.rawValue)" + (page > 1 ? " page \(page)" : "")
        case .search(let query, let onShelf): return "search \(quoted(query))" + (onShelf ? " available" : "")
        case .show(let book): return "show \(quoted(book))"
        case .help(let topic): return topic.map { "help \($0)" } ?? "help"
        case .rules(let book): return book.map { "how long can I keep \(quoted($0))" } ?? "rules"
        case .categories: return "categories"
        case .stats: return "stats"
        case .readers: return "top readers"
        case .whoAmI: return "who am I"
        case .recommend(let book, let category):
            return book.map { "books like \(quoted($0))" } ?? category.map { "recommend \(quoted($0))" } ?? "recommend"
        case .remind(let borrower, let book): return "remind \(quoted(borrower))" + (book.map { " about \(quoted($0))" } ?? "")
        case .confirm: return "yes"
        case .thanks: return "thanks"
        case .speak(let language): return language == .en ? "speak English" : "speak French"
        case .reminders(let on): return on ? "resume reminders" : "stop reminders"
        case .undo: return "undo"
        case .report(let book, let kind, let note): return "report \(kind.rawValue) " + quoted(book) + (note.map { ": " + $0 } ?? "")
        case .cancel: return "cancel"
        case .unknown(let text, _): return text
        case .several(let parts): return parts.map(\.command.intent.canonicalText).joined(separator: "\n")
        }
    }
}

/// `text` between quotes it does not contain.
func quoted(_ text: String) -> String {
    for (open, close) in [("\"", "\""), ("«", "»"), ("\u{201C}", "\u{201D}")] where !text.contains(close) {
        return open + text + close
    }
    return text
}
