"""Core rules that had no test of their own (rule coverage, core.md): displacement rings
(R-SPAWN-6), the default encounter tables
(DV-15), a scenario won with rooms unentered and enemies alive (R-SCEN-7)."""
from tests.kit import act, board, content, game, legal, rules, run_task, tok, with_enemy

FIELD = board("AAAAA", "AAAAA", "AAAAA", start={1: (0, 0)}, place=[("exit", (4, 2))])


def ring(s, centre, d):
    dist = rules(s).g.distances_from(centre)
    return sorted(q for q, v in dist.items() if v == d)


def test_R_SPAWN_6_displacement_goes_out_in_rings_and_skips_fire_and_survivors():
    """R-SPAWN-6: with every connected-adjacent square of the destination on fire, the model is
    offered the squares at walking distance 2 (no fire), never a conscious survivor's square
    while another qualifies."""
    s = game(FIELD, intro=False)
    centre = (2, 1)
    for q in ring(s, centre, 1):
        tok(s, "fire", q)
    s.active_char.pos = ring(s, centre, 2)[0]
    run_task(s, "displace", type="zombie", dest=list(centre))
    assert s.pending is not None and s.pending.kind == "displace"
    offered = {a.to for a in legal(s)}
    assert offered == set(ring(s, centre, 2)) - {s.active_char.pos}


def test_R_SPAWN_6_a_survivors_square_only_when_nothing_else_qualifies():
    """R-SPAWN-6 / AMB-58: when every other square of the region burns, the survivor's square is
    used rather than losing the model."""
    s = game(FIELD, intro=False)
    centre = (2, 1)
    spot = (4, 2)
    s.active_char.pos = spot
    for q in FIELD.tiles["A"].squares:
        if q not in (centre, spot):
            tok(s, "fire", q)
    ev = run_task(s, "displace", type="zombie", dest=list(centre))  # one option: taken at once
    placed = [e for e in ev if e.kind == "spawn"]
    assert [tuple(e.data["pos"]) for e in placed] == [spot] and placed[0].rule == "R-SPAWN-6"


def test_DV_15_default_encounter_tables_are_the_printed_ones():
    """DV-15: used when a brief gives none. Yellow 4 is one Zombie [seed example]; the red row
    for 6 is two dogs and two zombies; green is never rolled (no table)."""
    t = content().decks.encounter_tables
    assert sorted(t) == ["amber", "red", "yellow"]
    assert t["yellow"][3] == ["zombie"]
    assert t["yellow"][0] == [] and t["yellow"][1] == []
    assert sorted(t["red"][5]) == ["zombie", "zombie", "zombie_dog", "zombie_dog"]
    assert t["amber"][5] == ["crawler"]


def test_R_SCEN_7_an_objective_holds_with_rooms_unentered_and_enemies_alive():
    """R-SCEN-7: nothing requires entering every room or killing every enemy: the survivor walks
    out past an unexplored room and a living enemy and the scenario is a success."""
    b = board("AAB", "AAB", open_doors=[((1, 0), (2, 0))], unexplored=("B",), colours={"B": "red"},
              start={1: (0, 0)}, place=[("exit", (0, 1))])
    s = game(b, intro=False)
    z = with_enemy(s, "zombie", (2, 1))  # in the unexplored room, beyond the door
    s.active_char.pos = (0, 1)
    act(s, "exit")
    assert s.result == "success"
    assert s.enemy(z.uid) is not None and "B" not in s.explored
