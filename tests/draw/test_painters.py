"""The SVG and recording painters: well-formed output, escaping, layers, batches."""

from __future__ import annotations

import math
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


# -- paths, arcs, transforms, clips ---------------------------------------------------------------


def draw_shapes(p: Painter) -> None:
    """Every new primitive once: curves, arcs, a rotated and clipped group, a pause."""
    p.layer("pieces")
    p.path(
        [
            ("M", 10, 10),
            ("L", 30, 10),
            ("Q", 40, 10, 40, 20),
            ("C", 40, 30, 20, 40, 10, 30),
            ("Z",),
        ],
        fill="#1E5AA8",
        stroke="#212121",
        width=2,
    )
    p.arc(50, 50, 10, 0, math.pi, stroke="#C62828", width=3)
    p.save()
    p.translate(60, 20)
    p.rotate(math.pi / 2)
    p.scale(2)
    p.clip_rect(-5, -5, 10, 10)
    p.path([("A", 0, 0, 4, 0, 2 * math.pi), ("Z",)], fill="#2E7D32", stroke="#212121", dash=(2, 1))
    p.text(0, 0, "T", size=12, alpha=0.5)
    p.restore()
    p.sleep(0.1)
    p.circle(5, 5, 2, fill="#000000")


def test_svg_paths_arcs_and_transforms_are_well_formed() -> None:
    p = SvgPainter(100, 100, layers=("static", "pieces"))
    draw_shapes(p)
    svg = p.to_svg()
    root = ET.fromstring(svg)
    paths = [e.get("d") for e in root.iter(f"{SVG}path")]
    assert paths[0] == "M10 10L30 10Q40 10 40 20C40 30 20 40 10 30Z"
    assert paths[1] == "M60 50A10 10 0 0 1 40 50"  # half a circle, clockwise on screen
    assert paths[2].count("A") == 2  # a whole circle is drawn as two halves
    clip = root.find(f"{SVG}defs/{SVG}clipPath")
    assert clip is not None and clip.get("id") == "clip1"
    clipped = [g for g in root.iter(f"{SVG}g") if g.get("clip-path") == "url(#clip1)"]
    assert len(clipped) == 2  # the circle and the text, nothing drawn after restore()
    text = root.find(f".//{SVG}text")
    assert text is not None and text.get("transform") == "matrix(0 2 -2 0 60 20)"
    assert text.get("opacity") == "0.5"
    last = root.findall(f".//{SVG}circle")[-1]
    assert last.get("transform") is None  # restored: no transform any more


def test_svg_clip_polygon_is_on_the_page() -> None:
    p = SvgPainter(100, 100)
    p.save()
    p.translate(10, 20)
    p.clip_rect(0, 0, 5, 5)
    p.restore()
    assert '<polygon points="10,20 15,20 15,25 10,25"/>' in p.to_svg()


def test_svg_arc_directions() -> None:
    p = SvgPainter(10, 10)
    p.path([("M", 0, 0), ("A", 0, 0, 1, 0, -math.pi / 2, True)], stroke="#000000")
    p.path([("A", 0, 0, 1, 0, -math.pi / 2)], stroke="#000000")
    first, second = (e.get("d") for e in ET.fromstring(p.to_svg()).iter(f"{SVG}path"))
    assert first == "M0 0L1 0A1 1 0 0 0 0 -1"  # anticlockwise: the short way, sweep flag 0
    assert second == "M1 0A1 1 0 1 1 0 -1"  # clockwise: the long way round


def test_svg_refuses_an_unknown_path_command() -> None:
    with pytest.raises(ValueError, match="unknown path command"):
        SvgPainter().path([("X", 1, 2)], stroke="#000000")


def test_recording_keeps_transforms_and_clips_per_call() -> None:
    p = RecordingPainter(100, 100, layers=("static", "pieces"))
    draw_shapes(p)
    names = [c.name for c in p.calls]
    assert names == ["path", "arc", "clip_rect", "path", "text", "sleep", "circle"]
    inside = p.by_name("text")[0]
    assert inside.clips == 1
    assert [round(v, 9) for v in inside.on_page(1, 0)] == [60.0, 22.0]
    assert p.calls[-1].clips == 0 and p.calls[-1].on_page(5, 5) == (5.0, 5.0)
    assert p.by_name("sleep")[0]["seconds"] == 0.1


def test_restore_without_save_changes_nothing() -> None:
    svg, rec = SvgPainter(10, 10), RecordingPainter(10, 10)
    for p in (svg, rec):
        p.translate(3, 4)
        p.restore()
        p.circle(0, 0, 1, fill="#000000")
    assert 'transform="matrix(1 0 0 1 3 4)"' in svg.to_svg()
    assert rec.calls[-1].on_page(0, 0) == (3.0, 4.0)


# -- issue 27 item 15: small pictures, the same picture ------------------------------------------


def effective(element: ET.Element, parents: dict[ET.Element, ET.Element], name: str) -> str | None:
    """An attribute as SVG applies it: the element's own, else its nearest group's."""
    while element is not None:
        if name in element.attrib:
            return element.get(name)
        element = parents.get(element)  # type: ignore[assignment]
    return None


def test_27_15_numbers_are_written_to_a_tenth_of_a_pixel() -> None:
    p = SvgPainter(100, 100)
    p.rect(1.23456, 2.06, 10.04, 3.349, fill="#FFFFFF", alpha=0.55)
    p.circle(5.55, 6.44, 1.25, fill="#000000")
    svg = p.to_svg()
    assert '<rect x="1.2" y="2.1" width="10" height="3.3" opacity="0.55"' in svg
    assert '<circle cx="5.5" cy="6.4" r="1.2"' in svg  # (half-way rounds to even)


def test_27_15_pieces_that_meet_are_one_polyline_of_relative_steps() -> None:
    p = SvgPainter(100, 100)
    pieces = [((10, 10), (20.04, 10)), ((20.04, 10), (20, 5.6)), ((50, 50), (49.7, 50.3))]
    p.lines(pieces, stroke="#212121", width=2)
    path = ET.fromstring(p.to_svg()).find(f".//{SVG}path")
    assert path is not None
    assert path.get("d") == "M10 10l10 0 0-4.4M50 50l-.3 .3"
    # round joins where the pieces meet, as their round caps drew before
    assert path.get("stroke-linejoin") == "round" and path.get("stroke-linecap") == "round"
    # the steps are taken between rounded points: a long chain never drifts
    chain = [((i * 0.33, 0.0), ((i + 1) * 0.33, 0.0)) for i in range(30)]
    q = SvgPainter(20, 20)
    q.lines(chain, stroke="#212121")
    d = ET.fromstring(q.to_svg()).find(f".//{SVG}path").get("d")  # type: ignore[union-attr]
    steps = [float(v) for v in d.split("l")[1].replace("-", " -").split()[0::2]]
    assert round(sum(steps), 1) == 9.9


def test_27_15_a_run_of_like_shapes_is_one_group_and_every_shape_keeps_its_look() -> None:
    p = SvgPainter(100, 100)
    for i in range(4):  # alike but for the fill
        p.rect(i * 10, 0, 8, 8, fill=("#FF0000", "#00FF00")[i % 2], stroke="#212121", width=1.5)
    p.rect(0, 20, 8, 8, fill="#0000FF", stroke="#212121", width=1.5, alpha=0.5)
    p.text(5, 50, "a", size=12, fill="#212121", bold=True)
    p.text(15, 50, "b", size=12, fill="#212121", bold=True)
    p.text(25, 50, "c", size=12, fill="#212121", baseline="top")
    root = ET.fromstring(p.to_svg())
    parents = {child: parent for parent in root.iter() for child in parent}
    rects = list(root.iter(f"{SVG}rect"))
    fills = [effective(r, parents, "fill") for r in rects]
    assert fills == ["#FF0000", "#00FF00", "#FF0000", "#00FF00", "#0000FF"]
    assert {effective(r, parents, "stroke-width") for r in rects} == {"1.5"}
    assert rects[4].get("opacity") == "0.5"  # never on a group: it would fade the group as one
    assert all(r.get("opacity") is None for r in rects[:4])
    assert all("stroke" not in r.attrib for r in rects[:4])  # the group carries it, once
    texts = list(root.iter(f"{SVG}text"))
    assert [effective(t, parents, "font-weight") for t in texts] == ["bold", "bold", None]
    assert texts[2].get("style") == "dominant-baseline:hanging"
    assert "text{dominant-baseline:central}" in p.to_svg()  # the others are centred


def test_27_15_a_batch_drawn_twice_is_one_path_used_twice() -> None:
    p = SvgPainter(100, 100, layers=("static", "pieces"))
    pieces = [((0, 0), (10, 10)), ((10, 10), (20, 0))]
    p.lines(pieces, stroke="#4A4036", width=6)  # a rail ...
    p.lines(pieces, stroke="#EDE3CD", width=2)  # ... and its bed over it
    p.layer("pieces")
    p.lines([((1, 1), (2, 2))], stroke="#000000")  # drawn once: stays a path
    root = ET.fromstring(p.to_svg())
    shared = root.findall(f"{SVG}defs/{SVG}path")
    assert len(shared) == 1 and shared[0].get("d") == "M0 0l10 10 10-10"
    uses = list(root.iter(f"{SVG}use"))
    assert [u.get("href") for u in uses] == ["#" + shared[0].get("id")] * 2  # type: ignore[operator]
    assert [u.get("stroke") for u in uses] == ["#4A4036", "#EDE3CD"]
    assert [u.get("stroke-width") for u in uses] == ["6", "2"]
    assert len(root.findall(f"{SVG}g/{SVG}path")) == 1
    p.clear("static")  # a cleared layer's batch is forgotten: drawn again, it is new
    p.layer("static")
    p.lines(pieces, stroke="#4A4036", width=6)
    assert [g.tag for g in ET.fromstring(p.to_svg()).find(f"{SVG}g")] == [f"{SVG}path"]  # type: ignore[union-attr]
