"""Game content: cards, symbols and dice read from data/ and validated."""

from fate.content.loader import default_content, load_content
from fate.content.model import Card, Content

__all__ = ["Card", "Content", "default_content", "load_content"]
