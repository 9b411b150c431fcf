"""The one cache helper keeps at most its limit, forgetting the least recently used."""

from __future__ import annotations

import pytest

from game.cache import BoundedCache, cached


def test_the_cache_forgets_the_least_recently_used_beyond_its_limit() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert len(cache) == 2
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3
    assert cache.get_or_make("c", lambda: 99) == 3
    assert cache.get_or_make("d", lambda: 4) == 4 and "a" not in cache
    cache.clear()
    assert len(cache) == 0 and cache.get("d") is None


def test_a_cache_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one"):
        BoundedCache(0)


def test_a_cached_function_runs_once_per_arguments_within_the_limit() -> None:
    calls: list[tuple[int, int]] = []

    @cached(2)
    def add(a: int, b: int = 0) -> int:
        calls.append((a, b))
        return a + b

    assert add(1, b=2) == 3 and add(1, b=2) == 3
    assert calls == [(1, 2)]
    add(2)
    add(3)  # (1, 2) is forgotten: only two results are kept
    assert add(1, b=2) == 3
    assert calls == [(1, 2), (2, 0), (3, 0), (1, 2)]
