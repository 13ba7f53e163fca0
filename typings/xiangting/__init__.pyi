# Type stub for xiangting (the Rust binding the engine uses for shanten and waits).
#
# The package's own stub declares each hand as ``list[int]``, but the binding
# reads any sequence of 34 counts; the engine passes ``bytes`` and ``bytearray``
# (cheaper to build and to copy), so this stub, found first through
# ``mypy_path`` in pyproject.toml, says ``Sequence[int]``. Otherwise it follows
# the package's stub.
from collections.abc import Sequence

def to_array(tile_flags: int) -> list[bool]: ...

class PlayerCount:
    FOUR: PlayerCount
    THREE: PlayerCount

def calculate_replacement_number(bingpai: Sequence[int], player_count: PlayerCount) -> int: ...
def calculate_necessary_tiles(
    bingpai: Sequence[int], player_count: PlayerCount
) -> tuple[int, int]: ...
def calculate_unnecessary_tiles(
    bingpai: Sequence[int], player_count: PlayerCount
) -> tuple[int, int]: ...
