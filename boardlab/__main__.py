"""``python -m boardlab``: the command line (see :mod:`boardlab.cli`).

Example: ``python -m boardlab play GAME --seed 1``; ``python -m boardlab play --help``
lists the games.
"""

from boardlab.cli import main

raise SystemExit(main())
