/** How many of its latest texts an editor remembers as its own. */
const KEPT = 64;

/**
 * The texts an editor produced since its content was last set from outside. A value among them
 * is its own, perhaps an older one: React may render an earlier state while later changes (a
 * partner's keys) are still on their way, and setting that back would undo them. Anything else
 * came from outside (the HTML view, the image list) and is set into the editor.
 */
export function ownTexts(first: string) {
  let texts = new Set([first]);
  return {
    add(text: string) {
      texts.delete(text);
      texts.add(text);
      if (texts.size > KEPT) texts.delete(texts.values().next().value as string);
    },
    has: (text: string) => texts.has(text),
    /** The content was set to `text` from outside: what came before is no longer the editor's. */
    reset(text: string) {
      texts = new Set([text]);
    },
  };
}
