// Each game's page part; a game without one gets the generic view.
import generic from "./generic.js";
import grandAustria from "./grand_austria.js";
import vienna from "./vienna.js";
import willi from "./willi.js";
import wienerWalzer from "./wiener_walzer.js";

const ADAPTERS = { willi, wiener_walzer: wienerWalzer, vienna, grand_austria: grandAustria };

export function adapterFor(game) {
  return ADAPTERS[game] || generic;
}
