"""The command line of every tool (main.py, fate.tools.sim, fate.ai.arena, fate.bench,
fate.tools.scenario, fate.tools.cards, fate.tools.tutorial, packaging/build.py): argparse with
one rule, that a bad value is one line naming the argument on standard error
and exit status 2, never a usage dump or a traceback. The value types below
check ranges and files before any work begins."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from fate.ground.untrusted import cut, one_line

BAD = 2  # the exit status of a refused command line


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        refuse(self.prog, f"{message} (try --help)")


def refuse(prog: str, message: str) -> NoReturn:
    """One line on standard error, then exit status 2."""
    print(one_line(f"{prog}: {message}", 300), file=sys.stderr)
    raise SystemExit(BAD)


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """A whole number from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo:,} to {hi:,}, not {cut(text, 24)}")
        return value
    parse.__name__ = "whole number"
    return parse


def seconds(lo: float, hi: float) -> Callable[[str], float]:
    """A number of seconds from ``lo`` to ``hi`` (not NaN, not infinite)."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not lo <= value <= hi:  # NaN fails both comparisons
            raise argparse.ArgumentTypeError(f"expected seconds from {lo} to {hi}, not {cut(text, 24)}")
        return value
    parse.__name__ = "seconds"
    return parse


def new_file(text: str) -> Path:
    """A file to write: its folder exists and it is not itself a folder."""
    path = Path(text)
    if not text or path.is_dir():
        raise argparse.ArgumentTypeError(f"{cut(text)} is a folder, not a file to write")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{cut(text)}: there is no folder {cut(str(path.parent))}")
    if path.exists() and not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"{cut(text)}: cannot be written here")
    return path


def old_file(text: str) -> Path:
    """A regular file to read."""
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{cut(text)}: {'a folder' if path.is_dir() else 'no such file'}")
    return path


def folder_to_make(text: str) -> Path:
    """A folder to write into, made if need be: anything but an existing file."""
    path = Path(text)
    if not text or (os.path.lexists(path) and not path.is_dir()):
        raise argparse.ArgumentTypeError(f"{cut(text)} is a file, not a folder")
    return path


def folder(text: str) -> Path:
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{cut(text)}: no such folder")
    return path
