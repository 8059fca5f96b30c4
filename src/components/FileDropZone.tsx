/** Wraps content in a drop target for one file, highlighted while a file is dragged over it. */
import type { DragEvent, ReactNode } from 'react';
import { useDropTarget } from '../hooks/useDropTarget';

interface Props {
  onFile(file: File): void;
  enabled: boolean;
  children: ReactNode;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export function FileDropZone({ onFile, enabled, children }: Props) {
  const { over, handlers } = useDropTarget(
    (event) => enabled && hasFiles(event),
    (event) => {
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    },
  );
  return (
    <div className={`drop-zone${over ? ' is-over' : ''}`} data-testid="upload.area" {...handlers}>
      {children}
    </div>
  );
}
