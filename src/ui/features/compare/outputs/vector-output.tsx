import { vectorNorm, type VectorOutput } from "../../../../core/outputs";
import "./outputs.css";

const FIRST_VALUES = 8;

/** An embedding: its shape, its length (L2 norm) and its first values. */
export function VectorOutputView(props: { vector: VectorOutput }) {
  const { shape, vector } = props.vector;
  return (
    <dl className="pb-attempt-facts" data-testid="vector-output">
      <dt>Dimension</dt>
      <dd>{shape.join(" × ")}</dd>
      {vector !== null && (
        <>
          <dt>Norm</dt>
          <dd>{vectorNorm(vector).toFixed(4)}</dd>
          <dt>First values</dt>
          <dd className="pb-mono">
            [{vector.slice(0, FIRST_VALUES).map((value) => value.toFixed(4)).join(", ")}
            {vector.length > FIRST_VALUES ? ", …" : ""}]
          </dd>
        </>
      )}
    </dl>
  );
}
