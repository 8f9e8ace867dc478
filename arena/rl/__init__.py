"""The games for reinforcement learning (the ``rl`` extra: PettingZoo and Gymnasium).

Owns the environments over ``engine.tensor`` (each game's observation vector, fixed
action space and legal-action mask; docs/rl.md):

* ``pettingzoo_env``: every game as a PettingZoo AEC environment, every seat an agent;
* ``gym_env``: one seat as a Gymnasium environment, the other seats arena players
  (``gymnasium.make("arena/<game>", opponents=[...], seat=...)``).

Imports ``arena.game`` (the player seeds), ``players`` and ``engine`` only; nothing else
in arena imports it, so arena works without PettingZoo and Gymnasium installed.
"""
