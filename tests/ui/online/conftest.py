"""What the online screens' tests share."""

from __future__ import annotations

import pytest

from fate.net import hosting
from tests.server.conftest import ServerProcess


@pytest.fixture
def standalone(tmp_path, monkeypatch):
    """A standalone server process (no computer's own hosting), the windows' data in a folder of
    the test's; any server a window started is stopped after."""
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path / "user"))
    srv = ServerProcess(f"sqlite:{tmp_path / 'server.sqlite'}", "--ai-workers", "0").start()
    yield srv
    srv.stop()
    h = hosting.running_host()
    if h is not None:
        h.stop()
