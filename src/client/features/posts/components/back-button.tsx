import type { ReactNode } from "react";
import { useNavigate } from "react-router";

/** Goes back in history when the reader came from within the site, else to `fallback`. */
export function BackButton({ fallback, children }: { fallback: string; children: ReactNode }) {
  const navigate = useNavigate();
  const handleClick = () => {
    // React Router numbers its history entries: idx 0 is where this visit entered the app.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  };
  return (
    <button type="button" className="button button-ghost back-button" onClick={handleClick}>
      {children}
    </button>
  );
}
