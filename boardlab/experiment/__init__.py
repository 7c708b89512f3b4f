"""Experiments at scale: rule variants × agent line-ups × seeds, on one laptop or a cluster.

An experiment asks a question that needs many matches ("with 3 arrival dice instead of
4, do matches last longer? does the heuristic player still beat random play?"). It is
a grid of rule **variants** (the game's options and overrides of its ``config``),
agent **line-ups** and **seeds**; every variant and line-up plays the same seeds, so
they can be compared match by match (common random numbers).

>>> from boardlab.experiment import Experiment
>>> exp = Experiment("mall-of-horror", options={"players": 4},
...                  variants=[{"name": "printed"},
...                            {"name": "3 dice", "config": {"dice": 3}}],
...                  seeds=10)
>>> results = exp.run(workers=1, progress=False)
>>> results.complete, len(results.rows)
(True, 20)
>>> summary = results.summary()
>>> [p.measure for p in summary.paired][:2]
['plies', 'rounds']

- :class:`Experiment` (:mod:`.spec`): the checked spec, from Python values or a JSON
  spec file (:func:`load_spec`); bad fields are :class:`SpecError` with their path.
- :func:`run` (:mod:`.runner`): on any ``concurrent.futures.Executor``, local processes
  by default, or a Dask cluster; chunks of seeds per task; results streamed to a
  JSON-lines file and resumed from it; a progress bar; Ctrl-C keeps what finished.
- :class:`Results` and :class:`Summary` (:mod:`.results`): one row per match, win
  rates with Wilson intervals, exact means, paired differences (:mod:`.stats`),
  ``to_pandas()``, plots.
- :func:`sweep` (:mod:`.sweep`): exact odds over a grid of parameters, no simulation.

Nothing heavy is imported here: matplotlib, pandas, tqdm and Dask load when used.
"""

from boardlab.experiment.results import Mean, Paired, Rate, Results, Row, Summary
from boardlab.experiment.runner import run
from boardlab.experiment.spec import (
    Experiment,
    Lineup,
    SpecError,
    Variant,
    load_spec,
    use_runner,
)
from boardlab.experiment.store import ResultsFileError
from boardlab.experiment.sweep import Sweep, SweepError, sweep

# The spec does not import the runner that plays it: Experiment.run is handed the runner.
use_runner(run)

__all__ = [
    "Experiment", "Lineup", "Mean", "Paired", "Rate", "Results", "ResultsFileError", "Row",
    "SpecError", "Summary", "Sweep", "SweepError", "Variant", "load_spec", "run", "sweep",
]
