"""render_svg: what the picture shows, for whom, and that it reads without colour.

The picture is parsed as XML and its parts counted against the state: one tile group
per placed tile, one door per joined door in the right state, one token per figure.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from boardlab import level7_lockdown as l7
from boardlab.level7_lockdown.geometry import Door, layout
from boardlab.level7_lockdown.position import position
from boardlab.level7_lockdown.render import CHARACTER_COLOURS, render_svg, touched_tiles

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if cls in (g.get("class") or "").split()]


def busy() -> Any:
    return position(players=3,
                    characters={"Leo": {"tile": "Lair", "terror": 2, "fear": 3, "down": True},
                                "Cody": {"tile": "Storage Bay"}},
                    tiles=[("Security Post", 0, 2, 0, 0), ("Long Hall", 0, 1, 1, 0)],
                    enemies={"blaster#1": ("Hub", 2), "guard#1": "Hub", "rogue#1": "Lair",
                             "hunter#1": "Lair", "blaster#2": "Lower Landing"},
                    barricades={Door(0, 0, -1, "N"): 1})


def test_every_tile_door_and_figure_is_drawn() -> None:
    s = busy()
    root = parse(render_svg(s))
    face_up = [p for p in s.tiles if not p.face_down]
    assert len([g for g in groups(root, "tile") if "face-down" not in g.get("class", "")]) \
        == len(face_up)
    assert len(groups(root, "face-down")) == sum(p.face_down for p in s.tiles)
    lay = layout(s.tiles, s.links, s.cfg)
    drawn = {g.get("data-door"): g.get("class", "").split()[1] for g in groups(root, "door")}
    for door in lay.doors:
        want = ("locked" if door in s.locked else
                "barricade" if door in dict(s.barricades) else "open")
        assert drawn[str(door)] == want, door
    assert list(drawn.values()).count("unexplored") == sum(len(e) for e in lay.ends)
    assert len(groups(root, "character")) == 3
    assert len(groups(root, "enemy")) == len(s.enemies)
    assert len(groups(root, "cronos")) == 1
    assert len(groups(root, "floor")) == 2           # floors side by side


def test_markers_and_states_are_words_not_only_colours() -> None:
    svg = render_svg(busy())
    root = parse(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "B1" in texts                              # the battered barricade
    assert "L" in texts                               # the locked Hub–Lair door
    assert "B1+2" in texts and "G1" in texts and "H1" in texts and "DC" in texts
    assert "Le↓" in texts                             # Leo is down
    assert "GAS CACHE" in texts                       # the Storage Bay's markers
    assert any(t and "DARK" in t for t in texts)      # the Lair is dark: a word, not a grey
    for g in groups(root, "character"):              # every token has letters and a title
        assert g.find("s:title", NS) is not None and g.find("s:text", NS).text
    assert svg.count(CHARACTER_COLOURS[0]) >= 2       # Leo's colour: token and strip


def test_accessibility_role_label_and_titles() -> None:
    s = busy()
    root = parse(render_svg(s))
    assert root.get("role") == "img"
    label = root.get("aria-label")
    assert "Leo on Lair" in label and "terror 2" in label and "Dr. Cronos on Lair" in label
    assert root.find("s:title", NS).text.startswith("Level 7 [Escape]: Lockdown")
    for g in groups(root, "tile"):
        assert g.find("s:title", NS) is not None


def test_per_viewer_and_omniscient() -> None:
    s = busy()
    public = render_svg(s)
    cody = render_svg(s, viewer="Cody")
    everything = render_svg(s, omniscient=True)
    assert "Cody (you)" in cody and "(you)" not in public
    assert "As Cody sees it" in cody and "Public view" in public
    # the stacks' contents are the only secret: Closet waits face down in stack "hidden"
    assert "Closet" not in public and "Closet" not in cody and "Closet" in everything


def test_deterministic_and_highlighted() -> None:
    s = busy()
    assert render_svg(s) == render_svg(s)
    svg = render_svg(s, highlight=[0, 2])
    assert svg.count('class="highlight"') == 2       # one cell each
    assert render_svg(s, odds={"hit": __import__("fractions").Fraction(1, 3)}).count(
        "P(hit) = 1/3") == 1


def test_repr_svg_on_state_and_match() -> None:
    m = l7.new_match(players=2, seed=1)
    assert m.state._repr_svg_() == render_svg(m.state)
    assert m._repr_svg_() == render_svg(m.state)


def test_touched_tiles_follow_the_events() -> None:
    m = l7.new_match(players=1, seed=1)
    events = m.push(l7.Move(1))
    assert touched_tiles(events, m.state) == (0, 1)


@pytest.mark.parametrize("kwargs,message", [
    ({"viewer": "Zed"}, "unknown viewer"),
    ({"highlight": [99]}, "not a tile index"),
    ({"highlight": [True]}, "not a tile index"),
    ({"width": 0}, "width"),
])
def test_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        render_svg(l7.new_match(players=2).state, **kwargs)
    with pytest.raises(TypeError, match="Level 7 State"):
        render_svg("state")  # type: ignore[arg-type]


def test_a_whole_match_renders_at_every_ply() -> None:
    m = l7.play(players=2, seed=4)
    for record in m.records[::7]:
        parse(render_svg(record.after, viewer="Leo"))
