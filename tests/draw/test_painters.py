"""The SVG and recording painters: well-formed output, escaping, layers, batches."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from railwidgets.draw import Painter, RecordingPainter, SvgPainter, hex_to_rgb
from railwidgets.draw.palette import DARK, LIGHT, Swatch, ink_for

SVG = "{http://www.w3.org/2000/svg}"


def draw_everything(p: Painter) -> None:
    p.layer("static")
    p.rect(0, 0, 100, 50, fill="#FFFFFF", stroke="#000000")
    p.rects([(0, 0, 5, 5), (5, 5, 5, 5)], ["#FF0000", None], stroke="#000000")
    p.polygon([(0, 0), (10, 0), (0, 10)], fill="#00FF00", alpha=0.5)
    p.polygons([[(0, 0), (1, 1), (0, 1)], [(2, 2), (3, 3), (2, 3)]], ["#123456", "#654321"])
    p.layer("pieces")
    p.circle(5, 5, 2, fill="#C62828", stroke=DARK, width=1.5)
    p.circles([(1, 1), (2, 2)], 1, ["#C62828", "#1E5AA8"], stroke=DARK)
    p.line([(0, 0), (5, 5), (9, 0)], stroke="#000000", width=2, dash=(3, 2))
    p.lines([((0, 0), (1, 1)), ((2, 2), (3, 3))], stroke="#000000")
    p.text(10, 10, 'Tan & <Yellow> "quoted"', size=11, align="left", baseline="top", bold=True)


def test_the_painters_follow_the_protocol() -> None:
    assert isinstance(SvgPainter(), Painter)
    assert isinstance(RecordingPainter(), Painter)


def test_svg_is_well_formed_xml_with_escaped_text_and_layer_groups() -> None:
    p = SvgPainter(100, 50, layers=("static", "pieces"), background="#FAFAFA")
    draw_everything(p)
    root = ET.fromstring(p.to_svg())
    assert root.tag == f"{SVG}svg"
    assert root.get("width") == "100"
    groups = [g.get("id") for g in root.findall(f"{SVG}g")]
    assert groups == ["layer-static", "layer-pieces"]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == ['Tan & <Yellow> "quoted"']
    assert len(list(root.iter(f"{SVG}circle"))) == 3
    assert len(list(root.iter(f"{SVG}polygon"))) == 3


def test_svg_layers_stack_in_order_and_clear() -> None:
    p = SvgPainter(10, 10, layers=("a", "b"))
    p.layer("b")
    p.circle(1, 1, 1, fill="#000000")
    p.layer("a")
    p.rect(0, 0, 1, 1, fill="#FFFFFF")
    root = ET.fromstring(p.to_svg())
    assert [g.get("id") for g in root.findall(f"{SVG}g")] == ["layer-a", "layer-b"]
    p.clear("b")
    assert "circle" not in p.to_svg()
    p.clear()
    assert "rect" not in p.to_svg()


def test_recording_painter_keeps_calls_by_layer() -> None:
    p = RecordingPainter(100, 50, layers=("static", "pieces"))
    draw_everything(p)
    assert [c.name for c in p.calls if c.layer == "static"] == [
        "rect",
        "rects",
        "polygon",
        "polygons",
    ]
    assert p.texts("pieces") == ['Tan & <Yellow> "quoted"']
    assert p.by_name("circles")[0]["fills"] == ["#C62828", "#1E5AA8"]
    p.clear("static")
    assert {c.layer for c in p.calls} == {"pieces"}


def test_colours() -> None:
    assert hex_to_rgb("#1E5AA8") == (30, 90, 168)
    with pytest.raises(ValueError):
        hex_to_rgb("blue")
    assert ink_for("#F5F5F5") == DARK
    assert ink_for("#212121") == LIGHT
    assert Swatch("#F9D71C", "Y").ink == DARK
