"""The table: its scene (scene.py) and its parts. board.py draws the table from one seat's
view and knows what lies under the mouse; lodges.py, cards.py (the hand, Reserve and prompt
bar), side_panels.py, preview.py; anim.py (events shown as beats), news.py (markers where
things happen), reasons.py (why not), keyboard.py, picker.py (a prompt as things to click),
autopass.py and auto_answers.py (decisions the table takes for a player), overlays.py
(Undo, Hint, "?", the end-of-turn question, hand-off and pause)."""
