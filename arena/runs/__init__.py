"""Running games: from a config to records in the results store.

``config`` (reading and checking a config), ``checks`` (a player tried in a jail
before it plays for a ranking), ``schedule`` (the games, a pure function of the
config), ``worker`` (playing scheduled games: in a Ray worker or this process),
``runner`` (in this process or on Ray, with faults and lost workers),
``tournament`` (``arena tournament`` and ``arena submit``: config → schedule →
games → results → leaderboard) and ``head_to_head`` (``arena match``: two players
until the SPRT decides).  Uses every package below it (:mod:`arena.game`,
:mod:`arena.jail`, :mod:`arena.store`, :mod:`arena.ratings`, :mod:`arena.reports`);
nothing below imports it.
"""

