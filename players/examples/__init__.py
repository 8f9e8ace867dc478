"""Example players to copy when writing your own (see the README, "Write your own player")."""
