import type { ReactNode } from "react";

export type NoticeTone = "info" | "warning" | "error" | "success";

interface NoticeProps {
  tone: NoticeTone;
  title?: string;
  children: ReactNode;
}

/** A message box; errors and warnings are announced to screen readers as they appear. */
export function Notice({ tone, title, children }: NoticeProps) {
  return (
    <div className={`notice notice-${tone}`} role={tone === "error" || tone === "warning" ? "alert" : "status"}>
      {title ? <strong className="notice-title">{title}</strong> : null}
      <div>{children}</div>
    </div>
  );
}
