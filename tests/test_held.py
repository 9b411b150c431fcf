"""Following a name one part at a time on descriptors (game/held.py): a name swapped for a
link after it was looked at leads nowhere new, and another user's link is not followed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import held
from game.records.store import FileRefused, Store

pytestmark = pytest.mark.skipif(not held.SUPPORTED, reason="needs O_PATH and /proc/self/fd")
needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")


def test_a_name_swapped_for_a_link_once_held_reads_what_was_held(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder's owner swaps ``saved-game.replay`` for a link to a secret right after
    the store took hold of it: the store reads the file it held, never the secret."""
    secret = tmp_path / "secret"
    secret.write_text("SECRET")
    data = tmp_path / "data"
    data.mkdir()
    (data / "statistics.json").write_text("{}")
    real_hold = held.hold

    def hold_then_swap(start: int, name: str, **kwargs: bool) -> int:
        fd = real_hold(start, name, **kwargs)
        if name == "statistics.json":  # (not the walk to the data folder itself)
            os.replace(data / name, tmp_path / "moved")
            (data / name).symlink_to(secret)
        return fd

    monkeypatch.setattr(held, "hold", hold_then_swap)
    assert Store(data).read_text("statistics.json") == "{}"


def test_a_folder_swapped_for_a_link_once_held_gets_the_write(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``replays`` swapped for a link to another folder after it was held: the replay is
    written into the folder held, and nothing into the other one."""
    victim = tmp_path / "victim"
    victim.mkdir()
    data = tmp_path / "data"
    (data / "replays").mkdir(parents=True)
    real_folder = held.held_folder
    swapped: list[bool] = []

    def folder_then_swap(root: Path, folder: str):  # type: ignore[no-untyped-def]
        manager = real_folder(root, folder)
        fd = manager.__enter__()
        if folder == "replays" and not swapped:
            os.replace(data / "replays", tmp_path / "replays-moved")
            (data / "replays").symlink_to(victim)
            swapped.append(True)

        class Held:
            def __enter__(self) -> int:
                return fd

            def __exit__(self, *exc: object) -> None:
                manager.__exit__(None, None, None)
        return Held()

    monkeypatch.setattr(held, "held_folder", folder_then_swap)
    Store(data).write_text("replays/x.replay", "text")
    assert swapped and list(victim.iterdir()) == []
    assert (tmp_path / "replays-moved" / "x.replay").read_text() == "text"


@needs_root
def test_a_link_made_by_the_folders_owner_is_not_followed_anywhere_on_the_way(tmp_path: Path) -> None:
    """Root on a data folder of user 65534: that user's link is refused wherever it is on
    the way, also behind a link root made itself (the chain is checked link by link)."""
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "x.replay").write_text("SECRET")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 65534, 65534)
    (theirs / "to-secret").symlink_to(secret)
    os.lchown(theirs / "to-secret", 65534, 65534)
    data = tmp_path / "data"  # root's own folder, and root's own link into theirs
    data.mkdir()
    (data / "replays").symlink_to(theirs / "to-secret")
    with pytest.raises(FileRefused, match="to-secret is a symbolic link that another user may have made"):
        Store(data).read_text("replays/x.replay")


def test_a_folder_that_may_be_written_but_not_read_takes_files(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Making a file needs write and search permission on its folder, not read: the
    held folder is never opened to be read (a folder of mode 0333 refused every save and
    made ``--out`` end in a traceback). Here the reopen of a held folder fails as it does
    without read permission (root may read any folder, so a mode would not show it)."""
    from game import output as output_module
    from game.output import check_output, write_output

    real_reopen = held.reopen

    def no_folder_reading(fd: int, flags: int) -> int:
        if flags & os.O_DIRECTORY:
            raise PermissionError(13, "Permission denied")
        return real_reopen(fd, flags)

    monkeypatch.setattr(held, "reopen", no_folder_reading)
    data = tmp_path / "data"
    Store(data).write_text("recent/x.json", "{}")
    assert (data / "recent" / "x.json").read_text() == "{}"
    out = tmp_path / "out"
    out.mkdir()
    write_output(check_output(str(out / "r.csv")), b"rows\n")
    assert (out / "r.csv").read_bytes() == b"rows\n" and output_module.held is held


@needs_root
def test_a_data_folder_swapped_for_its_owners_link_while_root_plays_leads_nowhere(tmp_path: Path) -> None:
    """Root plays on user 65534's data folder; the user renames it away and puts a link to
    a folder of root's in its place: root's next reads, writes and moves aside are
    refused there (before, root's own settings.json there was moved aside as damaged and
    written anew, and its content quoted)."""
    from game.records.settings import load_settings, save_settings

    rootonly = tmp_path / "rootonly"
    rootonly.mkdir(mode=0o700)
    (rootonly / "settings.json").write_text('{"kind": "TOPSECRET", "version": 1}')
    home = tmp_path / "alice"
    data = home / "data"
    data.mkdir(parents=True)
    os.chown(home, 65534, 65534)
    os.chown(data, 65534, 65534)
    store = Store(data)
    settings = load_settings(store)
    os.replace(data, home / "data.old")
    data.symlink_to(rootonly)
    os.lchown(data, 65534, 65534)
    load_settings(store)
    save_settings(store, settings)
    said = " ".join(store.take_warnings())
    assert "TOPSECRET" not in said
    assert sorted(p.name for p in rootonly.iterdir()) == ["settings.json"]
    assert (rootonly / "settings.json").read_text() == '{"kind": "TOPSECRET", "version": 1}'


def test_the_shared_atomic_write_refuses_a_temporary_file_swapped_while_it_was_written(tmp_path):
    """Someone who may write in the folder replaces the temporary name before the rename:
    nothing is renamed over the target, and the name is removed."""
    target = tmp_path / "settings.json"
    target.write_text("old")
    planted = tmp_path / "planted"
    planted.write_text("theirs")
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        made = held.temporary_file(fd, ".settings.json.{}.tmp")

        def swap(_: int) -> None:
            os.replace(planted, tmp_path / made[1])

        with pytest.raises(held.Changed, match="temporary file was replaced"):
            held.replace_with(fd, "settings.json", b"new", made, prepare=swap)
    finally:
        os.close(fd)
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_the_shared_atomic_write_never_renames_over_what_is_no_regular_file(tmp_path):
    target = tmp_path / "settings.json"
    made = held.temporary_file(os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY), ".s.{}.tmp")

    def make_a_fifo(_: int) -> None:
        os.mkfifo(target)

    with pytest.raises(held.Changed, match="not a regular file"):
        held.replace_with(None, str(target), b"new", (made[0], str(tmp_path / made[1])), prepare=make_a_fifo)
    assert target.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_make_folders_makes_the_missing_parts_of_the_name_never_those_of_a_links_text(tmp_path: Path) -> None:
    """As ``mkdir -p``: the missing folders of the name are made, through the player's
    own link too; a link to nothing is not made real (its text names a folder that is
    not there, and nothing is made there), and a file on the way is refused."""
    (tmp_path / "real").mkdir()
    (tmp_path / "mine").symlink_to(tmp_path / "real")
    held.make_folders(tmp_path / "mine" / "a" / "b")
    assert (tmp_path / "real" / "a" / "b").is_dir()
    held.make_folders(tmp_path / "mine" / "a" / "b")  # there already: nothing to do
    (tmp_path / "dangling").symlink_to(tmp_path / "gone" / "deeper")
    with pytest.raises(FileNotFoundError):
        held.make_folders(tmp_path / "dangling" / "c")
    assert not (tmp_path / "gone").exists()
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError):
        held.make_folders(tmp_path / "file" / "d")
    with pytest.raises(FileExistsError):
        held.make_folders(tmp_path / "file")
    assert (tmp_path / "file").read_text() == "x"


def test_syncing_a_folder_by_name_opens_only_a_folder(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``fsync_folder_at`` (after a rename, by the store and by ``--out``) syncs a folder,
    and leaves alone a name that is a FIFO, a device, a file, a link or nothing."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    plain = tmp_path / "file"
    plain.write_text("kept")
    link = tmp_path / "link"
    link.symlink_to(fifo)
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    for name in (fifo, "/dev/null", plain, link, tmp_path / "missing", "-"):
        held.fsync_folder_at(name)  # a FIFO opened for reading would block with no writer
    assert synced == []
    held.fsync_folder_at(tmp_path)
    assert len(synced) == 1
    assert plain.read_text() == "kept" and fifo.exists()
