"""Japanese on every desktop (issue 30 item 7): game.i18n.fonts finds a Japanese font the way each
system does, checked here with a fake font folder (and a fake fontconfig) per system, and says what
to install when there is none."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from game import i18n
from game.i18n import fonts as F


def no_match(_names: str) -> None:
    return None


def no_fc(_cmd: list[str]) -> str:
    return ""


def touch(folder: Path, *names: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for n in names:
        (folder / n).write_bytes(b"fake font")
        out.append(folder / n)
    return out


def test_linux_asks_fontconfig_and_prefers_a_regular_gothic(tmp_path):
    mincho, bold, gothic = touch(tmp_path, "ipamp.ttf", "NotoSansCJK-Bold.ttc", "NotoSansCJK-Regular.ttc")
    asked = []

    def fc(cmd):
        asked.append(cmd)
        return (f"{mincho}\tIPAPMincho,IPA P明朝\tRegular\n"
                f"{bold}\tNoto Sans CJK JP,Noto Sans CJK JP Bold\tBold\n"
                f"{gothic}\tNoto Sans CJK JP\tRegular\n"
                f"{tmp_path / 'gone.ttf'}\tNoto Sans CJK JP\tRegular\n")  # listed but no longer there

    assert F.find_japanese_font("Linux", folders=[], run=fc, match=no_match) == str(gothic)
    assert asked and asked[0][0] == "fc-list" and ":lang=ja" in asked[0]


def test_linux_takes_an_unknown_family_fontconfig_vouches_for_before_a_mincho(tmp_path):
    mincho, other = touch(tmp_path, "ipam.ttf", "Kosugi-Regular.ttf")
    fc = lambda _c: f"{mincho}\tIPAMincho\tRegular\n{other}\tKosugi\tRegular\n"  # noqa: E731
    assert F.find_japanese_font("Linux", folders=[], run=fc, match=no_match) == str(other)


def test_linux_without_fontconfig_searches_the_font_folders(tmp_path):
    share = tmp_path / "usr" / "share" / "fonts"
    touch(share / "truetype" / "dejavu", "DejaVuSans.ttf")
    (droid,) = touch(share / "truetype" / "droid", "DroidSansFallbackFull.ttf")
    assert F.find_japanese_font("Linux", folders=[share], run=no_fc, match=no_match) == str(droid)
    (ipa,) = touch(tmp_path / "home" / ".local" / "share" / "fonts", "ipagp.ttf")  # the user's own, better
    folders = F.font_folders("Linux", env={"HOME": str(tmp_path / "home"), "XDG_DATA_DIRS": str(tmp_path / "usr/share")})
    assert F.find_japanese_font("Linux", folders=folders, run=no_fc, match=no_match) == str(ipa)


def test_windows_finds_its_japanese_fonts_in_the_windows_and_user_folders(tmp_path):
    env = {"WINDIR": str(tmp_path / "Windows"), "LOCALAPPDATA": str(tmp_path / "Local")}
    folders = F.font_folders("Windows", env=env)
    touch(folders[0], "arial.ttf", "segoeui.ttf")
    assert F.find_japanese_font("Windows", folders=folders, run=no_fc, match=no_match) is None
    (ms,) = touch(folders[1], "MSGOTHIC.TTC")  # the user's folder; names in any case
    assert F.find_japanese_font("Windows", folders=folders, run=no_fc, match=no_match) == str(ms)
    (yu,) = touch(folders[0], "YuGothM.ttc")
    assert F.find_japanese_font("Windows", folders=folders, run=no_fc, match=no_match) == str(yu)


def test_macos_finds_hiragino_under_its_decomposed_file_name(tmp_path):
    system = tmp_path / "System" / "Library" / "Fonts"
    touch(system, "Helvetica.ttc")
    assert F.find_japanese_font("Darwin", folders=[system], run=no_fc, match=no_match) is None
    nfd = unicodedata.normalize("NFD", "ヒラギノ角ゴシック W3.ttc")  # as HFS+ stores it
    (hira,) = touch(system, nfd)
    assert F.find_japanese_font("Darwin", folders=[system], run=no_fc, match=no_match) == str(hira)
    assert F.font_folders("Darwin", env={"HOME": str(tmp_path)})[-1] == tmp_path / "Library" / "Fonts"


def test_pygame_match_font_is_the_last_resort(tmp_path):
    seen = []
    got = F.find_japanese_font("Windows", folders=[tmp_path], run=no_fc,
                               match=lambda names: seen.append(names) or "/x/meiryo.ttc")
    assert got == "/x/meiryo.ttc" and "meiryo" in seen[0]


@pytest.mark.parametrize("system, os_release, says", [
    ("Linux", 'NAME="Debian GNU/Linux"\nID=debian\n', "sudo apt install fonts-noto-cjk"),
    ("Linux", 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n', "sudo apt install fonts-noto-cjk"),
    ("Linux", 'NAME="Fedora Linux"\nID=fedora\n', "sudo dnf install google-noto-sans-cjk-fonts"),
    ("Linux", 'NAME="Arch Linux"\nID=arch\n', "sudo pacman -S noto-fonts-cjk"),
    ("Linux", 'NAME="openSUSE Tumbleweed"\nID="opensuse-tumbleweed"\nID_LIKE="opensuse suse"\n', "zypper"),
    ("Linux", 'NAME="Odd OS"\nID=odd\n', "Noto Sans CJK JP"),
    ("Windows", "", "Japanese Supplemental Fonts"),
    ("Darwin", "", "Restore Standard Fonts"),
])
def test_the_hint_names_what_to_install_on_each_system(tmp_path, system, os_release, says):
    rel = tmp_path / "os-release"
    rel.write_text(os_release)
    assert says in F.install_hint(system, os_release=rel)


def test_without_a_japanese_font_the_game_stays_in_english_and_says_what_to_install(monkeypatch):
    monkeypatch.setitem(i18n._state, "jp_font", None)
    with pytest.raises(i18n.FontMissing) as ex:
        i18n.set_language("ja")
    assert "install" in str(ex.value) and i18n.language() == "en"


def test_this_machine_search_agrees_with_fontconfig():
    """On this machine (CI installs fonts-ipafont-gothic) the search finds a real font pygame can open."""
    path = i18n.japanese_font(refresh=True)
    if path is None:
        pytest.skip(i18n.FONT_HINT)
    import pygame.font

    pygame.font.init()
    f = pygame.font.Font(path, 20)
    assert f.size("日本語")[0] > 20
