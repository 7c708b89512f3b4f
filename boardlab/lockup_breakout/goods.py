"""Items and goons: crafting with its icons, free items, recruiting, Shapeshifter chains.

>>> from boardlab.lockup_breakout.goods import chain_rule
>>> chain_rule(True)
'LB-R22'
"""

from __future__ import annotations

from boardlab.lockup_breakout.choices import Craft, DrawMany, Keep
from boardlab.lockup_breakout.config import GUARDS, SHAPESHIFTER_DRAW
from boardlab.lockup_breakout.events import CRAFT, NO_IMPROVE, owner, recruited
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import Tables, Work, join, plural

_new_tuple = tuple.__new__


# -- items ------------------------------------------------------------------------------------
def affordable_crafts(w: Work, who: str, cell_block: bool) -> tuple[Craft, ...]:
    """Items ``who`` can pay for: from the display, and reserved ones at the CELL BLOCK."""
    i = w.si[who]
    return crafts_for(w.t, w.display, w.reserved[i] if cell_block else None, w.resources[i])


def crafts_for(t: Tables, display: tuple[str, ...], reserved: tuple[str, ...] | None,
               row: tuple[int, ...]) -> tuple[Craft, ...]:
    """:func:`affordable_crafts` from the display, the reserved items (``None``: not at the
    CELL BLOCK) and the resources row: shared tuples, memoised per configuration (a
    craft reward asks again and again about the same few displays and purses).

    >>> from boardlab.lockup_breakout.config import Setup
    >>> from boardlab.lockup_breakout.work import tables
    >>> t = tables(Setup().config)
    >>> crafts_for(t, (), None, (0, 0, 0, 0))
    ()
    """
    key = (display, reserved, row)
    hit = t.craft_memo.get(key)
    if hit is None:
        # A new purse or display (about half the questions): loops, no generator per
        # item, and the Craft choices shared (one per item name and source).
        idx, items = t.res_index, t.items
        out = []
        for pile, from_reserve in ((display, False), (reserved, True)):
            if not pile:
                continue
            for name in dict.fromkeys(pile):
                for k, n in items[name].cost:
                    if row[idx[k]] < n:
                        break
                else:
                    choice = _CRAFTS.get((name, from_reserve))
                    if choice is None:
                        if len(_CRAFTS) > 4096:
                            _CRAFTS.clear()
                        choice = _CRAFTS[name, from_reserve] = Craft(name, from_reserve)
                    out.append(choice)
        hit = tuple(out)
        if len(t.craft_memo) > 4096:
            t.craft_memo.clear()
        t.craft_memo[key] = hit
    return hit


#: One shared ``Craft`` per item name and source (bounded: names come from configurations).
_CRAFTS: dict[tuple[str, bool], Craft] = {}


def craft(w: Work, who: str, name: str, reserved: bool, loc: int) -> None:
    """Pay, take the item and its stars, then its icons: improve, reserve, advance."""
    t = w.t
    item = t.items[name]
    i = w.si[who]
    # w.pay(who, item.cost), written out: the purse row changed once.
    idx = t.res_index
    row = list(w.resources[i])
    for kind, n in item.cost:
        row[idx[kind]] -= n
    purses = list(w.resources)
    purses[i] = tuple(row)
    w.resources = tuple(purses)
    if reserved:
        mine = list(w.reserved[i])
        mine.remove(name)
        sides = list(w.reserved)
        sides[i] = tuple(mine)
        w.reserved = tuple(sides)
    else:
        display = list(w.display)
        display.remove(name)
        w.display = tuple(display)
    owned = list(w.items)
    owned[i] = tuple(sorted((*owned[i], name)))
    w.items = tuple(owned)
    w.add_stars(who, "items", item.stars)
    w.emit_t(CRAFT["LB-icon-reserve" if reserved else "LB-R10"], who, name, item.stars, loc,
             item.cost, reserved)
    # The icons' frames, positionally; the last pushed runs first.
    frames = []
    if item.advance:
        frames.append(_new_tuple(Frame, (K.ADVANCE, who, 0, 1, 0, 0, 0, (), (),
                                         "LB-icon-advance")))
    if item.reserve and w.display:
        frames.append(_new_tuple(Frame, (K.RESERVE, who, 0, 0, 0, 0, 0, (), (),
                                         "LB-icon-reserve")))
    if item.improve is not None:
        if row[idx[item.improve[0]]] >= 1:
            frames.append(_new_tuple(Frame, (K.IMPROVE, who, 0, 0, 0, 0, 0, (), (name,), "")))
        else:
            w.emit_t(NO_IMPROVE, who, name, item.improve[0])
    if frames:
        w.stack = (*w.stack, *frames)


def gain_item(w: Work, who: str, name: str, rule_id: str) -> None:
    """Take a display item without crafting: stars, type and valuables, no icon (LB-R43)."""
    item = w.t.items[name]
    display = list(w.display)
    display.remove(name)
    w.display = tuple(display)
    w.set_side("items", who, tuple(sorted((*w.items[w.si[who]], name))))
    w.add_stars(who, "items", item.stars)
    w.emit("gain_item", f"{who} takes {name} without crafting it: "
           f"{plural(item.stars, 'star')}, no icon effect and no improvement", "LB-R43", who,
           item=name, stars=item.stars, source=rule_id)


# -- goons ------------------------------------------------------------------------------------
def recruit(w: Work, who: str, loc: int, rule_id: str) -> None:
    """Take the goon on ``loc``'s goon space; a Shapeshifter starts a chain."""
    idx = loc - 2
    card = w.goon_spaces[idx]
    spaces = list(w.goon_spaces)
    spaces[idx] = ""
    w.goon_spaces = tuple(spaces)
    if w.t.goons[card].kind == "shapeshifter":
        to_limbo(w, card)
        w.emit("shapeshifter", f"{who} recruits a Shapeshifter from location {loc}: it is "
               "discarded at once, and three goons are drawn in its place",
               "LB-goon-shapeshifter", who, location=loc)
        w.push(Frame(K.SHAPE, who=who))
        return
    w.set_side("goons", who, tuple(sorted((*w.goons[w.si[who]], card))))
    w.emit_t(recruited(rule_id), who, card, loc)


def to_limbo(w: Work, card: str) -> None:
    limbo = list(w.goon_limbo)
    limbo[w.t.goon_index[card]] += 1
    w.goon_limbo = tuple(limbo)


def chain_rule(short: bool) -> str:
    """The rule a chain draw cites: LB-R22 when the deck runs short."""
    return "LB-R22" if short else "LB-goon-shapeshifter"


def shape(w: Work, f: Frame) -> None:
    """A Shapeshifter chain wants three cards (LB-goon-shapeshifter, LB-R22)."""
    short = sum(w.goon_deck) < SHAPESHIFTER_DRAW
    if short and sum(w.goon_discard) > 0:
        deck = tuple(a + b for a, b in zip(w.goon_deck, w.goon_discard, strict=True))
        w.goon_deck, w.goon_discard = deck, (0,) * len(deck)
        w.emit("shape_shuffle", "Fewer than three goons are left: the discard pile from before "
               "the chain is shuffled in", "LB-R22")
    k = min(SHAPESHIFTER_DRAW, sum(w.goon_deck))
    if k == 0:
        w.emit("shape_end", f"No goon is left to draw: {owner(f.who)} Shapeshifter chain ends with "
               "no goon", "LB-R22", f.who)
        end_chain(w)
        w.pop()
        return
    w.push(Frame(K.SHAPE_DRAW, who=f.who, n=k, src=chain_rule(k < SHAPESHIFTER_DRAW)))


def apply_shape_draw(w: Work, choice: DrawMany) -> None:
    f = w.pop()
    deck = list(w.goon_deck)
    for card in choice.cards:
        deck[w.t.goon_index[card]] -= 1
    w.goon_deck = tuple(deck)
    w.emit("shape_draw", f"{f.who} draws {join(choice.cards)} for the Shapeshifter", f.src,
           f.who, cards=choice.cards)
    if f.who == GUARDS:
        # The guards keep the first of the three in the goon list (LB-R24).
        first = min(choice.cards, key=w.t.goon_index.__getitem__)
        keep(w, GUARDS, first, choice.cards, "LB-R24")
        return
    w.push(Frame(K.KEEP, who=f.who, cards=choice.cards))


def keep_choices(w: Work, f: Frame) -> tuple[Keep, ...]:
    return tuple(Keep(c) for c in dict.fromkeys(f.cards))


def apply_keep(w: Work, choice: Keep) -> None:
    f = w.pop()
    keep(w, f.who, choice.goon, f.cards, "LB-goon-shapeshifter")


def keep(w: Work, who: str, card: str, drawn: tuple[str, ...], rule_id: str) -> None:
    rest = list(drawn)
    rest.remove(card)
    for other in rest:
        to_limbo(w, other)
    if w.t.goons[card].kind == "shapeshifter":
        to_limbo(w, card)
        w.emit("shape_again", f"{who} keeps another Shapeshifter: it is discarded too and the "
               "effect repeats", rule_id, who, kept=card)
        return            # the K.SHAPE frame below draws again
    w.set_side("goons", who, tuple(sorted((*w.goons[w.si[who]], card))))
    w.emit("shape_keep", f"{who} keeps {card} and discards {join(rest) if rest else 'nothing'}",
           rule_id, who, kept=card, discarded=tuple(rest))
    end_chain(w)
    w.pop()               # the K.SHAPE frame


def end_chain(w: Work) -> None:
    """The chain's discards join the discard pile (LB-R22)."""
    w.goon_discard = tuple(a + b for a, b in zip(w.goon_discard, w.goon_limbo, strict=True))
    w.goon_limbo = (0,) * len(w.goon_limbo)
