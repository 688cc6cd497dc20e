"""Module 1 as the engine sees it: its parts (listed in domain.grand_austria.registry)."""
from __future__ import annotations

from domain.grand_austria.effects import N_, Words
from domain.grand_austria.parts import FinalLine, Module, MoveRule, PendingKind, RoundEndStep, SetupPart
from domain.grand_austria.modules.ballrooms.boards import (Ballrooms, ChooseRehearsalSchema, HOUSE_SECTIONS, ID,
                                                           LayOutSchema, apply_choose_rehearsal, apply_lay_out,
                                                           ballrooms_field, boards_chance, champagne,
                                                           check_choose_rehearsal, check_lay_out, configure,
                                                           lay_out_chance, of, rehearsal_boards_field)
from domain.grand_austria.modules.ballrooms.dancers import (DANCER_WORDS, RemoveDancerSchema, SendDancerSchema,
                                                            SendToBallroomSchema, dancer_effect, remove_dancers_effect,
                                                            vp_per_dancer_effect, all_dancers, apply_remove_dancer,
                                                            apply_send_dancer, apply_send_to_ballroom,
                                                            check_remove_dancer, check_send_dancer,
                                                            check_send_to_ballroom, removal_candidates,
                                                            send_dancer_candidates, send_moves)
from domain.grand_austria.modules.ballrooms.scoring import (PHASES, ballroom_scoring, ballrooms_view, champagne_left,
                                                            completed_green, components)


BALLROOMS = Module(
    id=ID, title="Module 1: Vienna Ballrooms",
    moves={"lay_out_ballrooms": MoveRule(LayOutSchema, check_lay_out, apply_lay_out),
           "choose_rehearsal": MoveRule(ChooseRehearsalSchema, check_choose_rehearsal, apply_choose_rehearsal),
           "send_to_ballroom": MoveRule(SendToBallroomSchema, check_send_to_ballroom, apply_send_to_ballroom,
                                        before_main=True, additional=True, candidates=send_moves),
           "send_dancer": MoveRule(SendDancerSchema, check_send_dancer, apply_send_dancer),
           "remove_dancer": MoveRule(RemoveDancerSchema, check_remove_dancer, apply_remove_dancer)},
    effects={"dancer": (frozenset({"n", "discount", "free"}), dancer_effect, DANCER_WORDS),
             "remove_dancers": (frozenset({"n", "vp"}), remove_dancers_effect, Words(
                 N_("remove 1 of your dancers from the ballroom about to be scored, else lose {vp} VP"),
                 N_("remove {n} of your dancers from the ballroom about to be scored, else lose {vp} VP"))),
             "vp_per_dancer": (frozenset({"n"}), vp_per_dancer_effect, Words(N_("{n} VP per dancer in the ballrooms")))},
    pending={"dancer": PendingKind("send_dancer", send_dancer_candidates, optional=True),
             "remove_dancer": PendingKind("remove_dancer", removal_candidates)},
    setup_phases=PHASES,
    setup_part=SetupPart({"ballrooms": ballrooms_field(), "rehearsal_boards": rehearsal_boards_field()},
                         check_lay_out, apply_lay_out, boards_chance),
    round_end=(RoundEndStep("ballroom_scoring", 30, ballroom_scoring),),
    final_scoring=(FinalLine(45, champagne_left),),
    configure=configure,
    start=lambda config: Ballrooms(),
    view=ballrooms_view,
    components=components,
    house=HOUSE_SECTIONS,
    chance={"lay_out_ballrooms": lay_out_chance},
    notation={"lay_out_ballrooms": "Ballrooms {ballrooms:list}, rehearsal boards {rehearsal_boards:list}",
              "choose_rehearsal": "{seat:seat} rehearsal {board:name}",
              "send_to_ballroom": "{seat:seat} ballroom {table:number}->{ballroom:number} {row:word} "
                                  "s{section:number}{rewards_order:then}",
              "send_dancer": "{seat:seat} dancer {ballroom:number} {row:word} s{section:number}",
              "remove_dancer": "{seat:seat} removes dancer {row:word} {space:space}"},
    cards="ballrooms.toml",
    measures={"champagne": champagne, "dancers": all_dancers, "completed_green": completed_green},
    completed_guests=lambda state, seat: of(state).danced.get(seat, ()),
)
