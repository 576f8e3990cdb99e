"""A golden replay of one seeded bot mansion campaign (M-CAMP-5, R-DOC-4): it plays out line for
line as recorded, and its record (campaign decisions + every scenario's actions) replays to the
same final campaign state. Regenerate with ``python -m tools.golden`` after an intended change
(rules, content, or the manor maps) and review the diff."""
import difflib
import hashlib
import json

from tools.golden import CAMPAIGN_CASES, campaign_path, campaign_playthrough

CASE = next(c for c in CAMPAIGN_CASES if c[0] == "mansion")


def test_M_CAMP_5_golden_bot_mansion_campaign_plays_identically():
    want = campaign_path(*CASE).read_text().splitlines()
    got = campaign_playthrough(*CASE)[0].splitlines()
    diff = list(difflib.unified_diff(want, got, "golden", "now", lineterm="", n=2))
    assert not diff, "\n".join(diff[:40])


def test_M_CAMP_5_recorded_mansion_campaign_replays_to_the_same_final_state():
    from game.content.mansion_pack import load_card_scenario
    from game.engine.campaign import replay_mansion_campaign
    from tests.mansion_kit import mcontent, mpack

    doc = json.loads(campaign_path(*CASE, ext="json").read_text())
    cs = replay_mansion_campaign(mpack(), mcontent(), doc["party"], doc["seed"], doc["record"], doc["attempts"],
                                 lambda cid: load_card_scenario(mpack(), cid, mcontent()))
    assert hashlib.sha256(cs.model_dump_json().encode()).hexdigest()[:16] == doc["state"]
    assert cs.result is not None and len(cs.history) == len(doc["attempts"])


def test_simulate_mansion_campaign_prints_the_figures(capsys):
    """``python -m tools.simulate --campaign mansion`` prints the campaign figures, the win rate
    per scenario and the M-CAMP-4 score."""
    from tools.simulate import main

    assert main(["--campaign", "mansion", "--games", "1", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for key in ("campaign: mansion", "campaign_win_rate:", "scenario_win_rate:", "characters_alive:"):
        assert key in out
