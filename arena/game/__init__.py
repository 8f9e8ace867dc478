"""One game between players: the game master and what it needs.

``match`` (:func:`~arena.game.match.play_game`: the single game loop of ``arena play``,
the tournament, the checks and the benches; the faults a seat is charged with),
``plugins`` (which players are arena's own code; the config's plugins imported) and
``player_text`` (showing text a player controls, escaped for the terminal, Markdown
and HTML).  The floor of ``arena``: it imports ``engine`` and ``players`` only.
"""
