/// A dozen real classics, so that a new library has something to borrow.
public enum DemoBooks {
    public static let all: [NewBook] = [
        NewBook(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: ["Science fiction"], isbn: "9780441172719"),
        NewBook(title: "Nineteen Eighty-Four", author: "George Orwell", publisher: "Signet Classics", categories: ["Dystopia", "Classic"], isbn: "9780451524935"),
        NewBook(title: "Pride and Prejudice", author: "Jane Austen", publisher: "Penguin Classics", categories: ["Romance", "Classic"], isbn: "9780141439518"),
        NewBook(title: "The Hobbit", author: "J.R.R. Tolkien", publisher: "Houghton Mifflin Harcourt", categories: ["Fantasy"], isbn: "9780547928227"),
        NewBook(title: "Les Misérables", author: "Victor Hugo", publisher: "Signet Classics", categories: ["Classic", "Historical"], isbn: "9780451419439"),
        NewBook(title: "Moby-Dick", author: "Herman Melville", publisher: "Penguin Classics", categories: ["Adventure", "Classic"], isbn: "9780142437247"),
        NewBook(title: "Frankenstein", author: "Mary Shelley", publisher: "Penguin Classics", categories: ["Gothic", "Science fiction"], isbn: "9780141439471"),
        NewBook(title: "The Great Gatsby", author: "F. Scott Fitzgerald", publisher: "Scribner", categories: ["Classic"], isbn: "9780743273565"),
        NewBook(title: "One Hundred Years of Solitude", author: "Gabriel García Márquez", publisher: "Harper Perennial", categories: ["Magical realism"], isbn: "9780060883287"),
        NewBook(title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", publisher: "Ace", categories: ["Science fiction"], isbn: "9780441478125"),
        NewBook(title: "As I Lay Dying", author: "William Faulkner", publisher: "Vintage", categories: ["Classic", "Southern Gothic"], isbn: "9780679732259"),
        NewBook(title: "Le Petit Prince", author: "Antoine de Saint-Exupéry", publisher: "Gallimard", categories: ["Conte", "Jeunesse"], isbn: "9782070612758"),
        NewBook(title: "Things Fall Apart", author: "Chinua Achebe", publisher: "Anchor", categories: ["Classic"], isbn: "9780385474542"),
        NewBook(title: "Brave New World", author: "Aldous Huxley", publisher: "Harper Perennial", categories: ["Dystopia", "Science fiction"], isbn: "9780060850524"),
    ]
}
