"""The analysis board: which legal choice is best, by how much, and why (issue 30).

:func:`advise` values every legal choice of the seat to move exactly — over every
chance outcome and the opponents' stated models — to a horizon, and estimates the chance
to win by simulation; see docs/advice.md.

>>> from boardlab.advice import advise, Advice, Budget
>>> Budget(nodes=5).nodes
5
"""

from __future__ import annotations

from boardlab.advice.advise import advise
from boardlab.advice.budget import Budget
from boardlab.advice.record import Advice, AdviceRow, Simulated

__all__ = ["Advice", "AdviceRow", "Budget", "Simulated", "advise"]
