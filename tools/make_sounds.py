"""Synthesise Dreadboard's sound effects and ambient loops into assets/sounds/*.wav.

    python -m tools.make_sounds            # (re)write every WAV
    python -m tools.make_sounds --check    # exit 1 if a WAV is missing

Pure Python (``math``, ``array``, ``wave``): every sound is built from sine/saw oscillators,
seeded noise, simple one-pole filters and envelopes, so the files are ours and regenerating
gives the same bytes. 22 050 Hz, mono, 16 bit. Effects are short (< 1.2 s); the ambient loops
are 8 s and loop without a click (their ends are cross-faded into their starts).
"""
from __future__ import annotations

import array
import math
import random
import sys
import wave
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
RATE = 22050
TAU = math.tau

Buf = list[float]


# ============================================================== building blocks
def n_of(secs: float) -> int:
    return max(1, int(secs * RATE))


def silence(secs: float) -> Buf:
    return [0.0] * n_of(secs)


def noise(secs: float, seed: int) -> Buf:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n_of(secs))]


def lowpass(x: Buf, cutoff: float) -> Buf:
    """One-pole low-pass at ``cutoff`` Hz."""
    a = 1.0 - math.exp(-TAU * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Buf, cutoff: float) -> Buf:
    lp = lowpass(x, cutoff)
    return [a - b for a, b in zip(x, lp)]


def bandpass(x: Buf, lo: float, hi: float) -> Buf:
    return lowpass(highpass(x, lo), hi)


def tone(secs: float, f0: float, f1: float | None = None, shape: str = "sine", phase: float = 0.0) -> Buf:
    """An oscillator sweeping linearly (in pitch) from f0 to f1 Hz."""
    n = n_of(secs)
    f1 = f0 if f1 is None else f1
    out, ph = [], phase
    for i in range(n):
        f = f0 + (f1 - f0) * i / n
        ph += f / RATE
        p = ph % 1.0
        if shape == "sine":
            v = math.sin(TAU * p)
        elif shape == "saw":
            v = 2.0 * p - 1.0
        elif shape == "square":
            v = 1.0 if p < 0.5 else -1.0
        else:  # triangle
            v = 4.0 * abs(p - 0.5) - 1.0
        out.append(v)
    return out


def env(x: Buf, attack: float, decay: float, curve: float = 1.0) -> Buf:
    """Attack (linear, seconds) then an exponential-ish decay over the rest; ``decay`` is the
    time constant in seconds."""
    na = n_of(attack)
    out = []
    for i, v in enumerate(x):
        if i < na:
            g = i / na
        else:
            g = math.exp(-((i - na) / RATE) / max(1e-4, decay)) ** curve
        out.append(v * g)
    return out


def gain(x: Buf, g: float) -> Buf:
    return [v * g for v in x]


def mix(*parts: tuple[Buf, float]) -> Buf:
    """Sum buffers, each placed at an offset in seconds."""
    n = max(n_of(off) + len(b) for b, off in parts)
    out = [0.0] * n
    for b, off in parts:
        o = n_of(off) if off > 0 else 0
        for i, v in enumerate(b):
            out[o + i] += v
    return out


def fade_out(x: Buf, secs: float) -> Buf:
    n = min(len(x), n_of(secs))
    out = list(x)
    for i in range(n):
        out[len(x) - n + i] *= 1.0 - i / n
    return out


def normalise(x: Buf, peak: float = 0.8) -> Buf:
    m = max((abs(v) for v in x), default=0.0)
    return x if m == 0 else [v * peak / m for v in x]


def ring(x: Buf, f: float, depth: float = 1.0) -> Buf:
    return [v * (1 - depth + depth * math.sin(TAU * f * i / RATE)) for i, v in enumerate(x)]


def loopable(x: Buf, xfade: float = 0.5) -> Buf:
    """Cross-fade the tail into the head so the loop has no seam."""
    n = n_of(xfade)
    head, body, tail = x[:n], x[n:-n], x[-n:]
    joined = [tail[i] * (1 - i / n) + head[i] * (i / n) for i in range(n)]
    return body + joined


# ============================================================== effects
def thud(secs: float, f: float, seed: int, click: float = 0.5) -> Buf:
    body = env(tone(secs, f * 1.6, f * 0.7), 0.003, secs / 4)
    hit = env(lowpass(noise(secs, seed), 1800), 0.001, 0.02)
    return mix((body, 0), (gain(hit, click), 0))


def dice() -> Buf:
    """Dice rattle on a table: a dozen clicks, thinning out."""
    rng = random.Random(1)
    parts = []
    t = 0.0
    for k in range(12):
        click = env(bandpass(noise(0.03, 10 + k), 1500, 5000), 0.0005, 0.006)
        click = ring(click, rng.uniform(1800, 3200), 0.6)
        parts.append((gain(click, rng.uniform(0.5, 1.0)), t))
        t += 0.02 + k * 0.006 + rng.uniform(0, 0.015)
    return normalise(mix(*parts), 0.7)


def door_open() -> Buf:
    creak = ring(bandpass(tone(0.7, 160, 300, "saw"), 300, 2400), 23, 0.7)
    creak = env(creak, 0.1, 0.35)
    latch = env(bandpass(noise(0.05, 3), 800, 4000), 0.001, 0.01)
    return normalise(mix((latch, 0), (creak, 0.04)), 0.7)


def door_close() -> Buf:
    return normalise(mix((thud(0.4, 70, 4, 0.9), 0), (env(bandpass(noise(0.05, 5), 900, 4000), 0.001, 0.01), 0.02)),
                     0.8)


def door_smash() -> Buf:
    crack = env(bandpass(noise(0.5, 6), 300, 5000), 0.001, 0.12)
    return normalise(mix((thud(0.5, 55, 7, 1.0), 0), (crack, 0.01), (thud(0.3, 90, 8), 0.12)), 0.9)


def barricade() -> Buf:
    parts = [(env(bandpass(noise(0.25, 20 + k), 200, 2500), 0.002, 0.05), k * 0.11) for k in range(4)]
    return normalise(mix(*parts, (thud(0.3, 80, 9), 0.35)), 0.8)


def gunshot(secs: float, body_f: float, crack_cut: float, seed: int, tail: float) -> Buf:
    crack = env(lowpass(noise(secs, seed), crack_cut), 0.0005, 0.018)
    boom = env(tone(secs, body_f * 2.2, body_f * 0.6), 0.001, tail * 0.5)
    rumble = env(lowpass(noise(secs, seed + 1), 500), 0.002, tail)
    return mix((crack, 0), (gain(boom, 0.6), 0), (gain(rumble, 0.8), 0))


def shot_handgun() -> Buf:
    return normalise(gunshot(0.45, 120, 6000, 30, 0.08), 0.85)


def shot_magnum() -> Buf:
    return normalise(gunshot(0.8, 80, 5000, 31, 0.18), 0.95)


def shot_shotgun() -> Buf:
    blast = gunshot(0.7, 70, 3500, 32, 0.16)
    pump = mix((env(bandpass(noise(0.06, 33), 700, 3000), 0.002, 0.012), 0.45),
               (env(bandpass(noise(0.06, 34), 900, 3500), 0.002, 0.012), 0.58))
    return normalise(mix((blast, 0), (gain(pump, 0.4), 0)), 0.95)


def shot_rifle() -> Buf:
    one = gunshot(0.18, 140, 7000, 35, 0.04)
    return normalise(mix((one, 0), (one, 0.09), (one, 0.18)), 0.85)


def shot_grenade() -> Buf:
    thump = env(tone(0.2, 180, 60), 0.001, 0.04)
    return normalise(mix((thump, 0), (explosion(), 0.35)), 0.95)


def knife() -> Buf:
    swish = env(bandpass(noise(0.25, 40), 1500, 6000), 0.08, 0.04)
    return normalise(mix((swish, 0), (gain(thud(0.15, 140, 41, 0.3), 0.6), 0.1)), 0.7)


def hit() -> Buf:
    """A hit landing on an enemy: a wet thud."""
    squish = env(bandpass(noise(0.2, 50), 200, 1200), 0.002, 0.05)
    return normalise(mix((thud(0.25, 65, 51, 0.8), 0), (squish, 0.01)), 0.85)


def miss() -> Buf:
    return normalise(env(bandpass(noise(0.2, 52), 2500, 8000), 0.002, 0.03), 0.35)


def hurt() -> Buf:
    """A survivor takes damage: a low thud and a short falling tone."""
    groan = env(bandpass(tone(0.35, 220, 140, "saw"), 200, 1200), 0.02, 0.12)
    return normalise(mix((thud(0.3, 55, 53, 1.0), 0), (gain(groan, 0.5), 0.02)), 0.9)


def evade() -> Buf:
    whoosh = env(bandpass(noise(0.35, 54), 600, 3000), 0.12, 0.06)
    return normalise(ring(whoosh, 3, 0.3), 0.6)


def moan(f0: float, f1: float, secs: float, seed: int, rough: float = 0.6) -> Buf:
    voice = bandpass(tone(secs, f0, f1, "saw"), 150, 1100)
    voice = ring(voice, 5.5, 0.35)
    breath = gain(bandpass(noise(secs, seed), 400, 2000), rough * 0.4)
    return normalise(env(mix((voice, 0), (breath, 0)), secs * 0.3, secs * 0.35), 0.7)


def moan_zombie() -> Buf:
    return moan(110, 85, 1.1, 60)


def growl_dog() -> Buf:
    g = ring(bandpass(tone(0.6, 90, 80, "saw"), 100, 900), 31, 0.8)
    bark = env(bandpass(tone(0.12, 520, 300, "saw"), 300, 2500), 0.002, 0.04)
    return normalise(mix((env(g, 0.05, 0.3), 0), (gain(bark, 0.9), 0.55)), 0.75)


def screech_crawler() -> Buf:
    s = bandpass(tone(0.7, 900, 1400, "saw"), 600, 4000)
    s = ring(s, 40, 0.6)
    return normalise(env(s, 0.05, 0.25), 0.6)


def roar(secs: float, f0: float, seed: int) -> Buf:
    body = ring(bandpass(tone(secs, f0, f0 * 0.7, "saw"), 60, 900), 17, 0.5)
    grit = bandpass(noise(secs, seed), 100, 1500)
    return normalise(env(mix((body, 0), (gain(grit, 0.7), 0)), secs * 0.2, secs * 0.4), 0.9)


def roar_stalker() -> Buf:
    return roar(1.1, 70, 61)


def roar_boss() -> Buf:
    return roar(1.2, 48, 62)


def enemy_attack() -> Buf:
    """A claw swipe: a fast whoosh ending in a scrape."""
    swipe = env(bandpass(noise(0.22, 70), 900, 5000), 0.06, 0.03)
    scrape = env(bandpass(noise(0.15, 71), 2000, 6000), 0.005, 0.04)
    return normalise(mix((swipe, 0), (gain(scrape, 0.6), 0.12)), 0.7)


def card_draw() -> Buf:
    slide = env(bandpass(noise(0.18, 80), 2500, 9000), 0.04, 0.03)
    snap = env(highpass(noise(0.02, 81), 3000), 0.0005, 0.004)
    return normalise(mix((slide, 0), (snap, 0.14)), 0.5)


def card_flip() -> Buf:
    a = env(highpass(noise(0.03, 82), 2500), 0.0005, 0.006)
    return normalise(mix((a, 0), (gain(a, 0.7), 0.07), (card_draw(), 0.02)), 0.5)


def bell(f: float, secs: float) -> Buf:
    partials = [(1.0, 1.0), (2.01, 0.5), (2.76, 0.35), (5.4, 0.2)]
    parts = [(env(gain(tone(secs, f * m), a), 0.002, secs / (2 + m)), 0.0) for m, a in partials]
    return mix(*parts)


def danger() -> Buf:
    """The city danger track moves: a low, slow bell toll."""
    return normalise(mix((bell(98, 1.2), 0), (gain(bell(146.8, 1.0), 0.4), 0.05)), 0.7)


def tension() -> Buf:
    """A tension card: a dissonant string stab."""
    parts = [(env(bandpass(tone(0.8, f, f * 0.98, "saw"), 150, 3000), 0.01, 0.25), 0) for f in (220, 233, 311)]
    return normalise(mix(*parts), 0.55)


def behaviour() -> Buf:
    """A boss behaviour card: two heavy drum hits and a rising drone."""
    drum = env(tone(0.5, 90, 40), 0.002, 0.12)
    drone = env(bandpass(tone(0.9, 55, 70, "saw"), 40, 600), 0.4, 0.3)
    return normalise(mix((drum, 0), (drum, 0.22), (gain(drone, 0.6), 0.1)), 0.9)


def click() -> Buf:
    c = env(tone(0.05, 1800, 900, "triangle"), 0.0005, 0.008)
    return normalise(c, 0.4)


def step() -> Buf:
    return normalise(mix((thud(0.12, 120, 90, 0.6), 0), (gain(thud(0.12, 110, 91, 0.5), 0.7), 0.16)), 0.45)


def enemy_step() -> Buf:
    drag = env(bandpass(noise(0.35, 92), 200, 1500), 0.1, 0.1)
    return normalise(mix((thud(0.15, 80, 93, 0.6), 0), (gain(drag, 0.6), 0.05)), 0.5)


def explosion() -> Buf:
    boom = env(lowpass(noise(1.2, 100), 700), 0.003, 0.3)
    sub = env(tone(1.0, 70, 30), 0.002, 0.25)
    crackle = env(bandpass(noise(1.0, 101), 1500, 6000), 0.01, 0.15)
    return normalise(mix((boom, 0), (gain(sub, 0.8), 0), (gain(crackle, 0.4), 0.05)), 0.95)


def fire() -> Buf:
    rng = random.Random(110)
    base = env(lowpass(noise(1.0, 111), 600), 0.1, 0.4)
    pops = [(env(bandpass(noise(0.02, 112 + k), 1500, 6000), 0.0005, 0.005), rng.uniform(0, 0.9)) for k in range(14)]
    return normalise(mix((base, 0), *pops), 0.6)


def pickup() -> Buf:
    rustle = env(bandpass(noise(0.2, 120), 1500, 6000), 0.02, 0.05)
    chime = mix((env(tone(0.35, 880), 0.003, 0.1), 0.08), (env(tone(0.35, 1320), 0.003, 0.1), 0.14))
    return normalise(mix((rustle, 0), (gain(chime, 0.5), 0)), 0.55)


def heal() -> Buf:
    notes = [(env(tone(0.5, f), 0.01, 0.15), k * 0.09) for k, f in enumerate((523, 659, 784))]
    return normalise(mix(*notes), 0.5)


def killed() -> Buf:
    splat = env(bandpass(noise(0.4, 130), 150, 1500), 0.002, 0.08)
    return normalise(mix((thud(0.5, 50, 131, 0.8), 0), (splat, 0.02), (gain(moan(90, 50, 0.5, 132), 0.6), 0.05)), 0.85)


def spawn() -> Buf:
    rise = env(bandpass(noise(0.6, 140), 100, 900), 0.3, 0.15)
    return normalise(mix((rise, 0), (gain(moan(95, 120, 0.7, 141), 0.8), 0.1)), 0.7)


def explore() -> Buf:
    """An unexplored tile is revealed: a low swell and a heartbeat."""
    swell = env(bandpass(tone(1.0, 60, 90, "saw"), 40, 500), 0.5, 0.3)
    beat = thud(0.2, 50, 150, 0.2)
    return normalise(mix((gain(swell, 0.6), 0), (beat, 0.35), (gain(beat, 0.8), 0.55)), 0.7)


def heartbeat() -> Buf:
    beat = thud(0.2, 45, 160, 0.2)
    return normalise(mix((beat, 0), (gain(beat, 0.7), 0.2), (beat, 0.8), (gain(beat, 0.7), 1.0)), 0.8)


def typewriter() -> Buf:
    rng = random.Random(170)
    keys = [(env(bandpass(noise(0.03, 171 + k), 1500, 6000), 0.0005, 0.006), k * 0.07 + rng.uniform(0, 0.03))
            for k in range(7)]
    ding = env(bell(1760, 0.6), 0.001, 0.3)
    return normalise(mix(*keys, (gain(ding, 0.5), 0.55)), 0.55)


def stinger(up: bool) -> Buf:
    fs = (262, 330, 392, 523) if up else (294, 277, 233, 147)
    notes = [(env(bandpass(tone(0.9, f, f, "saw"), 100, 2500), 0.02, 0.3), k * 0.16) for k, f in enumerate(fs)]
    return normalise(mix(*notes), 0.7)


def reload_() -> Buf:
    a = env(bandpass(noise(0.05, 180), 800, 5000), 0.001, 0.01)
    b = env(bandpass(noise(0.05, 181), 1200, 6000), 0.001, 0.012)
    return normalise(mix((a, 0), (b, 0.15), (gain(a, 0.8), 0.32)), 0.55)


# ============================================================== ambient loops
def ambient(seed: int, drone_f: float, wind: float, drips: int, secs: float = 8.0, pulse: float = 0.0) -> Buf:
    """A quiet bed: a detuned drone, filtered wind, a few drips or creaks; loops without a seam."""
    rng = random.Random(seed)
    total = secs + 0.5
    d1 = tone(total, drone_f, drone_f, "triangle")
    d2 = tone(total, drone_f * 1.503, drone_f * 1.503, "sine")
    d3 = tone(total, drone_f * 0.995, drone_f * 0.995, "triangle")
    drone = [(a + 0.5 * b + c) * (0.6 + 0.4 * math.sin(TAU * i / (RATE * total / 2)))
             for i, (a, b, c) in enumerate(zip(d1, d2, d3))]
    air = lowpass(noise(total, seed), 350)
    air = [v * (0.5 + 0.5 * math.sin(TAU * i / (RATE * total / 3) + 1.0)) for i, v in enumerate(air)]
    parts: list[tuple[Buf, float]] = [(gain(drone, 0.25), 0), (gain(air, wind), 0)]
    for k in range(drips):
        f = rng.uniform(700, 1400)
        parts.append((gain(env(tone(0.15, f * 1.3, f), 0.001, 0.03), 0.15), rng.uniform(0.3, secs - 0.5)))
    if pulse:
        beat = thud(0.25, 40, seed + 9, 0.1)
        t = 0.2
        while t < secs - 0.3:
            parts.append((gain(beat, 0.5), t))
            parts.append((gain(beat, 0.35), t + 0.22))
            t += pulse
    out = mix(*parts)[: n_of(total)]
    return normalise(loopable(out, 0.5), 0.32)


def amb_warehouse() -> Buf:
    return ambient(200, 55, 0.5, 6)


def amb_outskirts() -> Buf:
    return ambient(201, 49, 1.2, 2)


def amb_city() -> Buf:
    return ambient(202, 61.7, 0.9, 3)


def amb_boss() -> Buf:
    return ambient(203, 41.2, 0.6, 0, pulse=1.0)


# ============================================================== catalogue
def catalogue() -> dict[str, Callable[[], Buf]]:
    """Every sound name and the function that synthesises it."""
    return {
        "dice": dice, "door_open": door_open, "door_close": door_close, "door_smash": door_smash,
        "barricade": barricade,
        "shot_handgun": shot_handgun, "shot_magnum": shot_magnum, "shot_shotgun": shot_shotgun,
        "shot_rifle": shot_rifle, "shot_grenade": shot_grenade, "knife": knife,
        "hit": hit, "miss": miss, "hurt": hurt, "evade": evade,
        "moan_zombie": moan_zombie, "growl_dog": growl_dog, "screech_crawler": screech_crawler,
        "roar_stalker": roar_stalker, "roar_boss": roar_boss, "enemy_attack": enemy_attack,
        "card_draw": card_draw, "card_flip": card_flip, "danger": danger, "tension": tension,
        "behaviour": behaviour, "click": click, "step": step, "enemy_step": enemy_step,
        "explosion": explosion, "fire": fire, "pickup": pickup, "heal": heal, "killed": killed,
        "spawn": spawn, "explore": explore, "heartbeat": heartbeat, "typewriter": typewriter,
        "win": lambda: stinger(True), "lose": lambda: stinger(False), "reload": reload_,
        "amb_warehouse": amb_warehouse, "amb_outskirts": amb_outskirts, "amb_city": amb_city,
        "amb_boss": amb_boss,
    }


def write_wav(path: Path, x: Buf) -> None:
    pcm = array.array("h", (int(max(-1.0, min(1.0, v)) * 32000) for v in x))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        missing = [n for n in catalogue() if not (OUT / f"{n}.wav").is_file()]
        for n in missing:
            print(f"missing: assets/sounds/{n}.wav")
        return 1 if missing else 0
    OUT.mkdir(parents=True, exist_ok=True)
    only = [a for a in argv if not a.startswith("-")]
    for name, fn in catalogue().items():
        if only and name not in only:
            continue
        write_wav(OUT / f"{name}.wav", fn())
    print(f"wrote {len(only) or len(catalogue())} sounds to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
