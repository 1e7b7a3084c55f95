"""The option types of ``decklab.args``, each both ways: what they take and what they refuse."""

from __future__ import annotations

import argparse

import pytest

from decklab.args import filename, host_port, is_loopback, text, whole


@pytest.mark.parametrize(
    ("given", "taken"),
    [("8787", "127.0.0.1:8787"), (":8787", "127.0.0.1:8787"), ("localhost:80", "127.0.0.1:80"),
     ("0.0.0.0:8787", "0.0.0.0:8787"), ("[::1]:8787", "[::1]:8787"),
     ("garbage", None), ("example.com:8787", None), (":0", None), ("1.2.3.4:70000", None)],
)  # fmt: skip
def test_a_dashboard_address_is_loopback_unless_a_host_is_given(
    given: str, taken: str | None
) -> None:
    if taken is None:
        with pytest.raises(argparse.ArgumentTypeError, match="give PORT or HOST:PORT"):
            host_port()(given)
    else:
        assert host_port()(given) == taken


@pytest.mark.parametrize(
    ("address", "loopback"),
    [("127.0.0.1:8787", True), ("[::1]:1", True), ("0.0.0.0:8787", False), ("10.0.0.5:1", False)],
)  # fmt: skip
def test_loopback_addresses(address: str, loopback: bool) -> None:
    assert is_loopback(address) is loopback


@pytest.mark.parametrize(("address", "warned"), [("0.0.0.0:8787", True), ("127.0.0.1:8787", False)])
def test_a_dask_dashboard_off_loopback_is_said(
    address: str, warned: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    from decklab.commands.simulate import _check

    _check(argparse.Namespace(dask="local", dask_dashboard=address))
    err = capsys.readouterr().err
    assert ("can be reached from other machines" in err) is warned


def test_a_dask_dashboard_needs_a_local_cluster() -> None:
    from cardpool.errors import InputError
    from decklab.commands.simulate import _check

    with pytest.raises(InputError, match="only with --dask local"):
        _check(argparse.Namespace(dask=None, dask_dashboard="127.0.0.1:8787"))


@pytest.mark.parametrize(
    ("value", "taken"),
    [("0", 0), ("+7", 7), (" 3 ", 3), ("-1", None), ("10", None), ("1e3", None),
     ("٣", None), ("", None)],
)  # fmt: skip
def test_whole_numbers(value: str, taken: int | None) -> None:
    if taken is None:
        with pytest.raises(argparse.ArgumentTypeError):
            whole(0, 9)(value)
    else:
        assert whole(0, 9)(value) == taken


@pytest.mark.parametrize(
    ("value", "taken"),
    [("アリサ", True), ("Fairy Princess", True), ("x" * 200, True), ("x" * 201, False),
     ("", False), ("  ", False), ("a\x1b[31m", False), ("a\x00", False), ("a\u202eb", False),
     ("caf\udce9", False)],
)  # fmt: skip
def test_text(value: str, taken: bool) -> None:
    if taken:
        assert text()(value) == value
    else:
        with pytest.raises(argparse.ArgumentTypeError):
            text()(value)


@pytest.mark.parametrize(
    ("value", "taken"),
    [("deck.txt", True), ("caf\udce9.txt", True), ("a/" * 100 + "b", True), ("", False),
     ("x" * 256, False), ("d/" + "x" * 256, False), ("a/" * 2100, False)],
)  # fmt: skip
def test_file_names(value: str, taken: bool) -> None:
    """A file name may hold any bytes (they are the system's), within its limits."""
    if taken:
        assert filename()(value) == value
    else:
        with pytest.raises(argparse.ArgumentTypeError):
            filename()(value)
