"""Sound effects: what is synthesised, how it reaches the mixer, and silence without one."""

from __future__ import annotations

import logging
import math
import os
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from game.ui import sound as sound_module
from game.ui.sound import DURATIONS, SOUND_NAMES, Sounds, render_wav, synthesise, to_mixer_format

RATE = 44100


class RecordingSound(pygame.mixer.Sound):
    """A real mixer Sound that remembers being made, played and stopped."""

    made: ClassVar[list[RecordingSound]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.plays = 0
        self.stops = 0
        RecordingSound.made.append(self)

    def play(self, *args: Any, **kwargs: Any) -> Any:
        self.plays += 1
        return super().play(*args, **kwargs)

    def stop(self) -> None:
        self.stops += 1
        super().stop()


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[RecordingSound]]:
    """A closed mixer (each test opens it as it needs) whose Sounds are recorded; the
    mixer is left afterwards as it was found."""
    # The tests patch these, and their patches are undone only after this fixture ends.
    close, open_ = pygame.mixer.quit, pygame.mixer.init
    before = pygame.mixer.get_init()
    close()
    RecordingSound.made = []
    monkeypatch.setattr(pygame.mixer, "Sound", RecordingSound)
    yield RecordingSound.made
    close()
    if before is not None:
        frequency, size, channels = before
        open_(frequency=frequency, size=size, channels=channels)


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the mixer was used")


def _peak(samples: array) -> int:
    return max(abs(s) for s in samples)


def _level(samples: array, sample_rate: int, freq: float, start: float, length: float) -> float:
    """The amplitude of ``freq`` in a window of the samples (a single-bin DFT, Hann window)."""
    first = round(start * sample_rate)
    count = round(length * sample_rate)
    re = im = 0.0
    for k in range(count):
        window = 0.5 - 0.5 * math.cos(2 * math.pi * k / (count - 1))
        angle = 2 * math.pi * freq * k / sample_rate
        value = samples[first + k] * window
        re += value * math.cos(angle)
        im += value * math.sin(angle)
    return math.hypot(re, im) / count


# --- what is synthesised ----------------------------------------------------------------


@pytest.mark.parametrize("rate", [22050, 44100, 48000])
@pytest.mark.parametrize("name", SOUND_NAMES)
def test_samples_have_the_duration_range_and_envelope(name: str, rate: int) -> None:
    samples = synthesise(name, rate)
    assert samples.typecode == "h"
    assert len(samples) == round(DURATIONS[name] * rate)
    assert 0.04 <= DURATIONS[name] <= 1.0
    peak = _peak(samples)
    # Loud enough to hear, well inside 16 bits (no clipping), and not a constant.
    assert 8000 <= peak <= 16384
    assert len(set(samples)) > 100
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert rms > 300
    # The fades: exactly silent at both ends and still quiet a quarter-millisecond in.
    assert samples[0] == 0 and samples[-1] == 0
    edge = max(2, round(0.00025 * rate))
    assert max(abs(s) for s in samples[:edge]) < peak * 0.2
    assert max(abs(s) for s in samples[-edge:]) < peak * 0.05


def test_the_win_sound_is_the_longest_and_about_a_second() -> None:
    lengths = {name: len(synthesise(name, RATE)) for name in SOUND_NAMES}
    assert max(lengths, key=lengths.__getitem__) == "win"
    assert all(lengths[name] < lengths["win"] for name in SOUND_NAMES if name != "win")
    assert 0.9 * RATE <= lengths["win"] <= 1.1 * RATE
    assert all(lengths[name] <= 0.4 * RATE for name in SOUND_NAMES if name != "win")


def test_synthesis_is_repeatable() -> None:
    for name in SOUND_NAMES:
        assert synthesise(name, RATE) == synthesise(name, RATE)


def test_the_win_arpeggio_rises_c_e_g_c() -> None:
    samples = synthesise("win", RATE)
    notes = [523.25, 659.26, 783.99, 1046.50]
    onsets = [0.0, 0.11, 0.22, 0.34]
    for number, onset in enumerate(onsets):
        # Just after each onset the new note is present and the next one is not yet.
        here = _level(samples, RATE, notes[number], onset + 0.01, 0.08)
        assert here > 500
        if number + 1 < len(notes):
            assert _level(samples, RATE, notes[number + 1], onset + 0.01, 0.08) < here / 20
    # The top C is still ringing towards the end.
    assert _level(samples, RATE, notes[-1], 0.75, 0.1) > 200


def test_the_foundation_chime_is_bright_and_the_illegal_bump_is_low() -> None:
    chime = synthesise("foundation", RATE)
    assert _level(chime, RATE, 1318.51, 0.0, 0.05) > 10 * _level(chime, RATE, 700.0, 0.0, 0.05)
    bump = synthesise("illegal", RATE)
    assert _level(bump, RATE, 196.0, 0.0, 0.085) > 10 * _level(bump, RATE, 1000.0, 0.0, 0.085)
    # The second bump is lower than the first.
    assert _level(bump, RATE, 164.81, 0.115, 0.085) > _level(bump, RATE, 196.0, 0.115, 0.085)


def test_bad_names_and_rates_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown sound 'boom'"):
        synthesise("boom", RATE)
    for rate in (0, 1000, 500_000):
        with pytest.raises(ValueError, match="sample rate"):
            synthesise("click", rate)


def test_rounding_to_16_bits_matches_round() -> None:
    values = [k / 997 - 1.0 for k in range(1995)] + [0.5 / 32767, -0.5 / 32767, 1.5 / 32767,
                                                      -2.5 / 32767, 1.0, -1.0, 0.0]
    expected = array("h", [round(v * 32767) for v in values])
    assert sound_module._to_int16(values, 32767.0) == expected


# --- conversion to the mixer's format -----------------------------------------------------


def test_to_mixer_format_converts_each_sample_size() -> None:
    samples = array("h", [0, 32767, -32768, 256])
    assert to_mixer_format(samples, -16, 1) == samples.tobytes()
    assert array("H", to_mixer_format(samples, 16, 1)).tolist() == [32768, 65535, 0, 33024]
    assert array("b", to_mixer_format(samples, -8, 1)).tolist() == [0, 127, -128, 1]
    assert array("B", to_mixer_format(samples, 8, 1)).tolist() == [128, 255, 0, 129]
    floats = array("f", to_mixer_format(samples, 32, 1)).tolist()
    assert floats == pytest.approx([0.0, 32767 / 32768, -1.0, 1 / 128])
    stereo = array("h", to_mixer_format(samples, -16, 2)).tolist()
    assert stereo == [0, 0, 32767, 32767, -32768, -32768, 256, 256]
    with pytest.raises(ValueError, match="sample size 24"):
        to_mixer_format(samples, 24, 2)
    with pytest.raises(ValueError, match="channel"):
        to_mixer_format(samples, -16, 0)


# --- playing --------------------------------------------------------------------------


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_plays_once_made(name: str, mixer: list[RecordingSound]) -> None:
    sounds = Sounds()
    sounds.play(name)
    sounds.play(name)
    assert sounds.available
    assert len(mixer) == 1
    assert mixer[0].plays == 2
    assert mixer[0].get_length() == pytest.approx(DURATIONS[name], abs=0.001)


def test_nothing_is_made_before_it_is_played(mixer: list[RecordingSound]) -> None:
    sounds = Sounds()
    assert sounds.available
    assert mixer == []
    sounds.play("pickup")
    sounds.play("click")
    assert len(mixer) == 2


@pytest.mark.parametrize("mixer_format", [(22050, -16, 1), (44100, -16, 2), (48000, 8, 2),
                                          (22050, 16, 1), (44100, 32, 2)])
def test_sounds_match_the_mixer_format(mixer_format: tuple[int, int, int],
                                       mixer: list[RecordingSound]) -> None:
    frequency, size, channels = mixer_format
    pygame.mixer.init(frequency=frequency, size=size, channels=channels)
    actual = pygame.mixer.get_init()
    assert actual is not None
    frequency, size, channels = actual
    Sounds().play("foundation")
    (made,) = mixer
    raw = made.get_raw()
    frames = round(DURATIONS["foundation"] * frequency)
    assert len(raw) == frames * channels * abs(size) // 8
    assert raw == to_mixer_format(synthesise("foundation", frequency), size, channels)
    assert made.get_length() == pytest.approx(DURATIONS["foundation"], abs=0.001)


def test_a_reopened_mixer_gets_sounds_in_its_new_format(mixer: list[RecordingSound]) -> None:
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    sounds = Sounds()
    sounds.play("pickup")
    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    sounds.play("pickup")
    assert len(mixer) == 2
    assert len(mixer[1].get_raw()) == 2 * round(DURATIONS["pickup"] * 22050)
    # Closed by someone else: the next play opens it again rather than failing.
    pygame.mixer.quit()
    sounds.play("pickup")
    assert pygame.mixer.get_init() is not None
    assert len(mixer) == 3 and mixer[2].plays == 1


def test_unknown_names_raise_even_when_disabled(mixer: list[RecordingSound]) -> None:
    for sounds in (Sounds(), Sounds(enabled=False)):
        with pytest.raises(ValueError, match="unknown sound 'shuffle'"):
            sounds.play("shuffle")
    assert Sounds.NAMES == ("pickup", "putdown", "foundation", "stock", "illegal", "deal",
                            "win", "click")


def test_disabled_or_silent_sounds_never_touch_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    for attribute in ("init", "get_init", "Sound", "pre_init"):
        monkeypatch.setattr(pygame.mixer, attribute, _refuse)
    sounds = Sounds(enabled=False)
    quiet = Sounds(volume=0.0)
    for name in SOUND_NAMES:
        sounds.play(name)
        quiet.play(name)
    sounds.set_options(volume=0.3)
    assert not sounds.enabled
    assert sounds.volume == 0.3


def test_volume_is_clamped_and_applied(mixer: list[RecordingSound]) -> None:
    assert Sounds(volume=1.7).volume == 1.0
    assert Sounds(volume=-0.2).volume == 0.0
    with pytest.raises(ValueError, match="NaN"):
        Sounds(volume=math.nan)
    sounds = Sounds(volume=0.4)
    sounds.play("stock")
    (made,) = mixer
    # The mixer keeps volumes in steps of 1/128.
    assert made.get_volume() == pytest.approx(0.4, abs=1 / 128)
    sounds.set_options(volume=3.0)
    assert sounds.volume == 1.0
    assert made.get_volume() == pytest.approx(1.0, abs=1 / 128)
    sounds.set_options(volume=-1.0)
    assert sounds.volume == 0.0
    sounds.play("stock")
    assert made.plays == 1
    sounds.set_options(volume=0.25)
    sounds.play("deal")
    assert mixer[1].get_volume() == pytest.approx(0.25, abs=1 / 128)
    with pytest.raises(ValueError, match="NaN"):
        sounds.set_options(volume=math.nan)
    assert sounds.volume == 0.25


def test_turning_sounds_off_stops_them_and_on_again_plays(mixer: list[RecordingSound]) -> None:
    sounds = Sounds()
    sounds.play("win")
    sounds.set_options(enabled=False)
    assert mixer[0].stops == 1
    sounds.play("win")
    assert mixer[0].plays == 1
    sounds.set_options(enabled=True)
    sounds.play("win")
    assert mixer[0].plays == 2


def _break_the_mixer(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the mixer impossible to open; the list counts the attempts."""
    attempts: list[int] = []

    def fail(*args: Any, **kwargs: Any) -> None:
        attempts.append(1)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    return attempts


def test_without_a_mixer_play_is_silent_and_says_so_once(
        mixer: list[RecordingSound], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    attempts = _break_the_mixer(monkeypatch)
    sounds = Sounds()
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        for name in SOUND_NAMES:
            sounds.play(name)
        assert not sounds.available
        sounds.set_options(volume=0.2)
    assert mixer == []
    assert len(attempts) == 1
    warnings = [r for r in caplog.records if r.name == "game.ui.sound"]
    assert len(warnings) == 1
    assert "No available audio device" in warnings[0].getMessage()


def test_turning_sounds_on_again_retries_the_mixer(
        mixer: list[RecordingSound], monkeypatch: pytest.MonkeyPatch) -> None:
    _break_the_mixer(monkeypatch)
    sounds = Sounds()
    assert not sounds.available
    monkeypatch.undo()
    monkeypatch.setattr(pygame.mixer, "Sound", RecordingSound)
    assert not sounds.available
    sounds.set_options(enabled=False)
    sounds.set_options(enabled=True)
    assert sounds.available
    sounds.play("click")
    assert len(mixer) == 1 and mixer[0].plays == 1


def test_a_mixer_without_pygame_mixer_support_is_silent(
        mixer: list[RecordingSound], monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(*args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame.mixer, "get_init", missing)
    sounds = Sounds()
    sounds.play("deal")
    assert not sounds.available


# --- writing WAV files ----------------------------------------------------------------


@pytest.mark.parametrize("rate", [22050, 44100])
def test_render_wav_writes_a_valid_file(tmp_path: Path, rate: int) -> None:
    path = tmp_path / "deal.wav"
    render_wav("deal", path, rate)
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == rate
        assert wav.getnframes() == round(DURATIONS["deal"] * rate)
        frames = wav.readframes(wav.getnframes())
    assert array("h", frames) == synthesise("deal", rate)
    assert [p.name for p in tmp_path.iterdir()] == ["deal.wav"]


def test_render_wav_refuses_bad_input_and_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown sound"):
        render_wav("fanfare", tmp_path / "fanfare.wav")
    with pytest.raises(ValueError, match="sample rate"):
        render_wav("win", tmp_path / "win.wav", 100)
    with pytest.raises(OSError):
        render_wav("win", tmp_path / "missing" / "win.wav")
    assert list(tmp_path.iterdir()) == []
