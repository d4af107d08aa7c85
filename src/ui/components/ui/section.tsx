import type { ReactNode } from "react";
import "./ui.css";

/** A titled block of a page, with optional controls (filters, buttons) on the right of the title. */
export function Section(props: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="pb-section" data-testid={props.testId}>
      <header className="pb-section-header">
        <h2 className="pb-section-title">{props.title}</h2>
        {props.actions !== undefined && <div className="pb-section-actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}
