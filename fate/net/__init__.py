"""Headless network clients of the game server (fate/server); no pygame here."""
