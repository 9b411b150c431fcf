"""The player's settings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    """Everything the options scene changes; kept between runs."""

    animation_speed: float = 1.0  # multiplier of the normal speed; 0 turns animation off
    auto_drop: bool = False
    hints: bool = True
    winnable_only: bool = False
    sound: bool = True
    volume: float = 0.7
    card_back: int = 0  # 0 or 1
    four_colour: bool = False
    high_contrast: bool = False
    window_size: tuple[int, int] = (1280, 800)
