"""The ground floor: what every other room stands on and that stands on nothing of the game.

- ``paths``: bundled files and the player's own folders.
- ``oscompat``: what differs between Windows, macOS and Linux.
- ``untrusted``: the one door for what is read from outside the process.
- ``files``: files written whole (atomically), with an optional backup.
- ``textrules``: the rules for text one person writes and others read (talk, names).
- ``cli``: every tool's command line, a bad value one line.
- ``router``: asking the home router to open the hosting port (UPnP).
- ``language``: the player's language: message catalogues, plural forms, numbers and lists.
"""
