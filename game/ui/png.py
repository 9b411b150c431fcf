"""Pictures as PNG bytes, made in memory: a command writes them where it was asked to
through :mod:`game.output`, whatever that place is (a file, a device, a FIFO, ``-``)."""

from __future__ import annotations

import io

import pygame


def png_bytes(surface: pygame.Surface) -> bytes:
    """The bytes of a PNG file of ``surface``."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    return buffer.getvalue()
