"""What every game is built from: its spec, its front door, its lazily loaded names.

A game package declares itself once, in ``game.py``, as a :class:`GameSpec`; its
``api.py`` builds the shared verbs from that spec with :class:`FrontDoor` (one error
policy for every game), and its ``__init__`` publishes them with the game's own names
and loads the board, the explainer, the odds and the what-ifs on first use
(:func:`module_attributes`). ``docs/adding-a-game.md`` walks through it.

>>> from boardlab import gamekit
>>> gamekit.SHARED_VERBS[:3]
('new_match', 'play', 'load_match')
"""

from boardlab.gamekit.door import SHARED_VERBS, FrontDoor
from boardlab.gamekit.lazy import module_attributes
from boardlab.gamekit.spec import RESERVED, Game, GameSpec, Keyword, Option, random_agent

__all__ = ["RESERVED", "SHARED_VERBS", "FrontDoor", "Game", "GameSpec", "Keyword", "Option",
           "module_attributes", "random_agent"]
