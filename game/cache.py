"""The one cache helper of the program: a mapping that keeps at most a fixed number of
entries, forgetting the one used least recently when a new one would go over.

Every module-level cache (drawn pictures, loaded fonts, campaigns read, replay summaries)
is one of these or a function wrapped by :func:`cached`, so none of them grows with the
number of window sizes, texts, cards or files a long session asks for. It imports nothing
of the game, so every layer may use it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Generic, ParamSpec, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")


class BoundedCache(Generic[K, V]):
    """Up to ``limit`` values (never None) by key; the least recently used goes first."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a cache holds at least one entry, not {limit}")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (forgetting the least recently used beyond the
        limit); returns ``value``."""
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make()`` and kept the first time."""
        value = self.get(key)
        return self.put(key, make()) if value is None else value

    def clear(self) -> None:
        """Forget every entry."""
        self._items.clear()


def cached(limit: int) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """A function's results (never None) kept in a :class:`BoundedCache` of ``limit``
    entries, by its (hashable) arguments."""
    def wrap(function: Callable[P, V]) -> Callable[P, V]:
        store: BoundedCache[Hashable, V] = BoundedCache(limit)

        @wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> V:
            key = (args, tuple(sorted(kwargs.items())))
            return store.get_or_make(key, lambda: function(*args, **kwargs))

        return call
    return wrap
