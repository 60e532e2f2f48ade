import { createRequire } from "node:module";
import { createElement, type FunctionComponent } from "react";

// react-email's components take about a second to load (most of it their CSS tooling), and a
// server that sends no email at all must not wait for them: its start, and every spawned test
// server, did. The letters import them from here; the package is required on the first letter.

type Kit = typeof import("@react-email/components");

let kit: Kit | null = null;
const load = (): Kit => {
  kit ??= createRequire(import.meta.url)("@react-email/components") as Kit;
  return kit;
};

/** A component of the kit, loaded when it first renders (the markup is the kit's own). */
const lazy = <K extends keyof Kit>(name: K): Kit[K] =>
  ((props: object) =>
    createElement(load()[name] as unknown as FunctionComponent, props)) as unknown as Kit[K];

export const Body = lazy("Body");
export const Column = lazy("Column");
export const Container = lazy("Container");
export const Head = lazy("Head");
export const Heading = lazy("Heading");
export const Hr = lazy("Hr");
export const Html = lazy("Html");
export const Img = lazy("Img");
export const Link = lazy("Link");
export const Preview = lazy("Preview");
export const Row = lazy("Row");
export const Section = lazy("Section");
export const Text = lazy("Text");
export const toPlainText: Kit["toPlainText"] = (...args) => load().toPlainText(...args);
