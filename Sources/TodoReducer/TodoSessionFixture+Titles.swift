extension TodoSessionFixture {
  /// Plausible titles, used in order. None is empty or whitespace-only: the only such
  /// title in the fixture is the deliberate one at ``whitespaceTitleSeq``.
  static let titles: [String] = [
    "Buy milk", "Call mom", "Book dentist appointment", "Renew passport",
    "Pay electricity bill", "Water the plants", "Reply to Anna's email", "Pick up dry cleaning",
    "Buy birthday card for Sam", "Fix the leaking tap", "Send invoice #1042", "Take out recycling",
    "Order printer ink", "Plan weekend hike", "Return library books", "Schedule car service",
    "Buy coffee beans", "Update CV", "Back up laptop", "Cancel gym trial",
    "Call the landlord", "Buy bread", "Clean the fridge", "Prepare slides for Monday",
    "Review pull request", "Book train tickets to Lyon", "Buy eggs", "Refill prescription",
    "Write thank-you note", "Defrost freezer", "Read chapter 4", "Check tyre pressure",
    "Buy batteries (AA)", "Email the school", "Sort out tax receipts", "Replace light bulb",
    "Try the new ramen place", "Buy a plant pot", "Charge the bike", "Call the bank",
    "Vacuum the living room", "Buy toothpaste", "Submit expense report", "Pack for the trip",
    "Print boarding passes", "Buy sunscreen", "Set up out-of-office", "Feed the neighbour's cat",
    "Buy tomatoes", "Make pasta sauce", "Fix the bookshelf", "Organise the garage",
    "Buy running shoes", "Sign up for 10k", "Call grandma", "Buy flowers",
    "Backup photos to NAS", "Change bed sheets", "Descale the kettle", "Buy dishwasher tablets",
    "Research new phone plan", "Book haircut", "Send parcel to Berlin", "Buy stamps",
    "Read the lease renewal", "Buy onions", "Clean the windows", "Check smoke alarm",
    "Order new glasses", "Reply to recruiter", "Finish the puzzle", "Buy cat food",
    "Mend the jacket zip", "Pay parking fine", "Buy olive oil", "Prepare quarterly review",
    "Invite friends for dinner", "Buy wine for Saturday", "Clean the oven", "Update budget sheet",
    "Buy rice", "Sharpen kitchen knives", "Book flights for June", "Call the plumber",
    "Buy lemons", "Write blog post draft", "Clear email inbox", "Buy a new umbrella",
    "Repot the basil", "Check bike lights", "Buy yoghurt", "Label the spice jars",
    "Donate old clothes", "Buy printer paper", "Renew car insurance", "Buy apples",
    "Test the backup restore", "Book museum tickets", "Buy bin bags", "Plan next sprint",
  ]
}
