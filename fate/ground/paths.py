"""The one place that finds bundled files and the user's own folders.

Run from source, the bundled folders (data/, assets/) sit beside the `fate`
package, found through ``importlib.resources``; in a PyInstaller bundle they
sit in the bundle folder (``sys._MEIPASS``).

User data never goes inside the app. The platform's own folders come from
platformdirs:

    saves     user data folder / saves    (~/.local/share/FateOfTheElderGods/saves,
                                            %LOCALAPPDATA%\\FateOfTheElderGods\\saves,
                                            ~/Library/Application Support/FateOfTheElderGods/saves)
    settings  user config folder          (~/.config/FateOfTheElderGods, ...)
    reports   user log folder             (~/.local/state/FateOfTheElderGods/log, ...):
                                            crash reports and exported bug reports

``FATE_USER_DIR`` puts all three under one folder instead (tests, portable use).
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "FateOfTheElderGods"
_DIRS = PlatformDirs(APP_NAME, appauthor=False)


def bundle_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(str(resources.files("fate"))).resolve().parent


def data_dir() -> Path:
    return bundle_root() / "data"


def assets_dir() -> Path:
    return bundle_root() / "assets"


def _override() -> Path | None:
    value = os.environ.get("FATE_USER_DIR")
    return Path(value) if value else None


def user_dir() -> Path:
    """The user's data folder for this game (saves live in ``saves_dir()``)."""
    return _override() or Path(_DIRS.user_data_dir)


def saves_dir() -> Path:
    return user_dir() / "saves"


def config_dir() -> Path:
    """Where settings live."""
    base = _override()
    return base / "config" if base else Path(_DIRS.user_config_dir)


def logs_dir() -> Path:
    """Where crash reports and exported bug reports go."""
    base = _override()
    return base / "logs" if base else Path(_DIRS.user_log_dir)
