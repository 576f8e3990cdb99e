"""The city bot's judgement in the situations that decided the balance figures (issues 9/10).

Each test builds the situation with the one-line harness and asks the bot for one action; the
figures in docs/balance.md moved when these were fixed (PR1's deck-outs, four-survivor tier-3
deaths, sprays used on the wrong survivor). The bot only reads the public View.
"""
from game.ai.bot import Bot
from tests.kit import board, card, content, game, tok

SECURITY = ((1, 0), (2, 0))
CORRIDOR = board("AABB", doors=[SECURITY], locks={SECURITY: "security"}, start={1: (0, 0), 2: (0, 0)},
                 place=[("exit", (3, 0))])


def fill(s, cid, defs):
    """Give ``cid`` exactly these cards (uids made up), weapons loaded."""
    c = s.char(cid)
    c.inventory = []
    for n, d in enumerate(defs):
        w = content().items[d].weapon
        ammo = w.capacity if w is not None and w.capacity is not None else None
        c.inventory.append([card(s, f"T:{cid}:{n}", d, "B", ammo=ammo)])


def choose(s):
    s.touch()
    return Bot(1).choose(s)


def test_R_SEARCH_1_full_inventory_on_item_b_token_with_the_way_out_locked_makes_room_and_searches():
    """R-SEARCH-1 / R-INV-3: a full inventory cannot search; with the exit behind a lock whose
    key is only in the Item B deck (PR1's Security Card), the bot discards the card worth least
    (ammunition for no weapon it holds) for free and then searches. Before the fix it stood on
    the token for the rest of the game and the tension deck ran out (R-TENSION-8)."""
    s = game(CORRIDOR, intro=False, item_b=["security_card"], tension_reshuffle=False)
    tok(s, "item", (0, 0), letter="B")
    fill(s, "vera", ["knife", "handgun", "lock_pick", "green_herb", "shotgun_shells", "first_aid_spray"])
    a = choose(s)
    assert a.kind == "discard" and s.cards[a.item].defn == "shotgun_shells"
    from game.engine import apply
    apply(s, a)
    assert choose(s).kind == "search"


def test_R_SEARCH_1_full_inventory_keeps_its_cards_on_an_item_a_token_when_nothing_is_junk():
    """On an Item A token nothing the bot needs is missing: it keeps a full inventory of useful
    cards (no discard), so a search never throws away a loaded weapon for an unknown card."""
    b = board("AAAA", start={1: (0, 0)}, place=[("exit", (3, 0))])
    s = game(b, intro=False)
    tok(s, "item", (0, 0), letter="A")
    fill(s, "vera", ["knife", "handgun", "handgun_ammo", "green_herb", "first_aid_spray", "shotgun"])
    assert choose(s).kind != "discard"


def test_R_HEALTH_7_bot_does_not_leave_by_the_exit_while_an_ally_lies_unconscious():
    """R-HEALTH-7 / R-HEALTH-10: no success while anyone is unconscious, and whoever leaves can
    no longer revive them. The bot on the exit square with a First-Aid Spray walks back to the
    fallen ally instead of leaving (four-survivor tier-3 games were lost this way)."""
    b = board("AAAAA", start={1: (4, 0), 2: (0, 0)}, place=[("exit", (4, 0))])
    s = game(b, party=(("vera", 1), ("mateo", 2)), intro=False)
    fill(s, "vera", ["knife", "handgun", "first_aid_spray"])
    s.char("mateo").health = 6
    a = choose(s)
    assert a.kind == "move" and a.to == (3, 0)


def test_R_HEALTH_9_bot_keeps_its_spray_for_an_unconscious_ally_instead_of_healing_itself():
    """R-HEALTH-9 before R-HEALTH-10: a survivor at Caution (position 4) holding the party's
    only First-Aid Spray does not spend it on itself while an ally lies unconscious; it goes to
    revive the ally. Before the fix the bot healed itself and the ally died at once."""
    b = board("AAAAA", start={1: (4, 0), 2: (0, 0)}, place=[("exit", (4, 0))])
    s = game(b, party=(("vera", 1), ("mateo", 2)), intro=False)
    fill(s, "vera", ["knife", "handgun", "first_aid_spray"])
    s.char("vera").health = 4
    s.char("mateo").health = 6
    a = choose(s)
    assert not (a.kind == "use" and a.target == "vera")
    assert a.kind == "move" and a.to == (3, 0)
