// Scenario files dropped on a box: it shows it will take them while files are dragged over it, and
// hands them on one at a time, stopping at the first that is not stored.
import { useState, type DragEvent } from "react";

export interface ScenarioDrop {
  dragging: boolean;
  onDragOver(event: DragEvent<HTMLElement>): void;
  onDragLeave(): void;
  onDrop(event: DragEvent<HTMLElement>): void;
}

/** `acceptFile` resolves true when the file was stored. */
export function useScenarioDrop(acceptFile: (file: File) => Promise<boolean>): ScenarioDrop {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent<HTMLElement>): void => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = async (event: DragEvent<HTMLElement>): Promise<void> => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    // One at a time, so each file's errors are shown under its own name.
    for (const file of files) {
      if (!(await acceptFile(file))) break;
    }
  };
  return { dragging, onDragOver, onDragLeave: () => setDragging(false), onDrop: (event) => void onDrop(event) };
}
