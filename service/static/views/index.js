// Each game's page part; a game without one gets the generic view.
import generic from "./generic.js";
import vienna from "./vienna.js";
import willi from "./willi.js";
import wienerWalzer from "./wiener_walzer.js";

const ADAPTERS = { willi, wiener_walzer: wienerWalzer, vienna };

export function adapterFor(game) {
  return ADAPTERS[game] || generic;
}
