"""The screens around the table, one scene a file: title, new_game, load, end, gallery,
rules (How to Play), tutorial (Learn to Play), settings, credits and replay; saved.py holds what
the title, Load and end screens share (a saved game in words). Screens never import each
other: a screen asks the app for the next by name."""
