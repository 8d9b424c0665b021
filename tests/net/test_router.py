"""Hosting across houses (fate/ground/router.py, fate/net/hosting.py) against a real UPnP router.

The router is miniupnpd (Debian's, the daemon home routers run), with its nftables
backend, started in a network namespace of the test's own (``unshare -n``: nothing of
the machine's network or firewall is touched): loopback carries the search and the
control, a veth pair is its "Internet side" with a public address. Inside, the game's
own hosting (``hosting.start_host``: the server with ``--upnp``) finds the router by
searching the network, as at home; the test reads the router's own table (UPnP's
GetSpecificPortMappingEntry, and the nftables rule miniupnpd wrote) to see the port
forwarded to this computer, then stops hosting and sees it gone. Needs root (a network
namespace, nftables), miniupnpd and nft: .ci/run installs them; a release test.
The failure path (no router answers) is tests/ui/online/test_invites.py's, in a window.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MISSING = [t for t in ("unshare", "nft", "ip", "miniupnpd") if shutil.which(t, path="/usr/sbin:/usr/bin:/sbin:/bin")
           is None]
ROOTLESS = os.geteuid() != 0 if hasattr(os, "geteuid") else True
pytestmark = [pytest.mark.release,
              pytest.mark.skipif(os.environ.get("CI") != "true" and bool(MISSING or ROOTLESS),
                                 reason=f"needs root and {', '.join(MISSING) or 'unshare'} (it always runs in CI)")]

PUBLIC = "198.20.0.7"  # the router's Internet side in the namespace (an address miniupnpd takes as public)
RULES = """
table inet filter {
  chain forward { type filter hook forward priority 0; policy accept; jump miniupnpd; }
  chain miniupnpd { }
  chain prerouting { type nat hook prerouting priority dstnat; policy accept; jump prerouting_miniupnpd; }
  chain prerouting_miniupnpd { }
  chain postrouting { type nat hook postrouting priority srcnat; policy accept; jump postrouting_miniupnpd; }
  chain postrouting_miniupnpd { }
}
"""
CONF = """
ext_ifname=wan0
listening_ip=lo
http_port=0
enable_natpmp=no
enable_upnp=yes
secure_mode=no
system_uptime=yes
uuid=5f0e2b1c-8cf0-11e0-98ee-001a6bd2d07d
allow 1024-65535 0.0.0.0/0 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
"""
SETUP = """
set -e
ip link set lo up
ip link set lo multicast on
ip route add 224.0.0.0/4 dev lo
ip link add wan0 type veth peer name wan1
ip addr add {public}/24 dev wan0
ip link set wan0 up
ip link set wan1 up
nft -f {dir}/rules.nft
/usr/sbin/miniupnpd -f {dir}/miniupnpd.conf -d -P {dir}/miniupnpd.pid > {dir}/miniupnpd.log 2>&1 &
ROUTER=$!
trap 'kill $ROUTER 2>/dev/null; wait $ROUTER 2>/dev/null' EXIT
sleep 0.5
{python} {dir}/inside.py
"""
# In the namespace: host as the game does, look at the router, stop hosting, look again.
INSIDE = """
import json, subprocess, sys, time
import miniupnpc
from fate.net import hosting

def mapping(port):
    u = miniupnpc.UPnP(discoverdelay=2000)
    u.discover()
    u.selectigd()
    return u.getspecificportmapping(port, "TCP")

def nft():
    return subprocess.run(["nft", "list", "chain", "inet", "filter", "prerouting_miniupnpd"],
                          capture_output=True, text=True).stdout

out = {}
host = hosting.start_host()
try:
    end = time.monotonic() + 60
    while time.monotonic() < end:
        r = host.router()
        if r is not None and r.state != "asking":
            break
        time.sleep(0.2)
    out["report"] = r.__dict__ if r else None
    out["port"] = host.port
    out["outside"] = r.outside
    out["mapping"] = mapping(r.outside)
    out["nft"] = nft()
finally:
    host.stop()
r = host.router() or hosting.read_report(hosting.router_file())
out["after_report"] = r.__dict__ if r else None
out["after_mapping"] = mapping(out["outside"])
out["after_nft"] = nft()
print("RESULT " + json.dumps(out), flush=True)
"""


def test_hosting_asks_the_router_for_the_port_and_closes_it_when_hosting_stops(tmp_path):
    (tmp_path / "rules.nft").write_text(RULES)
    (tmp_path / "miniupnpd.conf").write_text(CONF)
    (tmp_path / "inside.py").write_text(textwrap.dedent(INSIDE).replace("hosting.read_report",
                                                                         "__import__('fate.ground.router').router.read_report"))
    script = SETUP.format(public=PUBLIC, dir=tmp_path, python=sys.executable)
    env = {k: v for k, v in os.environ.items() if k != "FATE_ROUTER_URL"}  # search the network, as at home
    env.update(FATE_USER_DIR=str(tmp_path / "user"), PYTHONPATH=str(ROOT))
    done = subprocess.run(["unshare", "-n", "sh", "-c", script], capture_output=True, text=True, env=env,
                          cwd=str(ROOT), timeout=240)
    lines = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")]
    log = (tmp_path / "miniupnpd.log").read_text(errors="replace")[-2000:]
    assert lines, (done.returncode, done.stdout[-2000:], done.stderr[-2000:], log)
    got = json.loads(lines[-1][len("RESULT "):])
    port = got["port"]
    assert got["report"]["state"] == "open", (got["report"]["why"], log[-600:])
    assert got["report"]["external"] == PUBLIC and got["report"]["port"] == port
    outside = got["outside"]  # the router's port for it: here not 8765, which the router itself has in use
    client, mapped_port, description, enabled, _lease = got["mapping"]
    assert (mapped_port, description, enabled) == (port, "Fate of the Elder Gods", True)
    assert client == got["report"]["lan"]
    assert f"dport {outside}" in got["nft"] and f"to {client}:{port}" in got["nft"]  # the router's own rule
    assert got["after_report"]["state"] == "closed"
    assert got["after_mapping"] is None
    assert f"dport {outside}" not in got["after_nft"]
