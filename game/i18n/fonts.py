"""Find a font with Japanese glyphs the way the desktop does, and say what to install when none is.

* **Linux and other Unix systems**: fontconfig. ``fc-list :lang=ja`` lists the fonts that cover
  Japanese; the best is chosen by family (:data:`PREFERRED`, gothic before mincho, regular before
  bold). Without fontconfig's tools the usual font folders are searched for known file names.
* **Windows**: the known Japanese fonts in ``%WINDIR%\\Fonts`` and the user's own font folder
  (Yu Gothic, Meiryo, MS Gothic, BIZ UDGothic).
* **macOS**: the known Japanese fonts in ``/System/Library/Fonts``, ``/Library/Fonts`` and
  ``~/Library/Fonts`` (Hiragino Sans, Hiragino Kaku Gothic ProN, Osaka); macOS file names come
  in decomposed Unicode (NFD) and are compared after NFC normalisation.
* Last, on every system, ``pygame.font.match_font`` with the Japanese families' names.

Every input the search reads (the system's name, the folders, the fontconfig runner, pygame's
matcher, ``/etc/os-release``) can be passed in, which is how tests/test_japanese_fonts.py checks
each system with a fake font folder. Nothing here imports pygame until the last fallback.
"""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Callable, Iterable

# family names, best first (compared lower-case without spaces); gothic (sans) before mincho (serif).
# IPA P Gothic is first of the IPA fonts: it is the proportional one the screens were laid out with.
PREFERRED: tuple[str, ...] = (
    "notosanscjkjp", "notosansjp", "sourcehansansjp", "sourcehansans", "ipapgothic", "ipagothic",
    "ipaexgothic", "takaopgothic", "takaogothic", "vlpgothic", "vlgothic", "hiraginosans",
    "hiraginokakugothicpron", "yugothic", "meiryo", "bizudpgothic", "bizudgothic", "mspgothic", "msgothic",
    "notosanscjk", "droidsansfallback",
)
_SERIF_WORDS = ("mincho", "serif", "明朝", "ming")

# file names of Japanese fonts, best first, per system (matched case-insensitively, after NFC)
WINDOWS_FILES: tuple[str, ...] = ("YuGothM.ttc", "YuGothR.ttc", "meiryo.ttc", "BIZ-UDGothicR.ttc",
                                  "msgothic.ttc", "YuGothB.ttc", "meiryob.ttc")
MAC_FILES: tuple[str, ...] = ("ヒラギノ角ゴシック W3.ttc", "ヒラギノ角ゴシック W4.ttc", "ヒラギノ角ゴ ProN W3.otf",
                              "Hiragino Sans W3.ttc", "ヒラギノ丸ゴ ProN W4.ttc", "Osaka.ttf", "Osaka.ttc",
                              "ヒラギノ明朝 ProN.ttc")
UNIX_FILES: tuple[str, ...] = ("NotoSansCJK-Regular.ttc", "NotoSansCJKjp-Regular.otf", "NotoSansJP-Regular.otf",
                               "NotoSansJP-Regular.ttf", "SourceHanSans-Regular.ttc", "ipagp.ttf", "ipag.ttf",
                               "ipaexg.ttf", "TakaoPGothic.ttf", "TakaoGothic.ttf", "VL-PGothic-Regular.ttf",
                               "VL-Gothic-Regular.ttf", "DroidSansFallbackFull.ttf", "DroidSansFallback.ttf",
                               "NotoSerifCJK-Regular.ttc", "ipamp.ttf", "ipam.ttf")
MATCH_NAMES = ("notosanscjkjp,notosansjp,ipapgothic,ipagothic,hiraginosans,hiraginokakugothicpron,yugothic,"
               "meiryo,msgothic,takaopgothic,vlgothic")
MAX_SCAN = 20_000  # files looked at in the folder search (a huge font folder is not walked to the end)

Runner = Callable[[list[str]], str]


def system_name(system: str | None = None) -> str:
    """"Windows", "Darwin" or "Linux" (any other Unix counts as Linux: fontconfig is the way there)."""
    s = system or platform.system()
    return s if s in ("Windows", "Darwin") else "Linux"


def _norm(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def _key(family: str) -> str:
    return "".join(family.split()).replace("-", "").casefold()


def family_rank(families: str, style: str = "") -> tuple[int, int]:
    """Sort key of a font by its families (fontconfig's comma-separated list) and style: a family in
    :data:`PREFERRED` by its place; an unknown sans after them; serif/mincho last; regular weight
    before bold/light."""
    keys = [_key(f) for f in families.split(",") if f.strip()]
    rank = len(PREFERRED)
    for i, pref in enumerate(PREFERRED):
        if any(k.startswith(pref) for k in keys):
            rank = i
            break
    if rank == len(PREFERRED) and any(w in k for k in keys for w in _SERIF_WORDS):
        rank += 1
    st = style.casefold()
    plain = 0 if (not st or any(w in st for w in ("regular", "normal", "book", "w3", "medium"))) else 1
    return rank, plain


def _run(cmd: list[str]) -> str:
    """Run a fontconfig tool; '' if it is missing, fails or hangs."""
    if shutil.which(cmd[0]) is None:
        return ""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return p.stdout if p.returncode == 0 else ""


def fontconfig_japanese(run: Runner = _run) -> str | None:
    """The best font fontconfig says covers Japanese (``fc-list :lang=ja``), or None."""
    out = run(["fc-list", "-f", "%{file}\t%{family}\t%{style}\n", ":lang=ja"])
    best: tuple[tuple[int, int, str], str] | None = None
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) < 2 or not parts[0]:
            continue
        path, families, style = parts[0], parts[1], parts[2] if len(parts) > 2 else ""
        if not path.lower().endswith((".ttf", ".otf", ".ttc", ".otc")) or not os.path.isfile(path):
            continue
        key = (*family_rank(families, style), path)
        if best is None or key < best[0]:
            best = (key, path)
    return best[1] if best else None


def known_file(folders: Iterable[Path], names: Iterable[str], recursive: bool = False) -> str | None:
    """The first of ``names`` (best first) found in any of ``folders`` (NFC, case-insensitive),
    or None. ``recursive`` also looks in subfolders (Linux font trees), at most MAX_SCAN files."""
    wanted = {_norm(n): i for i, n in enumerate(names)}
    best: tuple[int, str] | None = None
    seen = 0
    for folder in folders:
        if not folder.is_dir():
            continue
        walker = os.walk(folder) if recursive else [(str(folder), [], os.listdir(folder))]
        for base, _dirs, files in walker:
            for f in files:
                seen += 1
                i = wanted.get(_norm(f))
                if i is not None and (best is None or i < best[0]) and os.path.isfile(os.path.join(base, f)):
                    best = (i, os.path.join(base, f))
            if seen > MAX_SCAN:
                break
    return best[1] if best else None


def font_folders(system: str, env: dict[str, str] | None = None, home: Path | None = None) -> list[Path]:
    """The folders a system keeps its fonts in, system-wide first, then the user's."""
    env = os.environ if env is None else env
    home = Path(env.get("HOME") or Path.home()) if home is None else home
    if system == "Windows":
        windir = env.get("WINDIR") or env.get("SystemRoot") or r"C:\Windows"
        local = env.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return [Path(windir) / "Fonts", Path(local) / "Microsoft" / "Windows" / "Fonts"]
    if system == "Darwin":
        return [Path("/System/Library/Fonts"), Path("/System/Library/Fonts/Supplemental"), Path("/Library/Fonts"),
                home / "Library" / "Fonts"]
    data = env.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    dirs = [Path(d) / "fonts" for d in (env.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":") if d]
    return dirs + [Path(data) / "fonts", home / ".fonts"]


def _pygame_match(names: str) -> str | None:
    try:
        import pygame.font

        return pygame.font.match_font(names)
    except Exception:  # noqa: BLE001 - a broken system font list only means "not found"
        return None


def find_japanese_font(system: str | None = None, *, folders: list[Path] | None = None,
                       run: Runner = _run, match: Callable[[str], str | None] = _pygame_match,
                       env: dict[str, str] | None = None) -> str | None:
    """Path of a font file with Japanese glyphs on this desktop, or None.

    ``system``: "Linux", "Windows" or "Darwin" (default: this one); ``folders``: the font folders
    to search (default :func:`font_folders`); ``run``: runs a fontconfig command and returns its
    output ('' when unavailable); ``match``: pygame.font.match_font or a stand-in."""
    system = system_name(system)
    if folders is None:
        folders = font_folders(system, env)
    if system == "Linux":
        found = fontconfig_japanese(run) or known_file(folders, UNIX_FILES, recursive=True)
    elif system == "Windows":
        found = known_file(folders, WINDOWS_FILES)
    else:
        found = known_file(folders, MAC_FILES)
    return found or match(MATCH_NAMES)


def _os_release(path: Path) -> dict[str, str]:
    out = {}
    try:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            k, sep, v = line.partition("=")
            if sep:
                out[k.strip()] = v.strip().strip('"')
    except OSError:
        pass
    return out


# Linux distribution (os-release ID or ID_LIKE) -> the command that installs a Japanese font
LINUX_INSTALL: tuple[tuple[str, str], ...] = (
    ("debian", "sudo apt install fonts-noto-cjk (or the smaller fonts-ipafont-gothic)"),
    ("ubuntu", "sudo apt install fonts-noto-cjk (or the smaller fonts-ipafont-gothic)"),
    ("fedora", "sudo dnf install google-noto-sans-cjk-fonts"),
    ("rhel", "sudo dnf install google-noto-sans-cjk-ttc-fonts"),
    ("arch", "sudo pacman -S noto-fonts-cjk"),
    ("opensuse", "sudo zypper install noto-sans-cjk-fonts"),
    ("suse", "sudo zypper install noto-sans-cjk-fonts"),
    ("alpine", "doas apk add font-noto-cjk"),
    ("gentoo", "sudo emerge media-fonts/noto-cjk"),
    ("nixos", "add pkgs.noto-fonts-cjk-sans to fonts.packages"),
)


def install_hint(system: str | None = None, os_release: Path = Path("/etc/os-release")) -> str:
    """What to install (or switch on) on this system so that a Japanese font is there, one sentence
    fragment in English, e.g. 'on Debian: sudo apt install fonts-noto-cjk (...)'."""
    system = system_name(system)
    if system == "Windows":
        return ("on Windows: add the Japanese Supplemental Fonts (Settings > System > Optional features > "
                "Add a feature), or add Japanese under Settings > Time & language > Language & region")
    if system == "Darwin":
        return ("on macOS: Hiragino Sans comes with the system; restore it with Font Book "
                "(File > Restore Standard Fonts)")
    rel = _os_release(os_release)
    ids = [rel.get("ID", "")] + rel.get("ID_LIKE", "").split()
    name = rel.get("NAME") or "Linux"
    for want, cmd in LINUX_INSTALL:
        if any(i.lower().startswith(want) for i in ids if i):
            return f"on {name}: {cmd}"
    return (f"on {name}: install a Japanese font known to fontconfig, e.g. Noto Sans CJK JP (the noto-cjk "
            "package of your distribution); fc-list :lang=ja lists the ones it finds")
