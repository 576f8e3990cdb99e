"""The rules document's own vocabulary (core.md §0), where it decides play."""
from tests.kit import act, board, game, settle, with_enemy

HALL = board("AAAA", "AAAA", start={1: (3, 1), 2: (0, 0)}, place=[("exit", (3, 1))])


def _cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_R_DOC_3_an_unconscious_survivor_is_not_a_conscious_character_so_the_zombie_goes_for_the_one_standing():
    """R-DOC-3: "conscious character" = in the play area, not unconscious, not exited.
    Vera lies unconscious beside a zombie; at the end of Mateo's action phase the zombie's
    move (R-EMOVE-4: candidates are conscious characters) heads for Mateo, two squares
    away, instead of staying on Vera."""
    s = game(HALL, party=(("mateo", 1), ("vera", 2)), **{})
    s.char("vera").health = 6  # unconscious (R-HEALTH-3)
    s.char("mateo").pos = (0, 0)
    s.char("vera").pos = (3, 1)
    z = with_enemy(s, "zombie", (3, 0))
    before = _cheb(z.pos, (0, 0))
    act(s, "end_phase")
    settle(s)
    assert _cheb(z.pos, (0, 0)) < before, f"the zombie stayed by the unconscious survivor at {z.pos}"


def test_R_DOC_3_an_exited_survivor_is_not_a_conscious_character_so_enemies_go_for_the_one_left():
    """R-DOC-3: after Vera exits beside a zombie, the zombie heads for Mateo, not for the exit
    square Vera left from (an exited character has left the play area)."""
    s = game(HALL, party=(("vera", 1), ("mateo", 2)))
    z = with_enemy(s, "zombie", (2, 1))
    act(s, "exit")
    assert s.char("vera").exited and s.result is None
    assert s.active_char.cid == "mateo"
    before = _cheb(z.pos, (0, 0))
    act(s, "end_phase")
    settle(s)
    assert z.pos != (3, 1), "the zombie walked to the square of a survivor who had left"
    assert _cheb(z.pos, s.char("mateo").pos) < before
