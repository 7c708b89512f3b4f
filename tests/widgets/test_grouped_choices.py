"""The grouped choice pad: a group selector first, then that group's choices, and the index
passed on is always the choice's place in the whole offered list."""

from __future__ import annotations

import random

import ipywidgets
import pytest

from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror.config import KIND_NAMES
from boardlab.widgets.choices import OTHER_GROUP, ChoicePad

# A roll call of 3 kinds × 12 places: 36 choices, as long lists come in the expansions.
KINDS = ("guard", "cook", "thief")
LABELS = [f"{kind} to cell {n}" for kind in KINDS for n in range(1, 13)]
GROUPS = [label.split()[0] for label in LABELS]


def test_a_long_grouped_list_shows_the_groups_first_then_one_group() -> None:
    picked: list[int] = []
    pad = ChoicePad(picked.append)
    pad.offer(LABELS, prompt="your call:", groups=GROUPS)
    assert pad.groups == list(KINDS) and pad.group is None and pad.visible == []
    selector = pad.group_selector
    assert isinstance(selector, ipywidgets.ToggleButtons) and list(selector.options) == list(KINDS)
    assert "bl-choice-group" in selector._dom_classes
    assert pad.widget.children == (pad._prompt, selector)
    for kind in ("cook", "guard", "thief"):
        pad.select(kind)
        assert pad.group == kind == selector.value
        indices = [i for i, g in enumerate(GROUPS) if g == kind]
        assert pad.visible == indices
        # 12 choices in the group: more than 8 buttons, so a dropdown of that group only
        assert pad.buttons == [] and pad.dropdown is not None
        assert pad.dropdown.options == tuple((LABELS[i], i) for i in indices)
        pad.dropdown.value = indices[5]
        pad.choose_button.click()
        assert picked[-1] == indices[5] and LABELS[picked[-1]] == f"{kind} to cell 6"


def test_a_click_on_the_group_selector_shows_that_groups_buttons() -> None:
    picked: list[int] = []
    pad = ChoicePad(picked.append, max_buttons=4, group_above=3)
    labels = ["pass", "a1", "b1", "a2", "b2", "b3"]
    pad.offer(labels, groups=[None, "a", "b", "a", "b", "b"])
    assert pad.groups == [OTHER_GROUP, "a", "b"]
    pad.group_selector.value = "b"  # what a click in the browser sets
    assert [b.description for b in pad.buttons] == ["b1", "b2", "b3"]
    old = pad.buttons
    pad.buttons[2].click()
    assert picked == [5]
    pad.group_selector.value = OTHER_GROUP
    assert all(b.comm is None for b in old)  # the previous group's buttons are closed
    assert [b.description for b in pad.buttons] == ["pass"]
    pad.buttons[0].click()
    assert picked == [5, 0]


def test_many_groups_come_as_a_dropdown() -> None:
    pad = ChoicePad(lambda i: None, max_buttons=2)
    pad.offer(LABELS, groups=GROUPS)
    assert isinstance(pad.group_selector, ipywidgets.Dropdown)
    assert pad.group_selector.value is None
    pad.group_selector.value = "thief"
    assert pad.visible == list(range(24, 36))


def test_short_lists_and_single_groups_keep_the_plain_look() -> None:
    pad = ChoicePad(lambda i: None)
    pad.offer(LABELS[:8], groups=GROUPS[:8])  # 8 choices: not above the limit
    assert pad.groups == [] and [b.description for b in pad.buttons] == LABELS[:8]
    pad.offer(LABELS[:12], groups=GROUPS[:12])  # 12 choices, but all in one group
    assert pad.groups == [] and pad.dropdown is not None and pad.group_selector is None
    assert pad.visible == list(range(12))
    pad.offer(LABELS)  # no groups given: today's dropdown
    assert pad.groups == [] and len(pad.dropdown.options) == 36


def test_bad_groups_are_refused_with_a_clear_error() -> None:
    pad = ChoicePad(lambda i: None)
    with pytest.raises(ValueError, match="groups has 2 entries for 3 labels"):
        pad.offer(["a", "b", "c"], groups=["x", "y"])
    pad.offer(LABELS, groups=GROUPS)
    with pytest.raises(ValueError, match="unknown choice group 'cat'; groups are 'guard', "
                                         "'cook', 'thief'"):
        pad.select("cat")
    pad.offer(["a"])
    with pytest.raises(ValueError, match="the choices are not grouped"):
        pad.select("guard")


def test_a_new_offer_forgets_the_selected_group_and_closes_its_widgets() -> None:
    pad = ChoicePad(lambda i: None)
    pad.offer(LABELS, groups=GROUPS)
    pad.select("cook")
    selector, dropdown = pad.group_selector, pad.dropdown
    pad.offer(LABELS[::-1], groups=GROUPS[::-1])
    assert selector.comm is None and dropdown.comm is None
    assert pad.group is None and pad.groups == ["thief", "cook", "guard"]
    pad.clear()
    assert pad.widget.children == () and pad.groups == [] and pad.visible == []


# -- on the Mall of Horror board ------------------------------------------------------------------
def test_moh_groups_placements_by_character_only_when_asked() -> None:
    plain = moh.Board(moh.new_match(players=4, seed=1), seat="red")
    plain.play_round()
    assert plain.offered and all(isinstance(c, moh.Place) for c in plain.offered)
    assert plain.choice_groups == [KIND_NAMES[c.kind] for c in plain.offered]
    assert plain.choice_pad.groups == []  # today's look: buttons (or one dropdown over 8)

    board = moh.Board(moh.new_match(players=4, seed=1), seat="red", group_above=0)
    rng = random.Random(1)
    placed = 0
    while board.match.state.phase == "setup":
        if board.match.to_move != "red":
            board.step()
            continue
        legal = board.match.legal()
        pad = board.choice_pad
        kinds = list(dict.fromkeys(KIND_NAMES[c.kind] for c in legal))
        if len(kinds) == 1:
            assert pad.groups == []  # one character left: nothing to group
            board.choose(legal[0])
            continue
        assert pad.groups == kinds and pad.buttons == []
        kind = rng.choice(kinds)
        pad.select(kind)
        in_group = [i for i, c in enumerate(legal) if KIND_NAMES[c.kind] == kind]
        assert pad.visible == in_group
        assert [b.description for b in pad.buttons] == [str(legal[i]) for i in in_group]
        k = rng.randrange(len(in_group))
        pad.buttons[k].click()
        assert board.match.records[-1].choice == legal[in_group[k]]
        placed += 1
    assert placed >= 2
