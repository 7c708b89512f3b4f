"""The results of an experiment: one :class:`Row` per match, and their :class:`Summary`.

>>> from boardlab.experiment import Experiment
>>> exp = Experiment("mall-of-horror", variants=[{}, {"config": {"dice": 3}}], seeds=6)
>>> res = exp.run(workers=1, progress=False)
>>> res.rows[0].variant, res.rows[0].seed, len(res)
('default', 0, 12)
>>> s = res.summary()
>>> [(r.seat, r.matches) for r in s.seats][:2]
[('yellow', 6), ('red', 6)]
>>> sum(r.wins - r.shared for r in s.seats if r.variant == "default") <= 6
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from boardlab.experiment.spec import Experiment
from boardlab.experiment.stats import paired_interval, wilson

if TYPE_CHECKING:
    import pandas
    from matplotlib.axes import Axes

__all__ = ["Mean", "Paired", "Rate", "Results", "Row", "Summary"]


class Row(NamedTuple):
    """One match: which variant, line-up and seed, who played, who won, how long.

    ``players``, ``agents`` and ``scores`` are in seat order; ``winners`` are the
    game's winners (several for a shared win); ``plies`` counts every choice and chance
    outcome; ``fields`` are the game's own values (``Game.match_fields``).
    """

    variant: str
    lineup: str
    seed: int
    players: tuple[str, ...]
    agents: tuple[str, ...]
    winners: tuple[str, ...]
    scores: tuple[int, ...]
    plies: int
    fields: Mapping[str, Any]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Row:
        return cls(data["variant"], data["lineup"], data["seed"], tuple(data["players"]),
                   tuple(data["agents"]), tuple(data["winners"]), tuple(data["scores"]),
                   data["plies"], dict(data["fields"]))

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "lineup": self.lineup, "seed": self.seed,
                "players": list(self.players), "agents": list(self.agents),
                "winners": list(self.winners), "scores": list(self.scores),
                "plies": self.plies, "fields": dict(self.fields)}

    def score(self, player: str) -> int:
        return self.scores[self.players.index(player)]


@dataclass(frozen=True)
class Rate:
    """Wins of one seat (or one agent kind, ``seat`` None) in one variant and line-up.

    ``matches`` counts the seat's matches (for an agent kind: its seats summed over
    matches); ``rate = wins / matches`` exactly; ``low``, ``high``: the 95 % Wilson
    interval. Seats of one match are not independent, so an agent kind's interval over
    several seats is approximate.
    """

    variant: str
    lineup: str
    seat: str | None
    agent: str
    matches: int
    wins: int
    shared: int
    rate: Fraction
    low: float
    high: float


@dataclass(frozen=True)
class Mean:
    """The exact mean of ``measure`` (``plies`` or a game field) over ``n`` matches."""

    variant: str
    lineup: str
    measure: str
    n: int
    mean: Fraction


@dataclass(frozen=True)
class Paired:
    """``other`` − ``baseline`` on the same seeds, ``within`` one line-up (or variant).

    ``by`` is ``"variant"`` (two variants, the same line-up) or ``"lineup"``;
    ``measure`` is ``plies``, a game field, or ``win SEAT`` (1 for a win, else 0);
    ``mean`` is exact, ``low``/``high`` the 95 % normal interval of the mean difference.
    """

    by: str
    baseline: str
    other: str
    within: str
    measure: str
    n: int
    mean: Fraction
    low: float
    high: float
    baseline_mean: Fraction
    other_mean: Fraction


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _measures(row: Row) -> dict[str, Fraction | int]:
    """Every numeric value of a row that gets a mean: plies and the game's fields."""
    values: dict[str, Fraction | int] = {"plies": row.plies}
    for key, value in row.fields.items():
        if _numeric(value):
            values[key] = value if isinstance(value, int) else Fraction(value)
    return values


class Results:
    """The rows of an experiment in spec order (variant, line-up, seed), and summaries.

    ``complete`` is False when the run stopped early (interrupted): the summaries then
    cover the matches that finished.
    """

    def __init__(self, experiment: Experiment, rows: Iterable[Row | Mapping[str, Any]]) -> None:
        self.experiment = experiment
        vorder = {v.name: i for i, v in enumerate(experiment.variants)}
        lorder = {lineup.name: i for i, lineup in enumerate(experiment.lineups)}
        table = [r if isinstance(r, Row) else Row.from_json(r) for r in rows]
        table.sort(key=lambda r: (vorder[r.variant], lorder[r.lineup], r.seed))
        self.rows: tuple[Row, ...] = tuple(table)

    @classmethod
    def load(cls, path: str | Path) -> Results:
        """The results in a results file (complete or not), with its experiment."""
        from boardlab.experiment.store import read_results

        head, rows, _ = read_results(path)
        return cls(Experiment.from_json(head["spec"]), rows)

    @property
    def complete(self) -> bool:
        """Every match of the experiment is here."""
        return len(self.rows) == self.experiment.matches

    @property
    def missing(self) -> int:
        return self.experiment.matches - len(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Results) and (self.experiment, self.rows) == (
            other.experiment, other.rows)

    def __repr__(self) -> str:
        return (f"<Results {self.experiment.name!r}: {len(self.rows)} of "
                f"{self.experiment.matches} matches>")

    def select(self, variant: str | None = None, lineup: str | None = None) -> list[Row]:
        """The rows of one variant and/or line-up."""
        return [r for r in self.rows if (variant is None or r.variant == variant)
                and (lineup is None or r.lineup == lineup)]

    # -- summaries -------------------------------------------------------------------------
    def win_rates(self) -> tuple[list[Rate], list[Rate]]:
        """``(per seat, per agent kind)`` win rates of every variant and line-up."""
        seats: list[Rate] = []
        agents: list[Rate] = []
        for variant in self.experiment.variants:
            for lineup in self.experiment.lineups:
                rows = self.select(variant.name, lineup.name)
                if not rows:
                    continue
                players = rows[0].players
                kinds = rows[0].agents
                wins = dict.fromkeys(players, 0)
                shared = dict.fromkeys(players, 0)
                for r in rows:
                    for w in r.winners:
                        wins[w] += 1
                        shared[w] += len(r.winners) > 1
                n = len(rows)
                for p, kind in zip(players, kinds, strict=True):
                    seats.append(Rate(variant.name, lineup.name, p, kind, n,  # type: ignore[arg-type]
                                      wins[p], shared[p], Fraction(wins[p], n),
                                      *wilson(wins[p], n)))
                for kind in dict.fromkeys(kinds):
                    mine = [p for p, k in zip(players, kinds, strict=True) if k == kind]
                    won = sum(wins[p] for p in mine)
                    sh = sum(shared[p] for p in mine)
                    m = n * len(mine)
                    agents.append(Rate(variant.name, lineup.name, None, kind, m, won, sh,  # type: ignore[arg-type]
                                       Fraction(won, m), *wilson(won, m)))
        return seats, agents

    def means(self) -> list[Mean]:
        """Exact means of plies and of every numeric game field, per variant and line-up."""
        found = []
        for variant in self.experiment.variants:
            for lineup in self.experiment.lineups:
                rows = self.select(variant.name, lineup.name)
                if not rows:
                    continue
                totals: dict[str, Fraction] = {}
                for r in rows:
                    for key, value in _measures(r).items():
                        totals[key] = totals.get(key, Fraction(0)) + value
                found += [Mean(variant.name, lineup.name, key, len(rows),  # type: ignore[arg-type]
                               total / len(rows)) for key, total in totals.items()]
        return found

    def compare(self, baseline: str, other: str, *, by: str = "variant") -> list[Paired]:
        """Paired differences ``other − baseline`` on the same seeds.

        ``by="variant"``: two variant names, compared within each line-up;
        ``by="lineup"``: two line-up names, within each variant. Measures: plies, each
        numeric game field, and ``win SEAT`` for every seat both have.
        """
        if by not in ("variant", "lineup"):
            raise ValueError(f"by must be 'variant' or 'lineup', got {by!r}")
        names = [v.name for v in (self.experiment.variants if by == "variant"
                                  else self.experiment.lineups)]
        for name in (baseline, other):
            if name not in names:
                raise ValueError(f"no {by} {name!r}; {by}s: {', '.join(names)}")  # type: ignore[arg-type]
        within_names = [v.name for v in (self.experiment.lineups if by == "variant"
                                         else self.experiment.variants)]
        found = []
        for within in within_names:
            def rows_of(name: str, within: str = within) -> dict[int, Row]:  # type: ignore[assignment]
                pick = self.select(name, within) if by == "variant" else self.select(within, name)
                return {r.seed: r for r in pick}

            a, b = rows_of(baseline), rows_of(other)
            seeds = sorted(set(a) & set(b))
            if not seeds:
                continue
            first_a, first_b = a[seeds[0]], b[seeds[0]]
            measures = [m for m in _measures(first_a) if m in _measures(first_b)]
            seats = [p for p in first_a.players if p in first_b.players]
            series: dict[str, list[tuple[Fraction | int, Fraction | int]]] = defaultdict(list)
            for s in seeds:
                ma, mb = _measures(a[s]), _measures(b[s])
                for m in measures:
                    series[m].append((ma[m], mb[m]))
                for p in seats:
                    series[f"win {p}"].append((int(p in a[s].winners), int(p in b[s].winners)))
            for measure, pairs in series.items():
                mean, low, high = paired_interval([y - x for x, y in pairs])
                n = len(pairs)
                found.append(Paired(by, baseline, other, within, measure, n, mean, low, high,  # type: ignore[arg-type]
                                    Fraction(sum(x for x, _ in pairs)) / n,
                                    Fraction(sum(y for _, y in pairs)) / n))
        return found

    def summary(self, baseline: str | None = None) -> Summary:
        """Win rates, means and paired differences (every variant against ``baseline``,
        default the first; every line-up against the first line-up)."""
        seats, agents = self.win_rates()
        paired: list[Paired] = []
        variants = [v.name for v in self.experiment.variants]
        base = variants[0] if baseline is None else baseline
        for name in variants:
            if name != base:
                paired += self.compare(base, name)  # type: ignore[arg-type]
        lineups = [lineup.name for lineup in self.experiment.lineups]
        for name in lineups[1:]:
            paired += self.compare(lineups[0], name, by="lineup")  # type: ignore[arg-type]
        return Summary(self.experiment, len(self.rows), seats, agents, self.means(), paired)

    # -- other forms --------------------------------------------------------------------
    def to_pandas(self) -> pandas.DataFrame:
        """One DataFrame row per match (needs pandas: ``pip install pandas``).

        Columns: variant, line-up, seed, winners (space-separated), plies, the game's
        fields, then per player ``score PLAYER``, ``agent PLAYER`` and ``won PLAYER``
        (empty where a variant has no such player).
        """
        pd = _pandas()
        records = []
        for r in self.rows:
            record: dict[str, Any] = {"variant": r.variant, "lineup": r.lineup, "seed": r.seed,
                                      "winners": " ".join(r.winners), "plies": r.plies,
                                      **r.fields}
            for p, kind, score in zip(r.players, r.agents, r.scores, strict=True):
                record[f"score {p}"] = score
                record[f"agent {p}"] = kind
                record[f"won {p}"] = p in r.winners
            records.append(record)
        return pd.DataFrame.from_records(records)

    def plot_win_rates(self, by: str = "seat", ax: Axes | None = None) -> Axes:
        """Win rates with their Wilson intervals as error bars (see :class:`Summary`)."""
        return self.summary().plot_win_rates(by=by, ax=ax)

    def plot_paired(self, measure: str | None = None, ax: Axes | None = None) -> Axes:
        """The paired differences of the summary with their intervals."""
        return self.summary().plot_paired(measure=measure, ax=ax)


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        raise ImportError("to_pandas needs pandas: pip install pandas") from None
    return pandas


def _percent(x: Fraction | float) -> str:
    return f"{float(x) * 100:.1f}%"


def _number(x: Fraction | float) -> str:
    return f"{float(x):+.3f}" if isinstance(x, float) else f"{float(x):.2f}"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows, strict=True)]
    return ["  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
            for line in (header, *rows)]


@dataclass(frozen=True)
class Summary:
    """What an experiment found: win rates, means and paired differences.

    ``str(summary)`` (or ``print``) shows it as text tables; :meth:`to_pandas` gives
    each part as a DataFrame; :meth:`plot_win_rates` and :meth:`plot_paired` draw it.
    """

    experiment: Experiment
    matches: int
    seats: list[Rate]
    agents: list[Rate]
    means: list[Mean]
    paired: list[Paired]

    def lines(self) -> list[str]:
        exp = self.experiment
        seeds = exp.seeds
        title = exp.name if exp.name == exp.game else f"{exp.name} ({exp.game})"
        lines = [f"{title}: {len(exp.variants)} variant(s) × "
                 f"{len(exp.lineups)} line-up(s) × {len(seeds)} seeds "
                 f"({seeds.start}…{seeds.stop - 1}) = {exp.matches} matches"
                 + ("" if self.matches == exp.matches else f", {self.matches} done")]
        lines += ["", "Win rate per seat (95% Wilson interval; a shared win counts for "
                  "every winner)"]
        lines += _table(("variant", "line-up", "seat", "agent", "wins", "shared", "matches",
                         "rate", "interval"),
                        [(r.variant, r.lineup, r.seat or "", r.agent, str(r.wins),
                          str(r.shared), str(r.matches), _percent(r.rate),
                          f"{_percent(r.low)}–{_percent(r.high)}") for r in self.seats])
        if any(r.matches != self.seats[0].matches for r in self.agents) or len(
                {r.agent for r in self.agents}) > 1:
            lines += ["", "Win rate per agent kind (its seats together)"]
            lines += _table(("variant", "line-up", "agent", "wins", "seats played", "rate",
                             "interval"),
                            [(r.variant, r.lineup, r.agent, str(r.wins), str(r.matches),
                              _percent(r.rate), f"{_percent(r.low)}–{_percent(r.high)}")
                             for r in self.agents])
        measures = list(dict.fromkeys(m.measure for m in self.means))
        cells: dict[tuple[str, str], dict[str, Mean]] = defaultdict(dict)
        for m in self.means:
            cells[(m.variant, m.lineup)][m.measure] = m
        lines += ["", "Means per match"]
        lines += _table(("variant", "line-up", "matches", *measures),
                        [(v, lu, str(next(iter(ms.values())).n),
                          *(_number(ms[k].mean) if k in ms else "" for k in measures))
                         for (v, lu), ms in cells.items()])
        if self.paired:
            lines += ["", "Paired differences on the same seeds (other − baseline; 95% "
                      "normal interval)"]
            lines += _table(("by", "baseline", "other", "within", "measure", "n", "baseline",
                             "other", "difference", "interval"),
                            [(p.by, p.baseline, p.other, p.within, p.measure, str(p.n),
                              _number(p.baseline_mean), _number(p.other_mean),
                              f"{float(p.mean):+.3f}", f"{p.low:+.3f} … {p.high:+.3f}")
                             for p in self.paired])
        return lines

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_pandas(self, part: str = "seats") -> pandas.DataFrame:
        """One part as a DataFrame: ``seats``, ``agents``, ``means`` or ``paired``
        (Fractions stay Fractions; ``float(x)`` where a float is wanted)."""
        from dataclasses import asdict

        parts: dict[str, list[Any]] = {"seats": self.seats, "agents": self.agents,
                                       "means": self.means, "paired": self.paired}
        if part not in parts:
            raise ValueError(f"part must be one of {', '.join(parts)}, got {part!r}")
        records = [{k: v for k, v in asdict(x).items() if k != "experiment"}
                   for x in parts[part]]
        return _pandas().DataFrame.from_records(records)

    def plot_win_rates(self, by: str = "seat", ax: Axes | None = None) -> Axes:
        """Grouped bars of the win rates (``by="seat"`` or ``"agent"``), one colour per
        variant and line-up, with 95 % Wilson intervals as error bars."""
        from boardlab.experiment.plots import plot_win_rates

        return plot_win_rates(self, by=by, ax=ax)

    def plot_paired(self, measure: str | None = None, ax: Axes | None = None) -> Axes:
        """Each paired difference as a point with its 95 % interval (a forest plot);
        ``measure`` keeps only the measures that start with it (``"win"``, ``"plies"``)."""
        from boardlab.experiment.plots import plot_paired

        return plot_paired(self, measure=measure, ax=ax)
