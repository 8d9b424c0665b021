"""What every screen uses: theme (colours, fonts, text drawing), widgets (buttons, tooltips,
the scene base), layout, the art drawn in code, sound, reader (a long text scrolled on a
page) and the colour-vision check. Imports nothing of the table, the screens or online play."""
