"""Render Mini Rails boards to SVG and PNG (headless Chromium) at the start, mid-game and the end.

Run: ``.venv/bin/python benchmarks/svg_snapshots.py`` → ``screenshots/minirails-*.{svg,png}``.
Open the PNGs to check the board reads well (colours, letters, dots, no overlapping text).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from railwidgets import minirails
from railwidgets.core.bots import RandomBot
from railwidgets.minirails.render import FrameTarget, HexTarget

OUT = Path(__file__).resolve().parent.parent / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def snapshots() -> dict[str, str]:
    """name -> SVG text: a new game, a game in progress with a build in hand, a finished game."""
    pictures = {}
    game = minirails.Game(players=3, seed=7)
    pictures["start-3p"] = game.to_svg()
    bot = RandomBot(seed=3)
    for _ in range(16):
        game.apply(bot.choose(game.view(game.current_player)))
    company = next(c for c in game.state.market if isinstance(c, str))
    slot = game.state.market.index(company)
    legal = game.legal_hexes(company)
    marks = [HexTarget(h) for h in legal] or [FrameTarget(company)]
    pictures["mid-3p-build"] = game.to_svg(highlights=marks, selected=slot)
    game5 = minirails.Game(players=5, seed=11)
    for _ in range(50):
        game5.apply(bot.choose(game5.view(game5.current_player)))
    pictures["mid-5p"] = game5.to_svg()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current_player)))
    pictures["end-3p"] = game.to_svg()
    while not game5.is_over:
        game5.apply(bot.choose(game5.view(game5.current_player)))
    pictures["end-5p"] = game5.to_svg()
    return pictures


def screenshot(svg_path: Path, png_path: Path, size: tuple[int, int] = (900, 620)) -> None:
    html = svg_path.with_suffix(".html")
    html.write_text(
        "<!doctype html><html><body style='margin:0;overflow:hidden'>"
        f"{svg_path.read_text()}</body></html>"
    )
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                f"--screenshot={png_path}",
                f"--window-size={size[0]},{size[1]}",
                html.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name, svg in snapshots().items():
        svg_path = OUT / f"minirails-{name}.svg"
        svg_path.write_text(svg)
        screenshot(svg_path, svg_path.with_suffix(".png"))
        print(svg_path.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
