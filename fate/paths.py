"""The one place that finds bundled files and the user's own folders.

Run from source, the bundled folders (data/, assets/) sit beside the `fate`
package, found through ``importlib.resources``; in a PyInstaller bundle they
sit in the bundle folder (``sys._MEIPASS``). User data (saves, settings)
always goes to the platform's user folders, never inside the app.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

APP_NAME = "FateOfTheElderGods"


def bundle_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(str(resources.files("fate"))).resolve().parent


def data_dir() -> Path:
    return bundle_root() / "data"


def assets_dir() -> Path:
    return bundle_root() / "assets"


def user_dir() -> Path:
    """Where saves and settings live: %APPDATA%, ~/Library/Application Support or XDG."""
    override = os.environ.get("FATE_USER_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_NAME
