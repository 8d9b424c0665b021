"""The game in words, above the rules and below the AI and the screens.

- ``narration``: one plain sentence for each event a looker may see (the Chronicle).
- ``glossary``: one name for each thing (data/glossary.yaml).
- ``guide``: How to Play (data/guide.yaml).
- ``symbols``: the Altar's icon language and the words behind each symbol.
"""
