"""Fate of the Elder Gods, the digital edition."""

__version__ = "0.1.0"
