// Grand Austria Hotel's names that come as data (move types, phases, the
// steps a decision waits for, items, room states), each written out once
// inside t() so that the catalog holds it and the page says it in the
// reader's language. Components keep the names printed on them (guests,
// staff cards, celebrities, hotels, ballrooms): those are never translated.
import { t } from "../i18n.js";
import { words } from "../dom.js";

const MOVES = {
  bid: () => t("bid"), check_in: () => t("check in"), choose_action: () => t("choose action"),
  choose_dove_token: () => t("choose dove token"), choose_dustbin: () => t("choose dustbin"),
  choose_entrance: () => t("choose entrance"), choose_items: () => t("choose items"),
  choose_rehearsal: () => t("choose rehearsal"), claim_objective: () => t("claim objective"),
  claim_personal_objective: () => t("claim personal objective"), complete_order: () => t("complete order"),
  decline: () => t("decline"), discard_staff: () => t("discard staff"), draft_pick: () => t("draft pick"),
  draw_instruction: () => t("draw instruction"), draw_staff: () => t("draw staff"), end_turn: () => t("end turn"),
  exchange: () => t("exchange"), grand_wray: () => t("grand wray"), hire: () => t("hire"), keep_staff: () => t("keep staff"),
  lay_out_ballrooms: () => t("lay out ballrooms"), lay_out_entrances: () => t("lay out entrances"),
  lay_out_hautel: () => t("lay out hautel"), lay_out_lounge: () => t("lay out lounge"),
  mayenfels_draw: () => t("mayenfels draw"), occupy_room: () => t("occupy room"), open_auction: () => t("open auction"),
  pass: () => t("pass"), pass_bid: () => t("pass bid"), place_items: () => t("place items"),
  place_pool_item: () => t("place pool item"), pool_item: () => t("pool item"), prepare_room: () => t("prepare room"),
  remove_dancer: () => t("remove dancer"), remove_room: () => t("remove room"), reroll: () => t("reroll"),
  return_item: () => t("return item"), return_staff: () => t("return staff"), reveal_bot_staff: () => t("reveal bot staff"),
  reveal_celebrity: () => t("reveal celebrity"), reveal_guest: () => t("reveal guest"), roll: () => t("roll"),
  send_dancer: () => t("send dancer"), send_to_ballroom: () => t("send to ballroom"), serve: () => t("serve"),
  setup: () => t("setup"), split_funds: () => t("split funds"), take_bell_reward: () => t("take bell reward"),
  take_die: () => t("take die"), take_guest: () => t("take guest"), take_key: () => t("take key"), use_staff: () => t("use staff"),
};

const PHASES = {
  setup: () => t("setup"), staff_draft: () => t("staff draft"), initial_guests: () => t("initial guests"),
  initial_rooms: () => t("initial rooms"), roll: () => t("roll"), turns: () => t("turns"), reroll: () => t("reroll"),
  round_end: () => t("round end"), over: () => t("over"), ballrooms: () => t("ballrooms"),
  entrance_auction: () => t("entrance auction"), entrances: () => t("entrances"),
  extra_initial_rooms: () => t("extra initial rooms"), lounge: () => t("lounge"), rehearsal_rooms: () => t("rehearsal rooms"),
};

const STEPS = {
  bell: () => t("bell"), bot_staff: () => t("bot staff"), celebrity: () => t("celebrity"),
  dish_or_drink: () => t("dish or drink"), dove_token: () => t("dove token"), draw_staff: () => t("draw staff"),
  dustbin: () => t("dustbin"), funds: () => t("funds"), hire: () => t("hire"), imitate: () => t("imitate"),
  items: () => t("items"), place_items: () => t("place items"), pool_draw: () => t("pool draw"),
  pool_item: () => t("pool item"), rooms: () => t("rooms"), second_guest: () => t("second guest"),
};

const ITEMS = {
  strudel: () => t("strudel"), cake: () => t("cake"), wine: () => t("wine"), coffee: () => t("coffee"),
  champagne: () => t("champagne"),
};

const ROOMS = { empty: () => t("empty"), prepared: () => t("prepared"), occupied: () => t("occupied") };

const said = (table) => (name) => (table[name] ? table[name]() : t(words(name)));

export const moveName = said(MOVES);
export const phaseName = said(PHASES);
export const stepName = said({ ...MOVES, ...STEPS });
export const itemName = said(ITEMS);
export const roomState = said(ROOMS);
