"""Lights Out: locations 1–7 one by one (tunnels in place), then the legend card.

A ``K.LOCATION`` frame goes through its stages: reveal (and, in solitary, turn up the
guard card), the tome window, the comparison, the ranked rewards, the tunnel, and the
stragglers. ``K.LEGEND`` does the same for the legend card with its reward and penalty.
The rewards themselves (offers, the guards' share, the answers) are :mod:`.rewards`'.

>>> from boardlab import lockup_breakout as lb
>>> events = []
>>> s = lb.position(players=2, phase="lightsout", crews={1: ["red 3", "blue 4"]},
...                 events=events)
>>> [e.line() for e in events if e.kind == "strengths"]
['Strength at 1 Mess Hall: blue 4, red 3  (LB-R8)']
>>> s.top.who, s.top.src, s.top.n
('blue', 'resources', 2)
"""

from __future__ import annotations

from typing import Any

from boardlab.lockup_breakout.choices import (
    Lose,
    PlayTome,
    Reserve,
    Take,
)
from boardlab.lockup_breakout.config import (
    GUARDS,
    LEGEND,
    LIBRARY,
    SEEKER,
    TUNNEL_STEPS,
    Penalty,
)
from boardlab.lockup_breakout.events import (
    IMPROVE,
    LEGEND_PENALTY,
    LEGEND_RETURN,
    LEGEND_REVEAL,
    LEGEND_REWARD,
    LEGEND_SEEKER,
    LOSE_NOTHING,
    LOSE_RESOURCE,
    LOSE_STARS,
    NOT_IMPROVED,
    REVEAL,
    SOLO_TUNNEL_GUARDS,
    SOLO_TUNNEL_NONE,
    SOLO_TUNNEL_OUTMATCHED,
    SOLO_TUNNEL_PLAYER,
    STRAGGLERS,
    STRENGTHS,
    TOME_PLAYED,
    TUNNEL_NONE,
    TUNNEL_WON,
)
from boardlab.lockup_breakout.flow import send_home
from boardlab.lockup_breakout.rewards import (
    apply_reward,
    guard_reward,
    next_reward,
    offer,
    reward_choices,
)
from boardlab.lockup_breakout.state import Frame, K
from boardlab.lockup_breakout.work import Work, token_name

_new_tuple = tuple.__new__


# -- a location ---------------------------------------------------------------------------
#: The frames a location's reveal leaves (stage 1, index 0) and the solitary guard card's
#: frame, per location: shared constants, as flow's location frames are.
_WINDOW_FRAMES = tuple(_new_tuple(Frame, (K.LOCATION, "", loc, 0, 1, 0, 0, (), (), ""))
                       for loc in range(8))
_GUARD_CARD_FRAMES = tuple(_new_tuple(Frame, (K.GUARD_CARD, "", loc, 0, 0, 0, 0, (), (), ""))
                           for loc in range(8))


def ranked(sides: list[str] | tuple[str, ...], strengths: dict[str, int]) -> tuple[str, ...]:
    """``sides`` strongest first; ties keep their order (seat order, guards last: LB-R4).

    >>> ranked(["red", "blue", "green"], {"red": 3, "blue": 5, "green": 3})
    ('blue', 'red', 'green')
    """
    if len(sides) == 2:
        a, b = sides
        return (b, a) if strengths[b] > strengths[a] else (a, b)
    if len(sides) < 2:
        return tuple(sides)
    # A stable sort, strongest first (reverse keeps ties in their order).
    return tuple(sorted(sides, key=strengths.__getitem__, reverse=True))


def location(w: Work, f: Frame) -> None:
    """Run the location's stages until one waits (a decision, a chance node) or it ends.

    Stages: 0 reveal (and the guard card), 1 tome window, 2 comparison, 3 rewards,
    4 tunnel, 5 stragglers. The stages run on in one call and the location's frame is
    written to the stack only where a stage waits (the frame below a decision records
    where to go on), positionally: this runs on most steps.
    """
    loc = f[2]
    stage = f[4]
    if stage == 0:
        _reveal(w, loc)
        f = _WINDOW_FRAMES[loc]
        if w.solo:
            w.stack = (*w.stack[:-1], f, _GUARD_CARD_FRAMES[loc])
            return
        stage = 1
    if stage < 3:                   # 1: the tome window, 2: the comparison
        sides, strengths = w.sides_strengths(loc)
        if stage == 1:
            if w.solo:
                # Only the solitary game has guards among the sides.
                present = tuple([c for c in sides if c != GUARDS])
            elif not sides:
                w.stack = w.stack[:-1]    # nobody here: no rewards, no seeker, no stragglers
                return
            else:
                present = tuple(sides)
            # A side alone has nothing to change with a tome (LB-R41): no window.
            if len(sides) > 1 and present and tome_window(w, f, present, False, sides,
                                                          strengths):
                return
        rank = _compare(w, loc, sides, strengths)
        # next_reward writes the frame (stage 3, its index) before anything waits.
        f = _new_tuple(Frame, (K.LOCATION, "", loc, 0, 3, 0, 0, rank, (), ""))
        stage = 3
    if stage == 3:
        if next_reward(w, f):
            return
        stage = 4
    if stage == 4 and w.tunnels[loc - 1]:
        w.stack = (*w.stack[:-1], _new_tuple(Frame, (K.LOCATION, "", loc, 0, 5, 0, 0, f[7],
                                                       (), "")))
        depth = len(w.stack)
        tunnel(w, loc, f[7])
        if len(w.stack) != depth:
            return
    stragglers(w, loc)
    w.rewarded, w.boosts = (), ()
    w.stack = w.stack[:-1]


def _reveal(w: Work, loc: int) -> None:
    """Stage 0 of a location: its tokens turn face up and are announced (LB-lightsout)."""
    w.rewarded, w.boosts = (), ()
    entries = w.crews[loc]
    for e in entries:
        if e[2]:
            entries = tuple(sorted([(c, tok, False) for c, tok, _ in entries]))
            crews = list(w.crews)
            crews[loc] = entries
            w.crews = tuple(crews)
            break
    w.events.append((REVEAL, None, w.round, w.phase, (), loc, entries, w.t.places[loc]))


def _compare(w: Work, loc: int, sides: list[str],
             strengths: dict[str, int]) -> tuple[str, ...]:
    """The comparison (the sides did not change since the window closed), announced as
    :func:`_announce` does; two sides (the usual case) ranked and checked for a tie at
    once (LB-R4, LB-R8)."""
    if len(sides) == 2:
        a, b = sides
        sa, sb = strengths[a], strengths[b]
        if sb > sa:
            rank: tuple[str, ...] = (b, a)
            shown: tuple[tuple[str, int], ...] = ((b, sb), (a, sa))
        else:
            rank, shown = (a, b), ((a, sa), (b, sb))
        w.events.append((STRENGTHS["LB-R4" if sa == sb else "LB-R8"], None, w.round,
                         w.phase, (), loc, shown, w.t.places[loc]))
        return rank
    rank = ranked(sides, strengths)
    _announce(w, loc, rank, strengths)
    return rank


def tome_window(w: Work, f: Frame, present: tuple[str, ...], legend: bool,
                sides: list[str] | None = None,
                strengths: dict[str, int] | None = None) -> bool:
    """Offer the next player of ``present`` a tome; ``False`` when the window is over.

    ``sides`` are the sides at the location when the caller has them already.
    """
    i = f.index
    si = w.si
    hands = w.tomes
    n = len(present)
    rank: list[str] | tuple[str, ...] | None = None
    while i < n:
        who = present[i]
        i += 1
        if not hands[si[who]] or (legend and not _holds_legend_tome(w, who)):
            continue
        if rank is None:
            # Who is first does not change inside one step: rank once, when first asked.
            if sides is None:
                rank = w.ranking(f.loc)
            elif len(sides) < 2:
                rank = sides
            else:
                rank = ranked(sides, w.strengths(sides, f.loc) if strengths is None
                              else strengths)
        if len(rank) < 2:
            continue                       # a side alone: nothing to change (LB-R41)
        if rank[0] != who or (
                any([_holds_legend_tome(w, other) for other in present[i:]]) if legend
                else any([hands[si[other]] for other in present[i:]])):   # any tome at all
            # f.indexed(i), then the offer on top: one new stack
            w.stack = (*w.stack[:-1], _new_tuple(Frame, (*f[:6], i, *f[7:])),
                       _new_tuple(Frame, (K.TOME, who, f[2], 0, 0, 0, 0, (), (),
                                          "LB-legend-tomes" if legend else "LB-R13")))
            return True
    return False


def _holds_legend_tome(w: Work, who: str) -> bool:
    """Whether ``who`` holds a tome that may be played at the legend (LB-legend-tomes):
    :func:`playable_tomes` at the legend is not empty."""
    tomes = w.t.tomes
    return any([tomes[name].legend for name in w.tomes[w.si[who]]])


def tome_can_matter(w: Work, loc: int, who: str, later: tuple[str, ...], legend: bool) -> bool:
    """Whether a tome could change anything for ``who`` here (else no window: LB-R41).

    Only the ranking matters (rewards and the tunnel follow it). A tome is useless to a
    side alone at the comparison, or already ranked first when no side still to decide
    holds a tome it may play. (:func:`tome_window` asks the same, ranking once.)
    """
    sides = w.sides_at(loc)
    if len(sides) < 2:
        return False
    if w.ranking(loc)[0] != who:
        return True
    return any(playable_tomes(w, other, legend) for other in later)


def playable_tomes(w: Work, who: str, legend: bool) -> tuple[str, ...]:
    """Distinct tomes ``who`` may play now (at the legend only legend tomes, LB-legend-tomes)."""
    hand = w.tomes[w.si[who]]
    if not hand:
        return ()
    if legend:
        hand = tuple(t for t in hand if w.t.tomes[t].legend)
    return tuple(dict.fromkeys(hand))


def apply_tome(w: Work, choice: PlayTome | Any) -> None:
    stack = w.stack
    f = stack[-1]
    w.stack = stack[:-1]
    if not isinstance(choice, PlayTome):
        return
    who, name = f[1], choice.tome
    tome = w.t.tomes[name]
    i = w.si[who]
    tomes = list(w.tomes)
    hand = list(tomes[i])
    hand.remove(name)
    tomes[i] = tuple(hand)
    w.tomes = tuple(tomes)
    discard = list(w.tome_discard)
    discard[w.t.tome_index[name]] += 1
    w.tome_discard = tuple(discard)
    w.boosts = (*w.boosts, (who, tome.strength))
    w.events.append((TOME_PLAYED[f[9] or "LB-R13"], who, w.round, w.phase, (), name, f[2],
                     tome.strength, w.t.places[f[2]]))


def _announce(w: Work, loc: int, rank: tuple[str, ...],
              strengths: dict[str, int] | None = None) -> None:
    if strengths is None:
        strengths = {c: w.strength_at(c, loc) for c in rank}
    shown = tuple([(c, strengths[c]) for c in rank])
    if loc == LEGEND:
        rule_id = "LB-legend-reveal"
    else:
        # Strongest first: equal strengths are neighbours.
        rule_id = "LB-R8"
        for k in range(1, len(shown)):
            if shown[k][1] == shown[k - 1][1]:
                rule_id = "LB-R4"
                break
    w.events.append((STRENGTHS[rule_id], None, w.round, w.phase, (), loc, shown,
                     w.t.places[loc]))


# -- the tunnel and the stragglers ------------------------------------------------------------
def tunnel(w: Work, loc: int, rank: tuple[str, ...]) -> None:
    """Who may advance from this tunnel, and how far (LB-tunnel-*, LB-solo-tunnel-*)."""
    kind = w.tunnels[loc - 1]
    if not kind:
        return
    steps = TUNNEL_STEPS[kind]
    where = w.t.places[loc]
    holders = {p for p, tok, _ in w.crews[loc] if tok == SEEKER}
    seekers = [c for c in rank if c in holders]       # the guards have no tokens
    if w.setup.players > 1:
        if not seekers:
            w.emit_t(TUNNEL_NONE, None, loc, kind, where)
            return
        who = seekers[0]
        w.emit_t(TUNNEL_WON, who, loc, steps, tuple(seekers), kind, where)
        w.push(_new_tuple(Frame, (K.ADVANCE, who, loc, steps, 0, 0, 0, (), (),
                                  "LB-tunnel-type")))
        return
    player = w.players[0]
    card = w.guard_cards[loc]
    g = w.t.guard_cards[card] if card else None
    g_strength = g.strength if g else 0
    g_seeker = bool(g and g.seeker and g.strength > 0)
    p_strength = w.strength_at(player, loc)
    frames = []
    if g_strength >= 1 and g_strength > p_strength:
        w.emit_t(SOLO_TUNNEL_GUARDS, GUARDS, loc, kind, where, g_strength, p_strength)
        frames.append(_new_tuple(Frame, (K.ADVANCE, GUARDS, loc, 1, 0, 0, 0, (), (),
                                         "LB-solo-tunnel-guards")))
    if seekers:
        if not g_seeker or p_strength >= g_strength:
            w.emit_t(SOLO_TUNNEL_PLAYER, player, loc, steps, kind, where, g_seeker, g_strength,
                     p_strength)
            frames.append(_new_tuple(Frame, (K.ADVANCE, player, loc, steps, 0, 0, 0, (), (),
                                             "LB-tunnel-type")))
        else:
            w.emit_t(SOLO_TUNNEL_OUTMATCHED, player, loc, kind, where, g_strength, p_strength)
    elif not frames:
        w.emit_t(SOLO_TUNNEL_NONE, None, loc, kind, where)
    # The player's advance goes on top: the player moves first (LB-R25).
    w.push(*frames)


def stragglers(w: Work, loc: int) -> None:
    """Tokens of players who earned nothing go to the LIBRARY; the rest go home."""
    crew = w.crews[loc]
    if not crew:
        return
    # Each owner's tokens (the guards have no tokens), in one pass.
    by: dict[str, list[str]] = {}
    for e in crew:
        c = e[0]
        if c in by:
            by[c].append(e[1])
        else:
            by[c] = [e[1]]
    rewarded = w.rewarded
    home: list[str] = []
    lost: list[str] = []
    for c in w.order():
        if c in by:
            if c in rewarded:
                home.append(c)
            else:
                lost.append(c)
    crews = list(w.crews)
    if lost:
        library = [e for e in crew if e[0] not in rewarded]
        library += crews[LIBRARY]
        library.sort()
        crews[LIBRARY] = tuple(library)
    # send_home(w, loc, crew), written out: each owner's tokens back to the holding cell.
    if home:
        hands = list(w.hands)
        si = w.si
        for c in home:
            i = si[c]
            toks = by[c]
            toks += hands[i]
            toks.sort()
            hands[i] = tuple(toks)
        w.hands = tuple(hands)
    crews[loc] = ()
    w.crews = tuple(crews)
    w.events.append((STRAGGLERS["LB-tunnel-stragglers" if w.tunnels[loc - 1] else "LB-R8"],
                     None, w.round, w.phase, (), loc, tuple(home), tuple(lost),
                     w.t.places[loc]))


# -- the legend card ----------------------------------------------------------------------------
def legend(w: Work, f: Frame) -> None:
    """Reveal, tome window (legend tomes only), reward, penalty, tokens home (LB-legend-*).

    The stages run on in one call while none of them waits: the same frames, in the same
    order, as one call per stage from :meth:`~.work.Work.run`.
    """
    card = w.t.legends[w.legend] if f[4] > 1 else None
    while True:
        stage = f[4]
        if stage == 0:
            w.boosts = ()
            crew = tuple(sorted([(c, tok, False) for c, tok, _ in w.crews[LEGEND]]))
            w.set_crew(LEGEND, crew)
            seeker = [c for c, tok, _ in crew if tok == SEEKER]
            w.events.append((LEGEND_REVEAL, None, w.round, w.phase, (), w.legend, crew))
            if seeker:
                w.emit_t(LEGEND_SEEKER, None, tuple(seeker))
            f = f.staged(1)
            if w.solo:
                w.stack = (*w.stack[:-1], f, _GUARD_CARD_FRAMES[LEGEND])
                return
            w.stack = (*w.stack[:-1], f)
        elif stage == 1:
            sides = w.sides_at(LEGEND)
            present = tuple([c for c in sides if c != GUARDS]) if w.solo else tuple(sides)
            if tome_window(w, f, present, True, sides):
                return
            # f._replace(stage=2, index=0), positionally
            f = _new_tuple(Frame, (*f[:4], 2, f[5], 0, *f[7:]))
            w.stack = (*w.stack[:-1], f)
        elif stage == 2:
            card = w.t.legends[w.legend]
            sides, strengths = w.sides_strengths(LEGEND)
            rank = ranked(sides, strengths)
            _announce(w, LEGEND, rank, strengths)
            # f._replace(stage=3, order=rank), positionally
            f = _new_tuple(Frame, (*f[:4], 3, f[5], f[6], rank, *f[8:]))
            w.stack = (*w.stack[:-1], f)
            if card.reward is not None and rank:
                best = rank[0]
                w.emit_t(LEGEND_REWARD, best, card.reward.kind, card.reward)
                if best == GUARDS:
                    guard_reward(w, card.reward, LEGEND)
                elif offer(w, best, card.reward, LEGEND):
                    return
        elif stage == 3:
            if card is None:
                card = w.t.legends[w.legend]
            f = f.staged(4)
            w.stack = (*w.stack[:-1], f)
            if card.penalty is not None and f.order:
                worst = f.order[-1]
                strengths = w.strengths(f.order, LEGEND)
                tied = [c for c in f.order if strengths[c] == strengths[worst]]
                rule_id = "LB-R31" if len(tied) > 1 else "LB-legend-effect"
                w.emit_t(LEGEND_PENALTY[rule_id], worst, card.penalty.kind, card.penalty)
                depth = len(w.stack)
                penalty(w, worst, card.penalty)
                if len(w.stack) != depth:
                    return
        else:
            send_home(w, LEGEND)
            w.boosts = ()
            w.emit_t(LEGEND_RETURN, None)
            w.stack = w.stack[:-1]
            return


def penalty(w: Work, target: str, pen: Penalty, amount: int | None = None) -> None:
    """Apply a legend penalty; a resource choice for the guards is the player's (LB-solo-legend)."""
    if pen.kind == "stars":
        lost = min(pen.amount, w.total(target))
        w.add_stars(target, "legend", -lost)
        w.emit_t(LOSE_STARS["LB-legend-effect" if lost == pen.amount else "LB-R45"], target,
                 lost, pen.amount)
        return
    left = pen.amount if amount is None else amount
    chooser = w.players[0] if target == GUARDS else target
    options = penalty_options(w, target)
    if not options or not left:
        if not options:
            w.emit_t(LOSE_NOTHING, target)
        return
    if len(options) == 1:
        lose(w, target, options[0], "LB-R41", chooser)
        penalty(w, target, pen, left - 1)
        return
    w.push(Frame(K.PENALTY, who=chooser, n=left, order=(target,)))


def penalty_options(w: Work, target: str) -> tuple[str, ...]:
    row = w.resources[w.si[target]]
    return tuple(k for k, n in zip(w.cfg.resources, row, strict=True) if n > 0)


def lose(w: Work, target: str, kind: str, rule_id: str, chooser: str) -> None:
    w.gain(target, kind, -1)
    w.emit_t(LOSE_RESOURCE[rule_id], target, kind, chooser)


def apply_penalty(w: Work, choice: Lose) -> None:
    f = w.pop()
    target = f.order[0]
    rule_id = "LB-solo-legend" if target == GUARDS else "LB-legend-effect"
    lose(w, target, choice.kind, rule_id, f.who)
    if f.n > 1:
        penalty(w, target, Penalty("resource", f.n), f.n - 1)


def penalty_choices(w: Work, f: Frame) -> tuple[Lose, ...]:
    return tuple(Lose(k) for k in penalty_options(w, f.order[0]))


def apply_improve(w: Work, choice: Any) -> None:
    f = w.pop()
    item = w.t.items[f.cards[0]]
    assert item.improve is not None
    kind, bonus = item.improve
    if isinstance(choice, Take):
        w.gain(f.who, kind, -1)
        w.add_stars(f.who, "items", bonus)
        w.emit_t(IMPROVE, f.who, item.name, bonus, kind)
    else:
        w.emit_t(NOT_IMPROVED, f.who, item.name)


def apply_reserve(w: Work, choice: Any) -> None:
    f = w.pop()
    if not isinstance(choice, Reserve):
        w.emit("reserve", f"{f.who} reserves no item", f.src, f.who)
        return
    display = list(w.display)
    display.remove(choice.item)
    w.display = tuple(display)
    w.set_side("reserved", f.who, tuple(sorted((*w.get("reserved", f.who), choice.item))))
    w.emit("reserve", f"{f.who} reserves {choice.item} from the display (face down; craft it "
           "at the CELL BLOCK)", f.src, f.who, item=choice.item)


__all__ = ["apply_improve", "apply_penalty", "apply_reserve", "apply_reward", "apply_tome",
           "legend", "location", "offer", "penalty_choices", "playable_tomes",
           "reward_choices", "token_name"]
