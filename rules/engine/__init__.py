"""The rules engine: pure Python, no Django, no Channels.

Everything the site knows about mahjong lives here, so a live table, a bot, a replay,
the rulebook and a tournament all agree by construction.
"""
