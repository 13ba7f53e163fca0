"""Drawing the table: the one way a seat's view becomes data and HTML, for the page, the
socket's frames, the replay and the rulebook's tiles."""
