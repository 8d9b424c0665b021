"""wss://: the server with --certfile/--keyfile, a client that trusts the certificate."""

from __future__ import annotations

import asyncio
import random
import ssl
import subprocess

from fate.net.client import Client, play


def test_a_game_over_tls(servers, tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--certfile", str(cert),
                  "--keyfile", str(key))
    assert srv.url.startswith("wss://")

    async def main():
        trust = ssl.create_default_context(cafile=str(cert))
        c = await Client(srv.url, ssl=trust).connect()
        made = await c.request("create", seed=1, seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
        end = await play(c, made["game"], [0], random.Random(1))
        await c.close()
        refused = False
        try:  # a client that does not trust the certificate never gets in
            await Client(srv.url).connect()
        except ssl.SSLError:
            refused = True
        return end, refused

    end, refused = asyncio.run(main())
    assert end["view"]["over"] and refused
