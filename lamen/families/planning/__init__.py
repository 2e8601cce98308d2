"""DialOp Planning as a lamen family (`dialop.planning`): an assistant with a site database and a
search tool plans a three-stop itinerary for a user who alone knows their preferences (issue 17,
point 1)."""
