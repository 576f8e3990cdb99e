"""The command line: headless bot play is deterministic; bad maps exit 2 with one clear message."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}, timeout=300)


def test_R_DOC_4_headless_result_line_is_the_same_for_a_seed():
    a = run("--scenario", "intro", "--players", "2", "--seed", "7", "--bot", "--headless")
    b = run("--scenario", "intro", "--players", "2", "--seed", "7", "--bot", "--headless")
    assert a.returncode == 0, a.stderr
    line = a.stdout.strip().splitlines()[-1]
    assert line.startswith("result: ") and line.endswith("seed=7")
    assert line.split()[1] in ("success", "failure") and "turns=" in line
    assert line == b.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize("name,expect", [
    ("no_exit.tmx", "no exit"),
    ("door_inside_tile.tmx", "object 4 (door)"),
    ("unknown_type.tmx", "unknown element"),
])
def test_broken_map_gives_one_message_and_exit_2(name, expect):
    out = run("--map", f"tests/maps/broken/{name}", "--headless", "--bot")
    assert out.returncode == 2
    assert name in out.stderr and expect in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_screenshot_writes_png(tmp_path):
    p = tmp_path / "board.png"
    out = run("--scenario", "intro", "--players", "2", "--seed", "3", "--screenshot", str(p))
    assert out.returncode == 0, out.stderr
    assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 10_000


def test_content_option_is_checked_before_the_window_opens(tmp_path):
    import shutil
    d = tmp_path / "data"
    shutil.copytree(ROOT / "assets" / "data", d)
    (d / "items.yaml").unlink()
    out = run("--content", str(d))
    assert out.returncode == 2 and "items.yaml" in out.stderr and "Traceback" not in out.stderr


def test_M_MODE_3_a_manor_scenario_plays_from_the_command_line_with_the_mansion_rules():
    """M-MODE-3: ``--scenario m_w1a`` plays the manor card on its own with the mansion rules
    (the mansion's survivors, kerosene), and ``m_gh`` the Grand Hall Introduction; an unknown id
    lists the manor ids too."""
    from game.content.loader import load_scenario
    from game.engine import View, new_game

    scn = load_scenario("m_w1a")
    assert scn.rules == "mansion" and "dana" in scn.content.characters
    s = new_game(scn, [("dana", 1), ("marcus", 2)], 3)
    assert View(s, 0).kerosene("dana") is not None
    assert load_scenario("m_gh").brief.intro
    out = run("--scenario", "m_gh", "--players", "2", "--seed", "3", "--bot", "--headless")
    assert out.returncode == 0 and out.stdout.startswith("result: "), out.stderr
    bad = run("--scenario", "no_such_card", "--headless", "--bot")
    assert bad.returncode == 2 and "m_w1a" in bad.stderr
