import type { Page } from "@playwright/test";
import { pngImage } from "./reader-helpers";

export { unique } from "./engagement-helpers";

/** The visual editor's text (the default view of the post editor). */
export const visualContent = (page: Page) => page.getByRole("textbox", { name: "Content" });

/** A PNG file to set on a file input: a plain colour of the given size. */
export const pngFile = async (name: string, width: number, height: number, colour: string) => ({
  name,
  mimeType: "image/png",
  buffer: await pngImage(width, height, colour),
});

/** A font / size / colour picker: open it, then choose (a click applies). */
export async function pick(page: Page, picker: "Font" | "Size" | "Colour", option: string) {
  await page.getByRole("button", { name: picker, exact: true }).click();
  await page
    .getByRole("listbox", { name: picker })
    .getByRole("option", { name: option, exact: true })
    .click();
}
