"""The release a pip user gets (issue 28, item 2).

``python -m build`` makes an sdist and, from it, a wheel; ``twine check`` accepts both. The
wheel is installed into a fresh venv and used from a folder with no repository around it:
the three widgets construct and draw themselves as SVG, the rules references are inside,
the version is the one of ``railwidgets.__version__``, and
``python -m railwidgets.tutorials DIR`` copies the tutorial notebooks of ``notebooks/``.

This takes about a minute (the wheel's dependencies come from pip's cache or PyPI).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import railwidgets

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.release

#: Run in the fresh venv, from an empty folder: prints what it found as JSON.
CHECK = textwrap.dedent(
    """
    import importlib.metadata, importlib.resources, json, sys
    import railwidgets
    from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
    from railwidgets import minirails

    widgets = [
        MiniRailsWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], animate=False),
        TwistyTracksWidget(players=2, seed=1, animate=False),
        OffTheRailsWidget(players=1, seed=1, animate=False),
    ]
    package = importlib.resources.files("railwidgets")
    print(json.dumps({
        "file": railwidgets.__file__,
        "version": railwidgets.__version__,
        "metadata_version": importlib.metadata.version("railwidgets"),
        "svgs": [widget.to_svg()[:4] for widget in widgets]
                + [minirails.Game(players=3, seed=7)._repr_svg_()[:4]],
        "russian": MiniRailsWidget(players=3, seed=1, animate=False, lang="ru").undo_button.description,
        "references": {
            f"{game} {lang}": package.joinpath(game, name).read_text(encoding="utf-8")[:2]
            for game in ("minirails", "twistytracks", "offtherails")
            for lang, name in (("en", "reference.md"), ("ru", "reference.ru.md"),
                               ("es", "reference.es.md"), ("pl", "reference.pl.md"))
        },
    }))
    """
)


def run(args: list[str], cwd: Path, **kwargs) -> subprocess.CompletedProcess[str]:
    """Run a command away from the repository: no PYTHONPATH, the given working folder."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    result = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900, **kwargs
    )
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result


def test_wheel_installs_and_works_without_the_repository(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], cwd=tmp_path)
    version = railwidgets.__version__
    wheel = dist / f"railwidgets-{version}-py3-none-any.whl"
    sdist = dist / f"railwidgets-{version}.tar.gz"
    assert wheel.is_file() and sdist.is_file(), sorted(p.name for p in dist.iterdir())
    run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)], cwd=tmp_path)

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    run([*pip, str(wheel)], cwd=tmp_path)

    away = tmp_path / "elsewhere"
    away.mkdir()
    found = json.loads(run([str(python), "-c", CHECK], cwd=away).stdout.splitlines()[-1])
    assert Path(found["file"]).is_relative_to(venv)
    assert found["version"] == found["metadata_version"] == version
    assert found["svgs"] == ["<svg"] * 4
    assert found["references"] == {  # in every language (issue 24)
        f"{g} {lang}": "# "
        for g in ("minirails", "twistytracks", "offtherails")
        for lang in ("en", "ru", "es", "pl")
    }
    assert found["russian"] == "Отменить"  # the compiled catalogs are in the wheel (issue 24)

    copied = run([str(python), "-m", "railwidgets.tutorials", "tutorials"], cwd=away)
    assert "jupyter lab tutorials" in copied.stdout
    notebooks = ROOT / "notebooks"
    sources = sorted(p.relative_to(notebooks) for p in notebooks.rglob("*.ipynb"))
    assert Path("ru/off-the-rails.ipynb") in sources  # the language folders too (issue 24)
    copies = away / "tutorials"
    assert sorted(p.relative_to(copies) for p in copies.rglob("*.ipynb")) == sources
    for source in sources:
        assert (copies / source).read_bytes() == (notebooks / source).read_bytes()
