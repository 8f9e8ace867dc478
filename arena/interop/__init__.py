"""arena and other frameworks: ``openspiel`` (our games as OpenSpiel games, OpenSpiel's
search as our players; the ``openspiel`` extra).  Imports nothing else of ``arena``.
"""
