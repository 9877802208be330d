"""The one build step pyproject.toml cannot say.

The tutorial notebooks live in ``notebooks/`` (their one source: they are edited, run and
tested there). The build copies them into the package as ``railwidgets/tutorials/notebooks/``,
so that a pip user has them: ``python -m railwidgets.tutorials DIR`` copies them out.
An editable install needs no copy: ``railwidgets.tutorials`` then reads ``notebooks/``.

It also compiles the interface's gettext catalogs (``railwidgets/locale/*/LC_MESSAGES/
railwidgets.po``, kept in the repository) into the ``.mo`` files ``railwidgets.i18n``
reads: into the built package, and, for an editable install, beside the ``.po`` files.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
LOCALE = Path(__file__).resolve().parent / "railwidgets" / "locale"


def compile_catalogs(target: Path) -> None:
    """Each language's ``.po`` compiled to ``target/<lang>/LC_MESSAGES/railwidgets.mo``
    (Babel, as ``pybabel compile`` does; fuzzy entries are left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    sources = sorted(LOCALE.glob("*/LC_MESSAGES/railwidgets.po"))
    if not sources:
        raise SystemExit(f"setup.py: no catalogs in {LOCALE} to compile")
    for po in sources:
        mo = target / po.relative_to(LOCALE).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            messages = read_po(source, locale=po.parts[-3])
        with mo.open("wb") as out:
            write_mo(out, messages)


class BuildPyWithNotebooks(build_py):
    """``build_py``, then the catalogs compiled and the notebooks of ``notebooks/`` into
    the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            compile_catalogs(LOCALE)
            return
        compile_catalogs(Path(self.build_lib, "railwidgets", "locale"))
        notebooks = sorted(
            path for path in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts
        )
        if not notebooks:
            raise SystemExit(f"setup.py: no tutorial notebooks in {NOTEBOOKS} to package")
        target = Path(self.build_lib, "railwidgets", "tutorials", "notebooks")
        self.mkpath(str(target))
        for notebook in notebooks:  # the language folders (ru/, es/, pl/) kept
            copy = target / notebook.relative_to(NOTEBOOKS)
            self.mkpath(str(copy.parent))
            self.copy_file(str(notebook), str(copy))


setup(cmdclass={"build_py": BuildPyWithNotebooks})
