import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

export interface PickerOption {
  value: string;
  label: string;
}

interface Props {
  /** The button's visible text and the list's name: 'Font', 'Size', 'Colour'. */
  label: string;
  options: readonly PickerOption[];
  onPick: (value: string) => void;
}

/**
 * A font / size / colour picker that applies only on an explicit choice (a click, Enter or
 * Space): the arrow keys move through the list without changing the text (WCAG 3.2.2), unlike a
 * native select, which fires on every arrow key.
 */
export function StylePicker({ label, options, onPick }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLDivElement | null>>([]);

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const pick = (value: string) => {
    setOpen(false);
    // The list goes away: focus returns to its button, unless applying moves it to the text.
    button.current?.focus();
    onPick(value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option.value);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className="style-picker">
      <button
        ref={button}
        type="button"
        className="editor-tool style-picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          setActive(0);
          setOpen((o) => !o);
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={label}
          className="style-picker-list"
          onKeyDown={handleKeyDown}
          onBlur={(e) => {
            if (
              !e.currentTarget.contains(e.relatedTarget as Node | null) &&
              e.relatedTarget !== button.current
            )
              setOpen(false);
          }}
        >
          {options.map((option, n) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (arrows, Enter, Space, Escape).
            <div
              key={option.value}
              ref={(el) => {
                items.current[n] = el;
              }}
              role="option"
              aria-selected={n === active}
              tabIndex={n === active ? 0 : -1}
              className="style-picker-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option.value)}
            >
              {option.label}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
