"""A golden replay of one seeded bot campaign (R-DOC-4 for the campaign, R-CAMP-22): the bot
campaign plays out line for line as recorded, and its record (campaign decisions + every
scenario's actions) replays to the same final campaign state.

After an intended rules change regenerate with ``python -m tools.golden`` and review the diff."""
import difflib
import hashlib
import json

from tools.golden import CAMPAIGN_CASES, campaign_path, campaign_playthrough


def test_R_CAMP_22_golden_bot_campaign_plays_identically():
    case = CAMPAIGN_CASES[0]
    want = campaign_path(*case).read_text().splitlines()
    got = campaign_playthrough(*case)[0].splitlines()
    diff = list(difflib.unified_diff(want, got, "golden", "now", lineterm="", n=2))
    assert not diff, "\n".join(diff[:40])


def test_R_CAMP_22_recorded_campaign_replays_to_the_same_final_state():
    from game.content.campaign_pack import load_campaign_scenario, load_pack
    from game.engine.campaign import replay_campaign
    from tests.kit import content

    case = CAMPAIGN_CASES[0]
    doc = json.loads(campaign_path(*case, ext="json").read_text())
    pack = load_pack(doc["pack"], content())
    cs = replay_campaign(pack, content(), doc["party"], doc["seed"], doc["record"], doc["attempts"],
                         lambda sid: load_campaign_scenario(pack, sid, content()))
    assert hashlib.sha256(cs.model_dump_json().encode()).hexdigest()[:16] == doc["state"]
    assert cs.result is not None and len(cs.history) == len(doc["attempts"])


def test_simulate_campaign_prints_the_campaign_figures(capsys):
    """``python -m tools.simulate --campaign`` prints win rate, scenarios played (replays,
    failures), final danger, causes of loss and wall time per campaign."""
    from tools.simulate import main

    assert main(["--campaign", "--games", "1", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for key in ("campaign_win_rate:", "scenarios_played:", "replays_after_success:", "failed_scenarios:",
                "final_danger:", "wall_time:"):
        assert key in out
    assert ("campaign_loss:" in out) or ("100.0 %" in out)
