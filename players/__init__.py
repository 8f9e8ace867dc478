# importing the engine first installs the compiled build's loader (engine/_compiled.py),
# which also serves players.search_tree and players.ismcts
import engine  # noqa: F401
