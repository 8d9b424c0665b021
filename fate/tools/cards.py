"""python -m fate.tools.cards [DATA_DIR]: validate the cards as the rules engine takes them and
print the counts by type."""

from __future__ import annotations

import sys

from fate.content.loader import FILES
from fate.engine import ContentError, load_content
from fate.ground.cli import Parser, folder, refuse


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m fate.tools.cards", description=__doc__)
    ap.add_argument("data", nargs="?", type=folder, help="data folder (default: the bundled data/)")
    args = ap.parse_args(argv)
    try:
        content = load_content(args.data)
    except ContentError as e:
        if args.data is not None:
            refuse(ap.prog, f"DATA {e}")
        print(f"content error: {e}", file=sys.stderr)  # the bundled data itself is damaged
        return 1
    for kind in FILES:
        n = sum(1 for c in content.cards if c.kind == kind)
        print(f"{kind}s: {n}")
    print(f"effect step lists: {len(content.step_lists)}")
    print(f"fingerprint: {content.fingerprint}")
    print("content OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
