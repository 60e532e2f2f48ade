import { type ComponentType, lazy, Suspense } from "react";

type Load<P> = () => Promise<ComponentType<P>>;

const loaders = new Set<() => Promise<void>>();

/**
 * A piece of a public page that only a signed-in person ever sees (their comment form, the
 * author's edit and delete, moderation): a visitor's first load never fetches it (the
 * reader's budget). Render it only when there is a viewer. For the server's render and the browser's
 * hydration to agree, both load every part first (loadSignedInParts); a part that is not in yet
 * (signing in on the page) shows nothing until it is, without hiding the page around it.
 * `load` imports a module named `signed-in-parts.ts`: the server preloads those chunks of a page
 * for a signed-in person (server/shell/preloads.ts), so hydration does not wait for them.
 */
export function signedInPart<P extends object>(load: Load<P>): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  const fetchPart = async () => {
    Loaded = await load();
    return { default: Loaded };
  };
  loaders.add(async () => {
    if (!Loaded) await fetchPart();
  });
  const Lazy = lazy(fetchPart);
  return function SignedInPart(props: P) {
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** Load every part the loaded pages declared (before a render that must show them at once). */
export async function loadSignedInParts(): Promise<void> {
  await Promise.all([...loaders].map((load) => load().catch(() => {})));
}
