/**
 * Drag-and-drop target state shared by the upload areas and the editor canvas: `over` is true while
 * an accepted drag is above the element. dragenter/dragleave also fire for every child element, so
 * they are counted, or the highlight would flicker.
 */
import { useRef, useState, type DragEvent } from 'react';

export function useDropTarget(accepts: (event: DragEvent) => boolean, onDrop: (event: DragEvent) => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!accepts(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver(event: DragEvent) {
      if (!accepts(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave() {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop(event: DragEvent) {
      depth.current = 0;
      setOver(false);
      if (!accepts(event)) return;
      event.preventDefault();
      onDrop(event);
    },
  };
  return { over, handlers };
}
