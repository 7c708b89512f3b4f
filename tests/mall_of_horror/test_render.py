"""The SVG board: well-formed, exact counts, secrets kept, deterministic, accessible.

Every check parses the picture with ``xml.etree`` and reads the elements the renderer
marks with a ``class`` (``location``, ``character``, ``zombies``, ``seat``, …).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction

import pytest
import sympy

from boardlab import mall_of_horror as moh
from boardlab.core.engine import Match
from boardlab.core.errors import ArgumentTypeError
from boardlab.mall_of_horror import odds
from boardlab.mall_of_horror.config import CARD_NAMES, LOCATIONS, Config
from boardlab.mall_of_horror.render import (
    CARD_LABELS,
    COLOUR_CODES,
    KIND_LETTERS,
    PALETTE,
    contrast,
    ink,
    render_svg,
)
from boardlab.mall_of_horror.state import Pending

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    """Elements whose class list contains ``cls``, in document order."""
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def location_group(root: ET.Element, loc: int) -> ET.Element:
    (group,) = [g for g in with_class(root, "location") if g.get("data-location") == str(loc)]
    return group


def seat_group(root: ET.Element, colour: str) -> ET.Element:
    (group,) = [g for g in with_class(root, "seat") if g.get("data-colour") == colour]
    return group


def tokens_by_location(root: ET.Element) -> dict[int, list[tuple[str, str]]]:
    return {int(g.get("data-location")): sorted((t.get("data-colour"), t.get("data-kind"))
                                                for t in with_class(g, "character"))
            for g in with_class(root, "location")}


@pytest.fixture
def midgame():
    """4 players, round 3, phase c with the Chief elected: a known board and hands."""
    return moh.position(players=4, characters={
        1: ["red pinup", "yellow toughguy"], 3: ["blue pinup", "green gunman", "red toughguy"],
        4: ["yellow pinup", "blue gunman", "green toughguy", "red gunman"],
        5: ["green pinup", "blue toughguy"], 6: ["yellow gunman"]},
        zombies={1: 2, 3: 5, 4: 1, 5: 13, 6: 3}, sealed=[],
        hands={"red": ["camera", "weapon1"], "blue": ["threat", "weapon2"],
               "yellow": ["sprint", "hardware"], "green": ["hidden"]},
        chief="green", chief_elected=True, phase="c", round=3)


def rolled(state, faces=(1, 3, 3, 6)):
    """``state`` (phase c) after the hidden arrival roll ``faces``."""
    match = moh.new_match(start=state)
    match.push(moh.Dice(faces))
    return match


# -- a valid, accessible document -------------------------------------------------------


def test_document_is_standalone_svg_with_title_and_aria_label(midgame) -> None:
    svg = render_svg(midgame)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="560" ')
    _, _, vw, vh = root.get("viewBox").split()
    assert vw == "560"
    assert root.get("width") == "560"
    assert root.get("height") == str(round(float(vh)))
    assert root.get("role") == "img"
    assert root[0].tag == f"{SVG}title"
    assert root[0].text == "Mall of Horror, round 3: c) Arrival of the Zombies"
    assert root.get("aria-label") == (
        "Mall of Horror board, round 3, c) Arrival of the Zombies. "
        "1 Shop 1: 2 characters, 2 zombies; 2 Shop 2 closed; 3 Shop 3: 3 characters, "
        "5 zombies; 4 Parking Lot: 4 characters, 1 zombie; 5 Security Room: 2 characters, "
        "13 zombies; 6 Supermarket: 1 character, 3 zombies. Chief: green (elected).")


def test_width_scales_the_picture_not_the_drawing(midgame) -> None:
    wide, narrow = parse(render_svg(midgame)), parse(render_svg(midgame, width=360))
    assert narrow.get("viewBox") == wide.get("viewBox")
    height = float(wide.get("viewBox").split()[3])
    assert narrow.get("width") == "360"
    assert narrow.get("height") == str(round(360 * height / 560))
    with pytest.raises(ValueError, match="width"):
        render_svg(midgame, width=0)


def test_phase_title_and_next_decision(midgame) -> None:
    root = parse(render_svg(midgame))
    assert [text_of(t) for t in with_class(root, "phase")] == [
        "Round 3 · c) Arrival of the Zombies"]
    assert [text_of(t) for t in with_class(root, "next")] == [
        "Next: the Chief rolls the zombie dice under the box"]


# -- exact counts ---------------------------------------------------------------------------


def test_one_token_per_living_character_at_its_location(midgame) -> None:
    root = parse(render_svg(midgame))
    assert len(with_class(root, "character")) == len(midgame.chars) == 12
    assert tokens_by_location(root) == {
        1: [("red", "pinup"), ("yellow", "toughguy")], 2: [],
        3: [("blue", "pinup"), ("green", "gunman"), ("red", "toughguy")],
        4: [("blue", "gunman"), ("green", "toughguy"), ("red", "gunman"), ("yellow", "pinup")],
        5: [("blue", "toughguy"), ("green", "pinup")], 6: [("yellow", "gunman")]}


@pytest.mark.parametrize("players,seed", [(3, 4), (5, 2), (6, 9)])
def test_tokens_and_zombies_match_the_state_through_a_whole_match(players, seed) -> None:
    match = moh.play(players=players, seed=seed)
    for ply in range(0, match.recorded_plies + 1, 7):
        match.seek(ply)
        state = match.state
        root = parse(render_svg(state, omniscient=True))
        want = {loc: sorted(state.at(loc)) for loc in LOCATIONS}
        assert tokens_by_location(root) == want, ply
        assert [int(z.get("data-count")) for z in with_class(root, "zombies")] == \
            list(state.zombies), ply
        assert len(with_class(root, "hidden")) == len(state.hidden)


def test_zombie_count_text_and_icons_per_location(midgame) -> None:
    root = parse(render_svg(midgame))
    groups = with_class(root, "zombies")
    assert [g.get("data-location") for g in groups] == ["1", "2", "3", "4", "5", "6"]
    counts = [text_of(c) for g in groups for c in with_class(g, "zombie-count")]
    assert counts == ["2 zombies", "0 zombies", "5 zombies", "1 zombie", "13 zombies",
                      "3 zombies"]
    # one icon (a head) per zombie, at most 8, and "+5" for the 13 at the Security Room
    heads = [len(g.findall(f"{SVG}circle")) for g in groups]
    assert heads == [2, 0, 5, 1, 8, 3]
    assert "+5" in [text_of(t) for t in groups[4].iter(f"{SVG}text")]


def test_capacity_pins_filled_per_character(midgame) -> None:
    root = parse(render_svg(midgame))
    pins = {int(g.get("data-location")): (c.get("data-capacity"), c.get("data-filled"))
            for g in with_class(root, "location") for c in with_class(g, "capacity")}
    assert pins == {1: ("3", "2"), 2: ("4", "0"), 3: ("4", "3"), 4: (None, None),
                    5: ("3", "2"), 6: ("6", "1")}
    parking = [c for c in with_class(location_group(root, 4), "capacity")]
    assert [text_of(c) for c in parking] == ["∞"]
    filled = [c.get("fill") for c in with_class(location_group(root, 3), "capacity")[0]]
    assert filled == ["#333333", "#333333", "#333333", "#FFFFFF"]


def test_closed_and_sealed_markers_exactly_where_they_are() -> None:
    four = moh.position(players=4, characters={1: ["red pinup"], 4: ["blue gunman"]},
                        sealed=[3, 6])
    root = parse(render_svg(four))
    closed = [g.get("data-location") for g in with_class(root, "location")
              if with_class(g, "marker-closed")]
    sealed = [g.get("data-location") for g in with_class(root, "location")
              if with_class(g, "marker-sealed")]
    assert (closed, sealed) == (["2"], ["3", "6"])
    assert text_of(with_class(root, "marker-closed")[0]).startswith("closed")
    five = moh.position(players=5, characters={2: ["red pinup"], 4: ["blue gunman"]})
    root = parse(render_svg(five))
    assert with_class(root, "marker-closed") == with_class(root, "marker-sealed") == []


def test_hidden_characters_are_faded_and_marked() -> None:
    state = moh.position(players=4, characters={1: ["red pinup", "blue gunman"],
                                                4: ["yellow toughguy"]}, phase="f")
    state = state._replace(hidden=(("red", "pinup"),))
    root = parse(render_svg(state))
    hidden = with_class(root, "hidden")
    assert [(t.get("data-colour"), t.get("data-kind")) for t in hidden] == [("red", "pinup")]
    assert [text_of(m) for m in with_class(hidden[0], "hidden-mark")] == ["H"]
    assert hidden[0].find(f"{SVG}g").get("opacity") == "0.4"
    assert len(with_class(root, "hidden-mark")) == 1


def test_token_letters_name_colour_and_kind(midgame) -> None:
    root = parse(render_svg(midgame))
    for token in with_class(root, "character"):
        letters = [t.text for t in token.iter(f"{SVG}text")]
        assert letters == [KIND_LETTERS[token.get("data-kind")],
                           COLOUR_CODES[token.get("data-colour")]]
        assert token.find(f"{SVG}title").text.startswith(token.get("data-colour") + " ")
    assert sorted(COLOUR_CODES.values()) == ["blk", "blu", "brn", "grn", "red", "yel"]


def test_no_mark_means_two_things() -> None:
    # The issue this answers: "G" was both the Gunman and green. A colour code is three
    # lower-case letters and a kind one capital, so none can be read as another, in any
    # case; and every mark of either kind is distinct.
    kinds, codes = set(KIND_LETTERS.values()), set(COLOUR_CODES.values())
    assert len(kinds) == len(KIND_LETTERS) and len(codes) == len(COLOUR_CODES)
    assert all(re.fullmatch(r"[a-z]{3}", c) for c in codes)
    assert all(re.fullmatch(r"[A-Z]", k) for k in kinds)
    assert not {c.upper() for c in codes} & {k.upper() for k in kinds}
    others = {"H", "HW"}  # the hidden mark and the Hardware card
    assert not (kinds | codes) & others


def test_the_key_explains_every_mark_for_this_matchs_colours(midgame) -> None:
    root = parse(render_svg(midgame))
    (key,) = with_class(root, "key")
    text = " ".join(text_of(line) for line in key)
    for kind, letter in KIND_LETTERS.items():
        assert f"{letter} {moh.config.KIND_NAMES[kind]}" in text
    assert "yel yellow" in text and "blu blue" in text and "grn green" in text
    assert "red" in text and "brn" not in text and "blk" not in text  # 4 players
    assert "H: a hidden character" in text and "HW +n: Hardware" in text
    six = moh.position(players=6, characters={1: ["brown pinup"]})
    six_key = " ".join(text_of(line) for line in with_class(parse(render_svg(six)), "key")[0])
    assert "brn brown" in six_key and "blk black" in six_key
    # the key sits under the seats, inside the picture
    svg = render_svg(midgame)
    height = float(re.search(r'viewBox="0 0 560 ([\d.]+)"', svg).group(1))
    ys = [float(t.get("y")) for t in key]
    seats_bottom = max(float(r.get("y")) + float(r.get("height"))
                       for g in with_class(root, "seat") for r in g.iter(f"{SVG}rect")
                       if r.get("height") and float(r.get("height")) > 25)
    assert seats_bottom < min(ys) and max(ys) < height


def test_palette_text_contrast_is_at_least_4_5() -> None:
    ratios = {c: round(contrast(fill, ink(fill)), 1) for c, fill in PALETTE.items()}
    assert min(ratios.values()) >= 4.5, ratios
    assert len(set(PALETTE.values())) == 6


def test_hardware_per_location_and_defence() -> None:
    state = moh.position(players=4, characters={1: ["red pinup", "blue toughguy"],
                                                6: ["yellow pinup"]}, phase="f")
    state = state._replace(hardware=(2, 0, 0, 0, 0, 1))
    root = parse(render_svg(state))
    marks = {g.get("data-location"): [h.get("data-count") for h in with_class(g, "hardware")]
             for g in with_class(root, "location")}
    assert marks == {"1": ["2"], "2": [], "3": [], "4": [], "5": [], "6": ["1"]}
    assert [text_of(t) for t in with_class(location_group(root, 1), "info")] == [
        "defence 5 · Hardware +2"]


def test_supermarket_defence_above_the_threshold_says_so() -> None:
    state = moh.position(players=5, characters={6: ["red toughguy", "blue toughguy",
                                                    "green pinup"]})
    root = parse(render_svg(state))
    assert [text_of(t) for t in with_class(location_group(root, 6), "info")] == [
        "defence 5 · breaks in at 4"]


# -- the seat strip: Chief, cards, eliminations ---------------------------------------------


def test_chief_star_next_to_the_chiefs_colour(midgame) -> None:
    root = parse(render_svg(midgame))
    chiefs = [g.get("data-colour") for g in with_class(root, "seat") if with_class(g, "chief")]
    assert chiefs == ["green"]
    (badge,) = with_class(seat_group(root, "green"), "chief")
    assert badge.find(f"{SVG}polygon") is not None
    assert text_of(badge) == "Chief (elected)"
    carried = moh.position(players=4, characters={1: ["red pinup"], 4: ["blue gunman"]},
                           chief="blue")
    root = parse(render_svg(carried))
    assert [text_of(b) for b in with_class(seat_group(root, "blue"), "chief")] == [
        "Chief (carried over)"]
    assert [g.get("data-colour") for g in with_class(root, "seat") if with_class(g, "chief")] \
        == ["blue"]
    root = parse(render_svg(moh.new_match(players=3, seed=1).state))
    assert [text_of(b) for b in with_class(root, "chief")] == ["Chief (first player)"]


def test_seats_in_seat_order_with_card_counts(midgame) -> None:
    root = parse(render_svg(midgame))
    seats = with_class(root, "seat")
    assert [g.get("data-colour") for g in seats] == ["yellow", "red", "blue", "green"]
    counts = [c.get("data-count") for g in seats for c in with_class(g, "card-count")]
    assert counts == ["2", "2", "2", "1"]
    assert [text_of(c) for g in seats for c in with_class(g, "card-count")] == [
        "2 cards", "2 cards", "2 cards", "1 card"]
    assert [text_of(p) for g in seats for p in with_class(g, "points")] == [
        "15 pts", "15 pts", "15 pts", "15 pts"]


def test_eliminated_players_are_marked() -> None:
    state = moh.position(players=4, characters={1: ["red pinup"], 4: ["blue gunman"],
                                                6: ["yellow pinup"]}, round=3,
                         eliminated={"green": 2})
    root = parse(render_svg(state))
    marked = {g.get("data-colour"): [text_of(e) for e in with_class(g, "eliminated")]
              for g in with_class(root, "seat")}
    assert marked == {"yellow": [], "red": [], "blue": [], "green": ["eliminated in round 2"]}
    assert [text_of(e) for e in with_class(seat_group(root, "green"), "eaten")] == [
        "eaten: P T G"]


# -- hidden information ---------------------------------------------------------------------


def hands(root: ET.Element) -> dict[str, list[str]]:
    return {g.get("data-colour"): [text_of(h) for h in with_class(g, "hand")]
            for g in with_class(root, "seat")}


def test_a_viewer_sees_only_their_own_hand(midgame) -> None:
    svg = render_svg(midgame, viewer="red")
    assert hands(parse(svg)) == {"yellow": [], "red": ["Hand: Security Camera, Weapon (1 zombie)"],
                                 "blue": [], "green": []}
    # The key under the seats names the marks (HW: Hardware played here), no one's cards.
    cards = re.sub(r'<g class="key">.*?</g>', "", svg)
    for card in ("threat", "weapon2", "sprint", "hardware", "hidden"):
        assert CARD_LABELS[card] not in cards, card
    public = re.sub(r'<g class="key">.*?</g>', "", render_svg(midgame))
    assert "Hand:" not in public
    assert not any(name in public for name in CARD_NAMES.values())


def test_omniscient_shows_every_hand(midgame) -> None:
    root = parse(render_svg(midgame, omniscient=True))
    assert hands(root) == {"yellow": ["Hand: Hardware, Sprint"],
                           "red": ["Hand: Security Camera, Weapon (1 zombie)"],
                           "blue": ["Hand: Threat, Weapon (2 zombies)"],
                           "green": ["Hand: Hidden card"]}
    assert [text_of(v) for v in with_class(root, "view")] == ["All secrets shown"]


def test_long_hands_wrap_onto_more_lines() -> None:
    state = moh.position(players=4, characters={1: ["red pinup"], 4: ["blue gunman"]},
                         hands={"red": ["weapon2", "weapon2", "weapon2", "weapon1", "weapon1",
                                        "camera", "camera", "threat"]})
    lines = hands(parse(render_svg(state, viewer="red")))["red"]
    assert len(lines) == 3   # the picture is 560 wide since issue 29 (legible text): 3 lines
    assert " ".join(lines) == "Hand: " + ", ".join(CARD_LABELS[c] for c in state.hand("red"))


def dice(root: ET.Element) -> list[str]:
    return [text_of(d) for d in with_class(root, "die")]


def test_the_hidden_roll_only_for_those_who_may_look(midgame) -> None:
    match = rolled(midgame)
    state = match.state
    assert state.lookers == ("green",)
    assert dice(parse(render_svg(state, viewer="green"))) == ["1", "3", "3", "6"]
    assert dice(parse(render_svg(state, omniscient=True))) == ["1", "3", "3", "6"]
    for viewer in (None, "red", "blue", "yellow"):
        root = parse(render_svg(state, viewer=viewer))
        assert dice(root) == [] and with_class(root, "roll") == [], viewer
        assert [text_of(t) for t in with_class(root, "roll-hidden")] == [
            "Arrival roll: hidden under the box (seen by green)"]
    # red plays a Security Camera and may look too
    match.push(moh.PlayCard("camera"))
    assert dice(parse(render_svg(match.state, viewer="red"))) == ["1", "3", "3", "6"]
    assert dice(parse(render_svg(match.state, viewer="blue"))) == []


def destinations(root: ET.Element) -> dict[str, str]:
    return {g.get("data-colour"): d.get("data-location")
            for g in with_class(root, "seat") for d in with_class(g, "destination")}


def test_secret_destinations_until_phase_e(midgame) -> None:
    match = rolled(midgame)
    match.push(moh.Pass())                     # red keeps the camera
    assert match.state.pending.kind == "destination"
    order = match.state.pending.order
    assert order[0] == "green"                  # the Chief chooses first
    picks = {"green": 6, "yellow": 3, "red": 5, "blue": 1}
    for colour in order[:-1]:
        match.push(moh.Destination(picks[colour]))
    state = match.state
    assert state.phase == "d" and len(state.destinations) == 3
    chosen = dict(state.destinations)
    last = next(c for c in chosen if c != "green")
    assert destinations(parse(render_svg(state))) == {"green": "6"}
    assert destinations(parse(render_svg(state, viewer=last))) == {
        "green": "6", last: str(picks[last])}
    assert destinations(parse(render_svg(state, omniscient=True))) == {
        c: str(loc) for c, loc in chosen.items()}
    # the last player chooses: phase e reveals them all
    match.push(moh.Destination(picks[order[-1]]))
    state = match.state
    assert state.phase == "e"
    assert destinations(parse(render_svg(state))) == {c: str(picks[c]) for c in order}


def test_truck_cards_only_for_the_searcher() -> None:
    state = moh.position(players=4, characters={4: ["red pinup", "blue gunman"]})
    state = state._replace(pending=Pending("truck_split", chosen="red",
                                           drawn=("threat", "sprint", "weapon2")))
    mine = parse(render_svg(state, viewer="red"))
    assert [text_of(t) for t in with_class(mine, "truck")] == [
        "Truck cards drawn by red: Threat, Sprint, Weapon (2 zombies)"]
    theirs = render_svg(state, viewer="blue")
    assert [text_of(t) for t in with_class(parse(theirs), "truck-hidden")] == [
        "red holds 3 cards drawn from the truck"]
    assert "Threat" not in theirs and "Sprint" not in theirs


def _other(items: tuple, value):
    """The item after ``value`` in ``items``, cyclically: a different secret of the same kind."""
    return items[(items.index(value) + 1) % len(items)]


def scrambled(state, viewer):
    """``state`` with every secret ``viewer`` may not know replaced by another.

    Other seats' cards (their number stays: it is public), secret destinations, secret
    ballots, the hidden roll unless ``viewer`` may look, the truck cards unless
    ``viewer`` drew them. Returns the new state and which kinds of secret changed.
    """
    from boardlab.mall_of_horror.config import CARDS, COLOURS

    changed = set()
    colours = state.setup.colours
    hands = tuple(hand if c == viewer else tuple(sorted(_other(CARDS, x) for x in hand))
                  for c, hand in zip(colours, state.hands, strict=True))
    if hands != state.hands:
        changed.add("hands")
    public = state.phase in ("e", "f")
    destinations = tuple(
        (c, loc) if public or c == viewer or (c == state.chief and state.chief_elected)
        else (c, _other(LOCATIONS, loc)) for c, loc in state.destinations)
    if destinations != state.destinations:
        changed.add("destinations")
    p = state.pending
    ballots = tuple((v, col) if v == viewer else (v, _other(COLOURS, col))
                    for v, col in p.ballots)
    if ballots != p.ballots:
        changed.add("ballots")
    roll = state.roll
    if roll and viewer not in state.lookers:
        roll = tuple(sorted(_other(LOCATIONS, f) for f in roll))
        changed.add("roll")
    drawn = p.drawn
    if drawn and p.chosen != viewer:
        drawn = tuple(_other(CARDS, x) for x in drawn)
        changed.add("truck cards")
    new = state._replace(hands=hands, destinations=destinations, roll=roll,
                         pending=p._replace(ballots=ballots, drawn=drawn))
    return new, changed


def _sample_states():
    for players in (3, 4, 5, 6):
        for seed in range(2):
            match = moh.play(players, seed=seed)
            for i, record in enumerate(match.records):
                if i % 8 == 0 or (i % 2 == 0 and record.after.pending.kind in (
                        "camera", "destination", "truck_split", "move")):
                    yield record.after


@pytest.mark.slow
def test_a_seat_sees_nothing_of_anyone_elses_secrets() -> None:
    # The picture for a seat is drawn from that seat's view: changing any secret the
    # seat may not know (other hands, secret destinations and ballots, the roll it may
    # not look at, truck cards it did not draw) leaves its picture byte for byte the same.
    seen = Counter()
    for state in _sample_states():
        for viewer in (None, *state.setup.colours):
            other, changed = scrambled(state, viewer)
            if not changed:
                continue
            seen.update(changed)
            assert render_svg(other, viewer=viewer) == render_svg(state, viewer=viewer), (
                viewer, changed)
            if viewer is None and changed != {"ballots"}:  # ballots are drawn for no one
                # the secrets changed are there to be seen by someone
                assert render_svg(other, omniscient=True) != render_svg(state, omniscient=True)
    # every kind of secret was exercised, many times
    assert {k for k, n in seen.items() if n >= 5} == {
        "hands", "destinations", "ballots", "roll", "truck cards"}, seen


def test_an_unknown_viewer_is_refused(midgame) -> None:
    with pytest.raises(ValueError, match="purple"):
        render_svg(midgame, viewer="purple")


# -- determinism, escaping, highlight and odds ----------------------------------------------


def test_same_state_same_picture(midgame) -> None:
    again = moh.load_position(moh.save_position(midgame))
    assert again == midgame and again is not midgame
    first = render_svg(midgame, viewer="red", highlight=[3], odds={3: Fraction(1, 3)})
    assert first == render_svg(again, viewer="red", highlight=[3], odds={3: Fraction(1, 3)})
    assert re.search(r'\bid="', first) is None          # no ids to collide in a notebook


def test_names_are_escaped() -> None:
    cfg = Config(names=('Shop <&> "one"', "Shop 2", "Shop 3", "Parking & Lot", "Security Room",
                        "Super<market>"))
    state = moh.position(players=5, config=cfg, characters={1: ["red pinup"],
                                                            6: ["blue gunman"]})
    state = state._replace(destinations=(("red", 6),), phase="e")
    svg = render_svg(state, highlight=[1])
    root = parse(svg)
    assert location_group(root, 1).find(f"{SVG}title").text == '1 Shop <&> "one"'
    assert location_group(root, 6).find(f"{SVG}title").text == "6 Super<market>"
    assert [text_of(d) for d in with_class(root, "destination")] == ["→ 6 Super<market>"]
    assert "6 Super<market>" in root.get("aria-label")
    assert "<market>" not in svg


def test_long_names_are_shortened_in_the_box_but_whole_in_its_title() -> None:
    long = "A Very Long Boutique Name That Never Ends"
    cfg = Config(names=(long, "Shop 2", "Shop 3", "Parking Lot", "Security Room", "Supermarket"))
    root = parse(render_svg(moh.position(players=5, config=cfg, characters={1: ["red pinup"]})))
    group = location_group(root, 1)
    (name,) = with_class(group, "name")
    assert text_of(name).endswith("…") and long.startswith(text_of(name)[:-1])
    assert group.find(f"{SVG}title").text == f"1 {long}"


def test_highlight_outlines_exactly_the_given_locations(midgame) -> None:
    root = parse(render_svg(midgame, highlight=[3, 5]))
    outlined = [g.get("data-location") for g in with_class(root, "location")
                if with_class(g, "highlight")]
    assert outlined == ["3", "5"]
    (rect,) = with_class(location_group(root, 3), "highlight")
    assert (rect.get("stroke-width"), rect.get("stroke-dasharray")) == ("4", "10 6")
    assert with_class(parse(render_svg(midgame)), "highlight") == []
    with pytest.raises(ValueError, match="location 7|7"):
        render_svg(midgame, highlight=[7])


@pytest.mark.parametrize("p", [Fraction(19, 144), sympy.Rational(19, 144)])
def test_odds_printed_in_the_location_box(midgame, p) -> None:
    root = parse(render_svg(midgame, odds={5: p, 1: Fraction(0)}))
    shown = {g.get("data-location"): [text_of(t) for t in with_class(g, "odds")]
             for g in with_class(root, "location")}
    assert shown == {"1": ["P(break-in) = 0"], "2": [], "3": [], "4": [],
                     "5": ["P(break-in) = 19/144"], "6": []}


def test_live_odds_render(midgame) -> None:
    root = parse(render_svg(midgame, odds=odds.live_odds(midgame)))
    assert len(with_class(root, "odds")) == len(odds.live_odds(midgame)) == 5


# -- Jupyter hooks ----------------------------------------------------------------------------


def test_state_and_match_show_themselves_as_svg(midgame) -> None:
    assert midgame._repr_svg_() == render_svg(midgame)
    match = moh.new_match(start=midgame)
    assert match._repr_svg_() == render_svg(midgame)
    # moh.render_svg is the front door's (every game has it), which draws with render_svg.
    assert moh.render_svg(midgame) == render_svg(midgame)
    from tests.core.toy import RULES as TOY
    from tests.core.toy import ToySetup

    plain = Match(TOY, ToySetup())  # a state that cannot draw itself: no picture
    assert plain._repr_svg_() is None
    with pytest.raises(ArgumentTypeError, match="^state: expected a State"):
        Match(moh.RULES, midgame.setup, state=("not", "a", "state"))


def test_every_kind_and_colour_has_a_letter() -> None:
    assert set(KIND_LETTERS) == set(moh.KINDS)
    assert set(COLOUR_CODES) == set(PALETTE) == set(moh.COLOURS)
    assert set(CARD_LABELS) == set(CARD_NAMES) and CARD_LABELS["hidden"] == "Hidden card"
    assert Counter(KIND_LETTERS.values()) == Counter("PTGL")
