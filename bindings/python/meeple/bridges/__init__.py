"""Bridges to other projects' engines, each an optional extra imported on its own:

- :mod:`.catanatron`: meeple's Catan agents in catanatron's games (``meeple[catan-peers]``).
"""
