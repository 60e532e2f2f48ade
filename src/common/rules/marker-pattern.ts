// The marker syntax alone (markers.ts has the rest): small, so what only needs to find or drop
// markers (an excerpt, a reading time on a reader's page) does not load the whole module.

export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ID = "[A-Za-z0-9_-]{1,64}";
const MARKER_SOURCE = `\\[IMAGE:(${ID})\\]|\\[PAIRED:(${ID}):(${ID})\\]|\\[GALLERY:((?:${ID}:){2,11}${ID})\\]`;
export const markerRe = () => new RegExp(MARKER_SOURCE, "g");
