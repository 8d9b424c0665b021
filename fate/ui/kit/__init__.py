"""What every screen uses: theme (colours, fonts, text drawing), widgets (buttons, tooltips,
the scene base), layout, the art drawn in code, sound, and the colour-vision check. Imports
nothing of the table, the screens or online play."""
