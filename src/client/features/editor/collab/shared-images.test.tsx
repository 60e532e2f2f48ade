// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type EditorImage, type EditorValue, emptyEditorValue } from "../editor-model";
import { IMAGES_FIELD, useSharedImages } from "./shared-images";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const image = (id: string, more: Partial<EditorImage> = {}): EditorImage => ({
  id,
  url: `/uploads/blog-images/1_${id}.png`,
  position: "center",
  size: "medium",
  pairedWith: null,
  alt: null,
  caption: "",
  file: null,
  previewUrl: `/uploads/blog-images/1_${id}.png`,
  uploaded: true,
  insertPosition: null,
  name: `${id}.png`,
  ...more,
});

/** A tab: its own Y.Doc (relayed to the other's, as the server does) and its own value. */
function tab(doc: Y.Doc, images: EditorImage[]) {
  let set: (update: (v: EditorValue) => EditorValue) => void = () => undefined;
  let value: EditorValue = { ...emptyEditorValue("him"), images };
  function Probe() {
    const [v, setV] = useState(value);
    value = v;
    set = (u) => setV(u);
    useSharedImages(doc, v.images, setV);
    return null;
  }
  const root = createRoot(document.createElement("div"));
  act(() => root.render(<Probe />));
  return {
    ids: () => value.images.map((i) => i.id),
    value: () => value,
    set: (u: (v: EditorValue) => EditorValue) => act(() => set(u)),
  };
}

function linked(): [Y.Doc, Y.Doc] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on("update", (u: Uint8Array, origin: unknown) => origin !== "relay" && Y.applyUpdate(b, u, "relay"));
  b.on("update", (u: Uint8Array, origin: unknown) => origin !== "relay" && Y.applyUpdate(a, u, "relay"));
  return [a, b];
}

describe("the image list, shared while writing together", () => {
  it("an upload, a change and a removal on one side reach the other; a picked file stays home", () => {
    const [da, db] = linked();
    const a = tab(da, [image("img-a")]);
    const b = tab(db, [image("img-a")]);
    a.set((v) => ({
      ...v,
      images: [...v.images, image("img-b", { alt: "A ridge" }), image("img-c", { uploaded: false, url: "" })],
    }));
    expect(b.ids()).toEqual(["img-a", "img-b"]);
    expect(b.value().images[1]).toMatchObject({ alt: "A ridge", uploaded: true, file: null });
    b.set((v) => ({ ...v, images: v.images.map((i) => (i.id === "img-b" ? { ...i, size: "large" } : i)) }));
    expect(a.value().images.find((i) => i.id === "img-b")?.size).toBe("large");
    b.set((v) => ({ ...v, images: v.images.filter((i) => i.id !== "img-a") }));
    expect(a.ids()).toEqual(["img-b", "img-c"]);
  });

  it("ignores a partner's entry that is not a valid image", () => {
    const [da, db] = linked();
    const a = tab(da, []);
    tab(db, []);
    act(() =>
      db
        .getMap(IMAGES_FIELD)
        .set("img-x", { id: "img-x", url: "javascript:alert(1)", position: "center", size: "medium" }),
    );
    act(() => db.getMap(IMAGES_FIELD).set("img-y", image("img-y") as unknown as object));
    expect(a.ids()).toEqual([]);
  });
});
