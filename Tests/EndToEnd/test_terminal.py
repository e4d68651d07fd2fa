"""formc's text report on a real terminal (a pseudo-terminal): coloured for a
person, plain when NO_COLOR has a value or the terminal is dumb. An empty
NO_COLOR is no request (no-color.org), so the colour stays."""

import os
import pty
import subprocess

import pytest

from formc_e2e import formc_binary

BROKEN = "formc: 1\nform: F\nelements:\n  - textField: Email\n"


def lint_on_a_terminal(tmp_path, **environment) -> bytes:
    """What `formc lint` writes to standard error when that is a terminal."""
    (tmp_path / "f.form.yaml").write_text(BROKEN)
    leader, follower = pty.openpty()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", **environment}
    try:
        process = subprocess.run(
            [formc_binary(), "lint", "f.form.yaml"], cwd=tmp_path, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=follower, timeout=30,
        )
        os.close(follower)
        follower = -1
        output = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's other end is closed and drained
                break
            if not chunk:
                break
            output += chunk
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    assert process.returncode == 1
    assert b"[FC201]" in output
    return output


def test_a_person_at_a_terminal_gets_colour(tmp_path):
    assert b"\x1b[" in lint_on_a_terminal(tmp_path)


def test_an_empty_no_color_leaves_the_colour(tmp_path):
    assert b"\x1b[" in lint_on_a_terminal(tmp_path, NO_COLOR="")


@pytest.mark.parametrize("environment", [{"NO_COLOR": "1"}, {"NO_COLOR": "0"}, {"TERM": "dumb"}])
def test_no_color_with_a_value_or_a_dumb_terminal_turns_it_off(tmp_path, environment):
    assert b"\x1b[" not in lint_on_a_terminal(tmp_path, **environment)
