"""What the content tests share: a copy of data/ to spoil."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fate.ground.paths import data_dir


@pytest.fixture
def data(tmp_path) -> Path:
    dst = tmp_path / "data"
    shutil.copytree(data_dir(), dst)
    return dst
