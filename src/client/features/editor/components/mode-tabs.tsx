import type { KeyboardEvent } from "react";

export type WritingMode = "edit" | "preview";

const MODES: Array<{ mode: WritingMode; label: string; suffix: string }> = [
  { mode: "edit", label: "Edit", suffix: "edit" },
  { mode: "preview", label: "Preview", suffix: "view" },
];

/**
 * Edit or Preview (the preview is a mode of the canvas, not a second copy under it).
 * Tabs as the ARIA pattern has them: arrow keys move between the two.
 */
export function ModeTabs({
  id,
  mode,
  onChange,
}: {
  id: string;
  mode: WritingMode;
  onChange: (m: WritingMode) => void;
}) {
  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next: WritingMode = mode === "edit" ? "preview" : "edit";
    onChange(next);
    document.getElementById(`${id}-${next === "edit" ? "edit" : "view"}-tab`)?.focus();
  };
  return (
    <div className="mode-tabs" role="tablist" aria-label="Writing mode" onKeyDown={handleKey}>
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          role="tab"
          id={`${id}-${m.suffix}-tab`}
          aria-selected={mode === m.mode}
          aria-controls={`${id}-${m.suffix}`}
          tabIndex={mode === m.mode ? 0 : -1}
          className="mode-tab"
          onClick={() => onChange(m.mode)}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
