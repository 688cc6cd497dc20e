// Each game's page part: the file of its view by the game type's id the API
// serves, loaded when a game of that type is opened. A view of a new game is
// one more entry here; a game not listed (one added beside the shipped ones)
// gets the generic view.
import generic from "./generic.js";

const ADAPTERS = { willi: "./willi.js", wiener_walzer: "./wiener_walzer.js", vienna: "./vienna.js", grand_austria: "./grand_austria.js" };

export async function adapterFor(game) {
  const file = Object.hasOwn(ADAPTERS, game) ? ADAPTERS[game] : null;
  return file ? (await import(file)).default : generic;
}
