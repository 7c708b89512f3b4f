"""The ``boardlab`` command line: play, replay and list the rules of a game.

    python -m boardlab play mall-of-horror --players 4 --seed 1 [--agents heuristic]
                                           [--json FILE] [--viewer COLOUR]
    python -m boardlab replay FILE [--viewer COLOUR]
    python -m boardlab rules mall-of-horror

A match is told phase by phase from its events only (see :mod:`boardlab.narrate`) and
ends with the scores and the winner(s). Bad input exits with code 2 and a message on
stderr that names the problem (for a saved file, the path of the bad field).

>>> main(["rules", "mall-of-horror"])  # doctest: +ELLIPSIS
Mall of Horror: ... rules (...)
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardlab.core.engine import Match
from boardlab.core.errors import BoardlabError, FormatError
from boardlab.core.rules import RuleBook
from boardlab.narrate import INDENT, narrate

__all__ = ["GAMES", "Game", "main", "match_lines", "result_lines", "rules_lines"]

AGENT_KINDS = ("random", "heuristic")


@dataclass(frozen=True)
class Game:
    """What the command line needs from a game package.

    >>> GAMES["mall-of-horror"]().book.name
    'Mall of Horror'
    """

    name: str
    book: RuleBook
    phase_titles: Mapping[str, str]
    play: Callable[[int, int, str], Match]
    load: Callable[[str], Match]
    winners: Callable[[Match], tuple[str, ...]]
    hand_sizes: Callable[[Match], dict[str, int]]


def _mall_of_horror() -> Game:
    """Mall of Horror for the command line (imported only when asked for)."""
    from boardlab import mall_of_horror as moh
    from boardlab.mall_of_horror.rules import PHASE_NAMES

    def play(players: int, seed: int, agents: str) -> Match:
        if agents == "heuristic":
            return moh.play(players, seed=seed, agents=lambda c: moh.HeuristicAgent(seed=seed))
        return moh.play(players, seed=seed)

    def hand_sizes(match: Match) -> dict[str, int]:
        state = match.state
        return {c: len(hand) for c, hand in zip(state.setup.colours, state.hands, strict=True)}

    return Game(name=moh.RULES.name, book=moh.BOOK, phase_titles=PHASE_NAMES, play=play,
                load=moh.load_match, winners=lambda m: moh.winners(m.state),
                hand_sizes=hand_sizes)


#: Game name (as in saved files) → loader of its command-line description.
GAMES: dict[str, Callable[[], Game]] = {"mall-of-horror": _mall_of_horror}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def result_lines(game: Game, match: Match) -> list[str]:
    """The scores (with cards in hand, the tie-break) and the winner(s) of ``match``.

    >>> m = GAMES["mall-of-horror"]().play(4, 1, "random")
    >>> result_lines(GAMES["mall-of-horror"](), m)[0]
    'Final scores'
    """
    scores = match.scores()
    hands = game.hand_sizes(match)
    over = match.is_over
    lines = ["Final scores" if over else f"Scores so far (the match stops at ply {match.ply})"]
    lines += [f"{INDENT}{c}: {_plural(p, 'point')}, {_plural(hands[c], 'card')} in hand"
              for c, p in scores.items()]
    if not over:
        return lines
    won = game.winners(match)
    top = scores[won[0]]
    level = [c for c in scores if scores[c] == top]
    if len(won) > 1:
        lines.append(f"Shared win: {_and(won)} ({_plural(top, 'point')} and "
                     f"{_plural(hands[won[0]], 'card')} in hand each)")
    elif len(level) > 1:
        others = [c for c in level if c != won[0]]
        lines.append(f"Winner: {won[0]} (level with {_and(others)} on "
                     f"{_plural(top, 'point')}; wins on cards in hand, "
                     f"{hands[won[0]]} against {', '.join(str(hands[c]) for c in others)})")
    else:
        lines.append(f"Winner: {won[0]} with {_plural(top, 'point')}")
    return lines


def match_lines(game: Game, match: Match, viewer: str | None = None) -> list[str]:
    """The whole story of ``match``: a title, the narration, the scores and winner(s).

    >>> g = GAMES["mall-of-horror"]()
    >>> match_lines(g, g.play(4, 1, "random"))[:2]
    ['Mall of Horror: 4 players (yellow, red, blue, green), seed 1', 'Setup']
    """
    players = list(match.scores())
    title = f"{game.book.name}: {len(players)} players ({', '.join(players)}), seed {match.seed}"
    if viewer is not None:
        title += f", as {viewer} sees it"
    return [title, *narrate(match.events, viewer=viewer, phase_titles=game.phase_titles),
            *result_lines(game, match)]


def rules_lines(game: Game) -> list[str]:
    """Every rule id of ``game`` with its section and one-line summary.

    >>> rules_lines(GAMES["mall-of-horror"]())[1].split()[0]
    'MoH-box'
    """
    refs = list(game.book)
    width = max(len(r.id) for r in refs)
    rulings = sum(1 for r in refs if r.kind == "ruling")
    lines = [f"{game.book.name}: {len(refs)} rules ({len(refs) - rulings} from the rule "
             f"text, {rulings} boardlab rulings)"]
    lines += [f"{r.id:<{width}}  {r.section}: {' '.join(r.summary.split())}" for r in refs]
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardlab", description="Play, replay and read board-game rules with boardlab.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = sorted(GAMES)

    play = sub.add_parser("play", help="play a whole match between agents and narrate it")
    play.add_argument("game", choices=games, help="the game: %(choices)s")
    play.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    play.add_argument("--seed", type=int, default=0, help="seed of chance and agents "
                      "(default 0)")
    play.add_argument("--agents", choices=AGENT_KINDS, default="random",
                      help="who plays every seat (default random)")
    play.add_argument("--json", metavar="FILE", type=Path, help="also save the match as JSON")
    play.add_argument("--viewer", metavar="COLOUR",
                      help="narrate only what this player may know (default: everything)")

    replay = sub.add_parser("replay", help="narrate a match saved with play --json")
    replay.add_argument("file", metavar="FILE", type=Path)
    replay.add_argument("--viewer", metavar="COLOUR",
                        help="narrate only what this player may know (default: everything)")

    rules = sub.add_parser("rules", help="list every rule id with its section and summary")
    rules.add_argument("game", choices=games, help="the game: %(choices)s")
    return parser


def _fail(command: str, message: str) -> int:
    print(f"boardlab {command}: error: {message}", file=sys.stderr)
    return 2


def _check_viewer(match: Match, viewer: str | None) -> str | None:
    """A problem with ``viewer`` (not one of the match's players), or ``None``."""
    players = list(match.scores())
    if viewer is None or viewer in players:
        return None
    return f"--viewer {viewer!r} is not a player of this match; players: {', '.join(players)}"


def _load(path: Path) -> tuple[Game, Match]:
    """Read a saved match; the file's ``game`` field picks the game."""
    text = path.read_text(encoding="utf-8")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError:
        data = None
    name = data.get("game") if isinstance(data, dict) else None
    if name not in GAMES:
        if len(GAMES) != 1:
            raise FormatError("game", f"expected one of {sorted(GAMES)}, got {name!r}")
        name = next(iter(GAMES))  # its loader names the problem precisely
    game = GAMES[name]()
    return game, game.load(text)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code.

    >>> main(["play", "mall-of-horror", "--seed", "1"])  # doctest: +ELLIPSIS
    Mall of Horror: 4 players (yellow, red, blue, green), seed 1
    Setup
      yellow is dealt Security Camera  (MoH-setup)
    ...
    Shared win: yellow and blue (5 points and 0 cards in hand each)
    0
    """
    args = _parser().parse_args(argv)
    if args.command == "rules":
        print("\n".join(rules_lines(GAMES[args.game]())))
        return 0
    if args.command == "play":
        game = GAMES[args.game]()
        try:
            match = game.play(args.players, args.seed, args.agents)
        except BoardlabError as err:
            return _fail("play", str(err))
    else:
        try:
            game, match = _load(args.file)
        except OSError as err:
            return _fail("replay", f"cannot read {args.file}: {err.strerror or err}")
        except FormatError as err:
            return _fail("replay", f"{args.file} is not a valid saved match: {err}")
    problem = _check_viewer(match, args.viewer)
    if problem:
        return _fail(args.command, problem)
    print("\n".join(match_lines(game, match, args.viewer)))
    if args.command == "play" and args.json is not None:
        try:
            args.json.write_text(match.to_json(indent=2) + "\n", encoding="utf-8")
        except OSError as err:
            return _fail("play", f"cannot write {args.json}: {err.strerror or err}")
        print(f"boardlab play: saved the match to {args.json}", file=sys.stderr)
    return 0
