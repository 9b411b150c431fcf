"""Short sound effects, synthesised by the program: no sound files, nothing to license.

Each effect is computed in pure Python (``math``, ``random`` and ``array``) as mono 16-bit
PCM at the mixer's own sample rate, converted to the mixer's sample format and channel
count (``pygame.mixer.get_init()``), and handed to ``pygame.mixer.Sound(buffer=...)``.
Nothing is computed until an effect is first played; making one takes about 1-16 ms.

The designs, all quiet and short:

``pickup``      a soft papery tick: band-passed noise (0.8-3.5 kHz), 1 ms attack, fast decay
``putdown``     a soft thud with a little snap: a falling low tone and a short noise click
``foundation``  a gentle bright chime: two decaying sine partials (E6 and B6)
``stock``       a quick swish: noise through a filter that opens and closes again
``illegal``     a soft low double bump: two smooth tone bursts, the second lower
``deal``        a short riffle: seven papery ticks, unevenly spaced
``win``         a rising bell arpeggio C5-E5-G5-C6 that rings out for a second
``click``       a short UI click: a tiny high blip

Every effect begins and ends at exactly zero through a short raised-cosine fade, so none
of them clicks when it starts or stops. Without an audio device (or with the mixer module
missing) :class:`Sounds` is silent; audio problems are logged once and never raised.
"""

from __future__ import annotations

import logging
import math
import os
import random
import sys
import tempfile
import wave
from array import array
from pathlib import Path
from typing import Final

import pygame

__all__ = [
    "DURATIONS",
    "SOUND_NAMES",
    "Sounds",
    "render_wav",
    "synthesise",
    "to_mixer_format",
]

_log = logging.getLogger(__name__)

#: Every sound effect, in the order of the module docstring.
SOUND_NAMES: Final[tuple[str, ...]] = (
    "pickup", "putdown", "foundation", "stock", "illegal", "deal", "win", "click",
)

#: The length of each effect in seconds.
DURATIONS: Final[dict[str, float]] = {
    "pickup": 0.06,
    "putdown": 0.10,
    "foundation": 0.38,
    "stock": 0.19,
    "illegal": 0.24,
    "deal": 0.38,
    "win": 1.0,
    "click": 0.04,
}

#: The sample rates :func:`synthesise` accepts (Hz).
SAMPLE_RATES: Final[range] = range(8000, 192001)

_FULL_SCALE: Final[int] = 32767
# An amplitude (of 1.0 for a whole note) below which a fading partial is left out.
_INAUDIBLE: Final[float] = 1e-4
_TAU: Final[float] = 2.0 * math.pi

# The notes used, in Hz (equal temperament, A4 = 440 Hz).
_C5, _E5, _G5, _C6 = 523.25, 659.26, 783.99, 1046.50
_E6, _B6 = 1318.51, 1975.53
_E3, _G3 = 164.81, 196.00


def _check_name(name: str) -> None:
    if name not in DURATIONS:
        raise ValueError(f"unknown sound {name!r}; the sounds are: {', '.join(SOUND_NAMES)}")


def _frames(name: str, sample_rate: int) -> int:
    return round(DURATIONS[name] * sample_rate)


# --- building blocks: lists of floats, full scale 1.0 --------------------------------


def _noise(rng: random.Random, count: int) -> list[float]:
    """White noise, uniform in -1 .. 1."""
    uniform = rng.random
    return [2.0 * uniform() - 1.0 for _ in range(count)]


def _low_pass(signal: list[float], sample_rate: int, cutoff: float) -> list[float]:
    """A one-pole low-pass filter (6 dB per octave above ``cutoff``)."""
    a = 1.0 - math.exp(-_TAU * cutoff / sample_rate)
    y = 0.0
    out: list[float] = []
    append = out.append
    for x in signal:
        y += a * (x - y)
        append(y)
    return out


def _low_pass2(signal: list[float], sample_rate: int, cutoff: float) -> list[float]:
    """Two one-pole low-pass filters in a row (12 dB per octave above ``cutoff``): steep
    enough to take the hiss off noise."""
    a = 1.0 - math.exp(-_TAU * cutoff / sample_rate)
    y1 = y2 = 0.0
    out: list[float] = []
    append = out.append
    for x in signal:
        y1 += a * (x - y1)
        y2 += a * (y1 - y2)
        append(y2)
    return out


def _band_pass(signal: list[float], sample_rate: int, low: float, high: float) -> list[float]:
    """Keep roughly ``low`` .. ``high`` Hz: a steep low-pass at ``high`` minus its own
    low-pass at ``low``."""
    upper = _low_pass2(signal, sample_rate, high)
    lower = _low_pass(upper, sample_rate, low)
    return [u - v for u, v in zip(upper, lower, strict=True)]


def _shape(signal: list[float], sample_rate: int, attack: float, decay: float) -> list[float]:
    """Multiply by an envelope that rises linearly over ``attack`` seconds, then falls
    exponentially with time constant ``decay`` seconds (counted from the start)."""
    step = math.exp(-1.0 / (decay * sample_rate))
    rise = max(1, round(attack * sample_rate))
    gain = 1.0
    out: list[float] = []
    append = out.append
    for i, x in enumerate(signal):
        append(x * gain * (i / rise if i < rise else 1.0))
        gain *= step
    return out


def _tick(rng: random.Random, sample_rate: int, length: float, low: float, high: float,
          decay: float) -> list[float]:
    """A papery tick: a burst of band-passed noise with a 1 ms attack and a fast decay."""
    burst = _band_pass(_noise(rng, round(length * sample_rate)), sample_rate, low, high)
    return _shape(burst, sample_rate, 0.001, decay)


def _mix_into(out: list[float], part: list[float], start: int, gain: float = 1.0) -> None:
    """Add ``part`` times ``gain`` into ``out`` from index ``start`` (clipped to ``out``)."""
    for i, x in enumerate(part[: max(0, len(out) - start)], start):
        out[i] += gain * x


def _add_partial(out: list[float], sample_rate: int, start: int, freq: float, amp: float,
                 decay: float, *, attack: float = 0.003, ring: float | None = None,
                 damp: float = 0.02) -> None:
    """Add a decaying sine ``amp * exp(-t/decay) * sin(2 pi freq t)`` to ``out`` from
    index ``start``.

    The first ``attack`` seconds rise along a raised cosine so that the strike is soft.
    After ``ring`` seconds (if given) the partial is damped with time constant ``damp``
    and stops once its amplitude is below 1e-4 (about one step of 16-bit sound once the
    effect is scaled), which keeps long buffers cheap to compute. The sine itself comes
    from a two-term recurrence (a damped resonator): one multiply-add per sample instead
    of a call to ``sin``.
    """
    w = _TAU * freq / sample_rate
    r = math.exp(-1.0 / (decay * sample_rate))
    end = len(out)
    if start >= end:
        return
    rise = min(max(1, round(attack * sample_rate)), end - start)
    for k in range(rise):
        out[start + k] += (amp * r ** k * math.sin(w * k)
                           * (0.5 - 0.5 * math.cos(math.pi * k / rise)))
    # The resonator's state at sample ``rise``: its value and the one before it.
    y = amp * r ** rise * math.sin(w * rise)
    y_prev = amp * r ** (rise - 1) * math.sin(w * (rise - 1))
    stop = end if ring is None else min(end, start + max(rise, round(ring * sample_rate)))
    c, d = 2.0 * r * math.cos(w), r * r
    for i in range(start + rise, stop):
        out[i] += y
        y, y_prev = c * y - d * y_prev, y
    if stop >= end:
        return
    # Damping: the same sine with a faster decay continues from the same state.
    left = amp * r ** (stop - start)
    if left <= _INAUDIBLE:
        return
    r_damp = math.exp(-1.0 / (damp * sample_rate))
    y_prev *= r / r_damp
    c, d = 2.0 * r_damp * math.cos(w), r_damp * r_damp
    tail = round(damp * math.log(left / _INAUDIBLE) * sample_rate)
    for i in range(stop, min(end, stop + tail)):
        out[i] += y
        y, y_prev = c * y - d * y_prev, y


def _finish(signal: list[float], sample_rate: int, peak: float, fade_in: float,
            fade_out: float) -> array:
    """Scale so that the loudest sample is ``peak`` of full scale, fade both ends to
    exactly zero along a raised cosine, and convert to 16-bit integers."""
    loudest = max(max(signal), -min(signal))
    scale = peak * _FULL_SCALE / loudest if loudest > 0.0 else 0.0
    count = len(signal)
    span = min(count, max(2, round(fade_in * sample_rate)))
    signal[:span] = [x * g for x, g in zip(signal[:span], _rise(span), strict=True)]
    span = min(count, max(2, round(fade_out * sample_rate)))
    signal[count - span:] = [x * g for x, g in zip(signal[count - span:], reversed(_rise(span)),
                                                   strict=True)]
    return _to_int16(signal, scale)


def _rise(span: int) -> list[float]:
    """A raised-cosine ramp of ``span`` (at least 2) gains from exactly 0 to exactly 1."""
    step = math.pi / (span - 1)
    cos = math.cos
    return [0.5 - 0.5 * cos(step * k) for k in range(span)]


# Adding 1.5 * 2**23 to a number of magnitude below 2**22 and storing it as a 32-bit float
# leaves the number, rounded to a whole one, in the low bits of the float's mantissa.
_ROUNDING_MAGIC: Final[float] = 12582912.0
# Where the low two bytes of a 32-bit float sit in memory, in the order of a native int16.
_LOW_BYTES: Final[tuple[int, int]] = (0, 1) if sys.byteorder == "little" else (2, 3)


def _to_int16(signal: list[float], scale: float) -> array:
    """``signal`` times ``scale``, rounded to 16-bit integers (the products must lie within
    -32768 .. 32767).

    Equal to ``array('h', [round(x * scale) for x in signal])`` but about three times faster:
    ``int()`` on each sample is the slowest step of making a sound, so the rounding is left
    to the C conversion of ``array('f')`` (see ``_ROUNDING_MAGIC``) and the low 16 bits of
    each float are then picked out of its bytes by slicing.
    """
    magic = _ROUNDING_MAGIC
    floats = array("f", [x * scale + magic for x in signal]).tobytes()
    low, high = _LOW_BYTES
    packed = bytearray(2 * len(signal))
    packed[0::2] = floats[low::4]
    packed[1::2] = floats[high::4]
    return array("h", bytes(packed))


# --- the effects ----------------------------------------------------------------------


def _pickup(sr: int, rng: random.Random) -> array:
    out = [0.0] * _frames("pickup", sr)
    _mix_into(out, _tick(rng, sr, 0.05, 800.0, 3500.0, 0.007), round(0.001 * sr))
    return _finish(out, sr, 0.35, 0.001, 0.008)


def _putdown(sr: int, rng: random.Random) -> array:
    count = _frames("putdown", sr)
    out: list[float] = []
    phase = 0.0
    gain = 1.0
    step = math.exp(-1.0 / (0.028 * sr))
    for i in range(count):
        # A low tone whose pitch falls from 160 Hz to 90 Hz, like a card settling.
        phase += _TAU * (90.0 + 70.0 * math.exp(-i / (0.02 * sr))) / sr
        out.append(math.sin(phase) * gain)
        gain *= step
    snap = _tick(rng, sr, 0.03, 300.0, 2500.0, 0.004)
    _mix_into(out, snap, round(0.001 * sr), 0.6)
    return _finish(out, sr, 0.5, 0.002, 0.01)


def _foundation(sr: int, rng: random.Random) -> array:
    out = [0.0] * _frames("foundation", sr)
    _add_partial(out, sr, 0, _E6, 1.0, 0.11)
    _add_partial(out, sr, 0, _B6, 0.55, 0.07)
    return _finish(out, sr, 0.45, 0.001, 0.03)


def _stock(sr: int, rng: random.Random) -> array:
    count = _frames("stock", sr)
    noise = _noise(rng, count)
    out: list[float] = []
    y1 = y2 = 0.0
    for i, x in enumerate(noise):
        # A two-pole filter opens from 600 Hz to 3.5 kHz at 30 % of the way, then closes to
        # 1.2 kHz, while the loudness swells and fades along the same curve.
        t = i / count
        swell = 0.5 - 0.5 * math.cos(math.pi * t / 0.3) if t < 0.3 else (
            0.5 + 0.5 * math.cos(math.pi * (t - 0.3) / 0.7))
        cutoff = (600.0 + 2900.0 * swell) if t < 0.3 else (1200.0 + 2300.0 * swell)
        a = 1.0 - math.exp(-_TAU * cutoff / sr)
        y1 += a * (x - y1)
        y2 += a * (y1 - y2)
        out.append(y2 * swell)
    rumble = _low_pass(out, sr, 400.0)
    return _finish([a - b for a, b in zip(out, rumble, strict=True)], sr, 0.35, 0.002, 0.01)


def _illegal(sr: int, rng: random.Random) -> array:
    out = [0.0] * _frames("illegal", sr)
    for onset, freq in ((0.0, _G3), (0.115, _E3)):
        length = round(0.085 * sr)
        start = round(onset * sr)
        w = _TAU * freq / sr
        for k in range(length):
            # A Hann-windowed burst: no edge to click, just a soft bump. The two upper
            # harmonics let small laptop speakers, which cannot play 165 Hz, still say it.
            window = 0.5 - 0.5 * math.cos(_TAU * k / (length - 1))
            out[start + k] += window * (math.sin(w * k) + 0.35 * math.sin(2 * w * k)
                                        + 0.12 * math.sin(3 * w * k))
    return _finish(out, sr, 0.45, 0.002, 0.01)


def _deal(sr: int, rng: random.Random) -> array:
    out = [0.0] * _frames("deal", sr)
    onset = 0.002
    for _ in range(7):
        tick = _tick(rng, sr, 0.03, 1000.0, 4500.0, 0.005)
        _mix_into(out, tick, round(onset * sr), rng.uniform(0.75, 1.0))
        onset += rng.uniform(0.042, 0.054)
    return _finish(out, sr, 0.35, 0.001, 0.01)


def _win(sr: int, rng: random.Random) -> array:
    out = [0.0] * _frames("win", sr)
    notes = ((0.0, _C5), (0.11, _E5), (0.22, _G5), (0.34, _C6))
    for number, (onset, freq) in enumerate(notes):
        start = round(onset * sr)
        last = number == len(notes) - 1
        # A soft bell: the fundamental rings, the octave and twelfth fade sooner. Earlier
        # notes are damped after 0.3 s so that the chord does not blur; the last one rings.
        ring = None if last else 0.3
        _add_partial(out, sr, start, freq, 1.0, 0.4 if last else 0.3, attack=0.004, ring=ring,
                     damp=0.015)
        _add_partial(out, sr, start, 2.0 * freq, 0.25, 0.1, attack=0.004, ring=0.12, damp=0.01)
        _add_partial(out, sr, start, 3.0 * freq, 0.08, 0.05, attack=0.004, ring=0.04, damp=0.006)
    return _finish(out, sr, 0.5, 0.002, 0.15)


def _click(sr: int, rng: random.Random) -> array:
    out = [0.0] * _frames("click", sr)
    _add_partial(out, sr, 0, 1800.0, 1.0, 0.004, attack=0.0005)
    _mix_into(out, _tick(rng, sr, 0.02, 1500.0, 6000.0, 0.002), 0, 0.4)
    return _finish(out, sr, 0.3, 0.0005, 0.005)


_EFFECTS: Final = {
    "pickup": _pickup,
    "putdown": _putdown,
    "foundation": _foundation,
    "stock": _stock,
    "illegal": _illegal,
    "deal": _deal,
    "win": _win,
    "click": _click,
}


def synthesise(name: str, sample_rate: int = 44100) -> array:
    """The effect ``name`` as mono 16-bit samples (``array('h')``) at ``sample_rate`` Hz.

    The result is the same every time (the noise has a fixed seed per effect) and has
    ``round(DURATIONS[name] * sample_rate)`` samples. Raises ``ValueError`` for an unknown
    name or a sample rate outside 8000 .. 192000 Hz.
    """
    _check_name(name)
    if not isinstance(sample_rate, int) or sample_rate not in SAMPLE_RATES:
        raise ValueError(f"sample rate must be a whole number of Hz from {SAMPLE_RATES.start} "
                         f"to {SAMPLE_RATES.stop - 1}, not {sample_rate!r}")
    return _EFFECTS[name](sample_rate, random.Random(f"sound:{name}"))


def to_mixer_format(samples: array, size: int, channels: int) -> bytes:
    """Mono 16-bit ``samples`` as raw bytes in a mixer format as reported by
    ``pygame.mixer.get_init()``: ``size`` -16/16 (signed/unsigned 16-bit), -8/8 (signed/
    unsigned 8-bit) or 32/-32 (32-bit float), in native byte order, each sample repeated
    on ``channels`` interleaved channels. Raises ``ValueError`` for any other format."""
    if channels < 1:
        raise ValueError(f"a mixer needs at least one channel, not {channels}")
    typed: array
    if size == -16:
        typed = samples
    elif size == 16:
        typed = array("H", [s + 32768 for s in samples])
    elif size == -8:
        typed = array("b", [s >> 8 for s in samples])
    elif size == 8:
        typed = array("B", [(s >> 8) + 128 for s in samples])
    elif size in (32, -32):
        typed = array("f", [s / 32768.0 for s in samples])
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels == 1:
        return typed.tobytes()
    interleaved = array(typed.typecode, bytes(typed.itemsize * len(typed) * channels))
    for channel in range(channels):
        interleaved[channel::channels] = typed
    return interleaved.tobytes()


def render_wav(name: str, path: Path, sample_rate: int = 44100) -> None:
    """Write the effect ``name`` to ``path`` as a mono 16-bit WAV file, atomically (a
    temporary file in the same folder, then a rename). Raises ``ValueError`` for an
    unknown name or sample rate and ``OSError`` if the file cannot be written."""
    samples = synthesise(name, sample_rate)
    if sys.byteorder == "big":
        samples = array("h", samples)
        samples.byteswap()
    path = Path(path)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            with wave.open(handle, "wb") as wav:
                wav.setnchannels(1)
                wav.setsampwidth(2)
                wav.setframerate(sample_rate)
                wav.writeframes(samples.tobytes())
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def _clamp_volume(volume: float) -> float:
    if math.isnan(volume):
        raise ValueError("volume must be a number from 0 to 1, not NaN")
    return min(1.0, max(0.0, float(volume)))


# What pygame raises when audio cannot work: pygame.error from SDL, NotImplementedError
# when pygame was built without its mixer module, ValueError from to_mixer_format.
_AUDIO_ERRORS: Final = (pygame.error, NotImplementedError, ValueError)


class Sounds:
    """Short generated sound effects; silent (never an error) without an audio device.

    The mixer is opened (``pygame.mixer.init()``, only if nobody has opened it yet) the
    first time an effect is played or :attr:`available` is read; while the sounds are
    disabled or at volume 0, :meth:`play` does not touch the mixer at all. Each effect is
    synthesised on its first play, in the mixer's format; if the mixer is later reopened
    with another format, the effects are made again.
    """

    NAMES: Final[tuple[str, ...]] = SOUND_NAMES

    def __init__(self, *, enabled: bool = True, volume: float = 0.7) -> None:
        self._enabled = bool(enabled)
        self._volume = _clamp_volume(volume)
        self._format: tuple[int, int, int] | None = None
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._failed = False
        self._warned = False

    @property
    def enabled(self) -> bool:
        """Whether :meth:`play` makes any sound."""
        return self._enabled

    @property
    def volume(self) -> float:
        """The volume of every effect, 0 (silent) .. 1 (full)."""
        return self._volume

    @property
    def available(self) -> bool:
        """Whether the mixer could be opened (opens it if nobody has yet)."""
        return self._mixer_format() is not None

    def set_options(self, *, enabled: bool | None = None, volume: float | None = None) -> None:
        """Change whether sounds play and how loud they are (clamped to 0 .. 1; NaN is a
        ``ValueError``). Turning sounds off stops the effects that are playing; turning
        them on again retries a mixer that could not be opened before."""
        if volume is not None:
            self._volume = _clamp_volume(volume)
            try:
                for sound in self._cache.values():
                    sound.set_volume(self._volume)
            except _AUDIO_ERRORS as error:
                self._give_up(error)
        if enabled is not None:
            if enabled and not self._enabled:
                self._failed = False
            if not enabled and self._enabled:
                self._stop_all()
            self._enabled = bool(enabled)

    def play(self, name: str) -> None:
        """Start the effect ``name`` (one of :attr:`NAMES`; anything else is a
        ``ValueError``). Does nothing when disabled, at volume 0, or without audio."""
        _check_name(name)
        if not self._enabled or self._volume <= 0.0:
            return
        try:
            sound = self._sound(name)
            if sound is not None:
                sound.play()
        except _AUDIO_ERRORS as error:
            self._give_up(error)

    def _stop_all(self) -> None:
        """Stop every effect that is playing."""
        try:
            if pygame.mixer.get_init() is not None:
                for sound in self._cache.values():
                    sound.stop()
        except _AUDIO_ERRORS as error:
            self._give_up(error)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect as a mixer ``Sound``, made on first use; None without audio."""
        mixer_format = self._mixer_format()
        if mixer_format is None:
            return None
        sound = self._cache.get(name)
        if sound is None:
            frequency, size, channels = mixer_format
            data = to_mixer_format(synthesise(name, frequency), size, channels)
            sound = pygame.mixer.Sound(buffer=data)
            sound.set_volume(self._volume)
            self._cache[name] = sound
        return sound

    def _mixer_format(self) -> tuple[int, int, int] | None:
        """The open mixer's (frequency, size, channels), opening it if needed; None if it
        cannot be opened."""
        if self._failed:
            return None
        try:
            current = pygame.mixer.get_init()
            if current is None:
                pygame.mixer.init()
                current = pygame.mixer.get_init()
                if current is None:
                    raise pygame.error("the mixer did not open")
                # Sounds made before the mixer was closed belong to the old device.
                self._cache.clear()
        except _AUDIO_ERRORS as error:
            self._give_up(error)
            return None
        if current != self._format:
            # A new or reopened mixer: sounds made for the old one are invalid.
            self._cache.clear()
            self._format = current
        return current

    def _give_up(self, error: BaseException) -> None:
        """Fall silent after an audio problem, saying so once."""
        self._failed = True
        self._cache.clear()
        self._format = None
        if not self._warned:
            self._warned = True
            _log.warning("sound effects are off: %s", error or type(error).__name__)
