"""How the cult colours look to players with colour-vision deficiency.

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-
based model for simulation of color vision deficiency", at severity 1.0: a
3x3 matrix applied to linear sRGB. Differences are CIE76 delta E in CIELAB
(D65). No pygame here: the palette test (tests/ui/kit/test_colour_vision.py)
computes every pair under each simulation.
"""

from __future__ import annotations

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = (None, "protanopia", "deuteranopia", "tritanopia")  # None: typical colour vision
_D65 = (0.95047, 1.0, 1.08883)


def linear(channel: int) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: tuple[int, int, int], vision: str | None) -> tuple[float, float, float]:
    """Linear RGB of the colour as seen with ``vision`` (clipped to the gamut)."""
    lin = [linear(x) for x in rgb]
    if vision is None:
        return lin[0], lin[1], lin[2]
    m = MACHADO[vision]
    out = [min(1.0, max(0.0, m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2])) for i in range(3)]
    return out[0], out[1], out[2]


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear-RGB colour."""
    r, g, b = lin
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)
    fx, fy, fz = (_f(v / w) for v, w in zip(xyz, _D65, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int], vision: str | None = None) -> float:
    """CIE76 difference of two sRGB colours as seen with ``vision``."""
    la, lb = lab(simulate(a, vision)), lab(simulate(b, vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def closest_pair(colours: list[tuple[int, int, int]], vision: str | None) -> tuple[float, int, int]:
    """The smallest difference among the colours, and which two."""
    return min((delta_e(colours[i], colours[j], vision), i, j)
               for i in range(len(colours)) for j in range(i + 1, len(colours)))
