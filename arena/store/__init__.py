"""The results store of a tournament, ``results/<name>/``: the files, the secret, the log.

``results`` (the folder: config, the signed game log appended crash-safely, the
derived files written atomically), ``secret`` (the tournament's secret: keyed
seeds and the log's tags) and ``record_check`` (what a game record must hold to be
read).  Imports nothing of ``arena`` but :mod:`arena.game`.
"""
