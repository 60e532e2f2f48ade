import type { ReactNode } from "react";

/**
 * The outcome of a form or a load: an error is announced at once (role=alert), a success or a
 * quiet note politely (role=status). `detail` is a second, smaller line (e.g. the server's reason).
 */
export function FormStatus({
  kind,
  children,
  detail,
  id,
}: {
  kind: "error" | "success" | "note";
  /** For the fields it is about (their aria-describedby). */
  id?: string;
  children: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div id={id} className={`form-status form-status--${kind}`} role={kind === "error" ? "alert" : "status"}>
      <p>{children}</p>
      {detail ? <p className="form-status-detail">{detail}</p> : null}
    </div>
  );
}
