"""Game content: cards, symbols and dice read from data/ and validated.

Content knows nothing of the rules engine: the engine hands the loader the words a
card may use (``Vocabulary``) and takes the content it returns.
"""

from fate.content.loader import load_content
from fate.content.model import Card, Content, ContentError, Vocabulary

__all__ = ["Card", "Content", "ContentError", "Vocabulary", "load_content"]
