import type { Entity } from "../../../../core/outputs";
import { formatScore } from "./score-text";
import "./outputs.css";

type Piece = { text: string; entity: Entity | null };

/**
 * The input cut into plain and entity pieces. Entities are taken in order of their start; one that
 * overlaps an earlier one, or runs past the text, is left out of the marking (still listed below).
 */
export function entityPieces(text: string, entities: readonly Entity[]): Piece[] {
  const spans = entities
    .filter((entity) => entity.start !== null && entity.end !== null && entity.end <= text.length && entity.end > entity.start)
    .sort((a, b) => (a.start as number) - (b.start as number));
  const pieces: Piece[] = [];
  let cursor = 0;
  for (const entity of spans) {
    const start = entity.start as number;
    const end = entity.end as number;
    if (start < cursor) continue;
    if (start > cursor) pieces.push({ text: text.slice(cursor, start), entity: null });
    pieces.push({ text: text.slice(start, end), entity });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), entity: null });
  return pieces;
}

/** Entities marked in the input text, then listed with their labels and scores. */
export function EntitiesOutput(props: { entities: readonly Entity[]; inputText: string | null }) {
  const { entities, inputText } = props;
  return (
    <div data-testid="entities-output">
      {inputText !== null && (
        <p className="pb-marked-text">
          {entityPieces(inputText, entities).map((piece, index) =>
            piece.entity === null ? (
              <span key={index}>{piece.text}</span>
            ) : (
              <mark key={index} className="pb-entity" title={`${piece.entity.label} ${formatScore(piece.entity.score)}`}>
                {piece.text}
                <span className="pb-entity-label">{piece.entity.label}</span>
              </mark>
            ),
          )}
        </p>
      )}
      {entities.length === 0 ? (
        <p className="pb-empty">No entities found.</p>
      ) : (
        <ul className="pb-entity-list" aria-label="Entities">
          {entities.map((entity, index) => (
            <li key={index}>
              <span className="pb-entity-label">{entity.label}</span> {entity.word} <span className="pb-muted">{formatScore(entity.score)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
