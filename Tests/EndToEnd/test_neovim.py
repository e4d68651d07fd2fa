"""`formc lsp` in a real editor: a headless Neovim (Debian's package, 0.7 or later)
opens a broken form with the README's Neovim setup, and its own LSP client shows
formc's diagnostics.

The init file is the README's snippet as written, then a few lines of the test's
own: wait (bounded) for the form's diagnostics, write what `vim.diagnostic.get`
holds as JSON, quit. So the snippet users copy is the one that is tried.
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from formc_e2e import formc_binary

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).resolve().parent / "neovim-fixtures" / "broken.form.yaml"
NVIM = shutil.which("nvim")


def nvim_version(binary: str) -> tuple:
    """(major, minor) from `nvim --version`'s first line, "NVIM v0.7.2"."""
    first = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30).stdout.splitlines()[0]
    found = re.match(r"NVIM v(\d+)\.(\d+)", first)
    assert found, f"unexpected `nvim --version`: {first!r}"
    return int(found.group(1)), int(found.group(2))


# The README's setup needs 0.7 (nvim_create_autocmd, vim.lsp.start_client);
# Ubuntu 22.04's package is 0.6.
TOO_OLD = NVIM is not None and nvim_version(NVIM) < (0, 7)


def readme_neovim_snippet() -> str:
    """The Lua block of the README's Neovim setup."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Neovim**"):]
    found = re.search(r"```lua\n(.*?)```", section, re.DOTALL)
    assert found, "README.md: the Neovim setup has no ```lua block"
    return found.group(1)


# Runs once the form is loaded and the snippet has attached formc to it. vim.wait
# turns Neovim's event loop, so the client reads the server's messages meanwhile.
# Exits 3 when no diagnostics came in time, so the test tells that apart.
HARNESS = """
vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    local buf = vim.api.nvim_get_current_buf()
    local arrived = vim.wait(TIMEOUT_MS, function() return #vim.diagnostic.get(buf) > 0 end, 20)
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      table.insert(found, { line = d.lnum + 1, column = d.col + 1, code = d.code, severity = d.severity, message = d.message })
    end
    -- get_clients from 0.10, buf_get_clients (a map by client id) before.
    local clients = 0
    for _ in pairs(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)) do
      clients = clients + 1
    end
    local file = assert(io.open(os.getenv("FORMC_NVIM_OUT"), "w"))
    file:write(vim.json.encode({ clients = clients, diagnostics = found }))
    file:close()
    vim.cmd(arrived and "qall!" or "cquit! 3")
  end,
})
"""


@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (`make e2e` installs Debian's neovim with apt-get)")
@pytest.mark.skipif(TOO_OLD, reason="this Neovim is older than 0.7, which the README's setup needs")
def test_neovim_shows_the_diagnostics_of_a_broken_form(tmp_path: Path):
    # The snippet runs `formc` from PATH, as a user's would.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "formc").symlink_to(Path(formc_binary()).resolve())
    form = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, form)
    init = tmp_path / "init.lua"
    init.write_text(readme_neovim_snippet() + HARNESS.replace("TIMEOUT_MS", "15000"), encoding="utf-8")
    out = tmp_path / "diagnostics.json"
    # Neovim's state and logs stay in the temporary folder.
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", FORMC_NVIM_OUT=str(out))
    env.update({name: str(tmp_path / name.lower()) for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")})

    result = subprocess.run(
        [NVIM, "--headless", "--clean", "-u", str(init), form.name],
        cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
    )

    assert result.returncode == 0, f"nvim exited {result.returncode} (3: no diagnostics in time)\n{result.stdout}\n{result.stderr}"
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["clients"] == 1
    found = sorted((d["line"], d["column"], d["code"], d["severity"]) for d in report["diagnostics"])
    # Severity 1 is vim.diagnostic.severity.ERROR; lines and columns as the file shows them.
    assert found == [(6, 5, "FC101", 1), (9, 9, "FC401", 1), (10, 14, "FC202", 1)]
    assert any("placholder" in d["message"] for d in report["diagnostics"])
