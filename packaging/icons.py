"""The app icon in every size and format the platforms want, drawn by the game's own art.

PNGs for Linux (hicolor sizes), an .ico for Windows and an .icns for macOS;
both containers simply hold PNG images, so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINUX_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024))


def png_bytes(size: int) -> bytes:
    import pygame

    from fate.ui.kit.art import icon

    buf = io.BytesIO()
    pygame.image.save(icon(size), buf, "icon.png")
    return buf.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An .ico whose entries are PNG images (Windows Vista and later)."""
    sizes = sorted(images)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = images[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    """An .icns of PNG chunks (macOS 10.7 and later)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(images[s])) + images[s] for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def installer_side(path: Path) -> Path:
    """The Windows installer's welcome and finish picture (164x314, a 24-bit BMP as NSIS reads
    it): the table's night cloth and the elder sign, the icon, the game's name in the title font."""
    import pygame

    from fate.ground.paths import assets_dir
    from fate.ui.kit import art
    from fate.ui.kit.theme import BRONZE, GOLD, NIGHT, mix

    w, h = 164, 314
    side = pygame.Surface((w, h), 0, 24)
    side.blit(art.background(w, h, seed=3), (0, 0))
    sigil = art.glyph("elder_sign", 240, mix(BRONZE, NIGHT, 0.86))
    side.blit(sigil, sigil.get_rect(center=(w // 2, h - 70)))
    mark = art.icon(112)
    side.blit(mark, mark.get_rect(midtop=(w // 2, 34)))
    font = pygame.font.Font(str(assets_dir() / "fonts" / "Blankenburg.ttf"), 30)
    for i, line in enumerate(("Fate of the", "Elder Gods")):
        text = font.render(line, True, GOLD)
        side.blit(text, text.get_rect(midtop=(w // 2, 176 + i * 36)))
    pygame.image.save(side, str(path))
    return path


def write_all(folder: Path) -> dict[str, Path]:
    """Write fate.ico, fate.icns and fate-<size>.png into ``folder``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pygame

    pygame.init()
    folder.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(LINUX_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    images = {s: png_bytes(s) for s in sizes}
    out = {}
    for s in LINUX_SIZES:
        p = folder / f"fate-{s}.png"
        p.write_bytes(images[s])
        out[f"png{s}"] = p
    out["ico"] = folder / "fate.ico"
    out["ico"].write_bytes(ico({s: images[s] for s in ICO_SIZES}))
    out["icns"] = folder / "fate.icns"
    out["icns"].write_bytes(icns(images))
    out["side"] = installer_side(folder / "installer-side.bmp")
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "packaging" / "build" / "icons"
    for name, path in write_all(target).items():
        print(f"{name}: {path}")
