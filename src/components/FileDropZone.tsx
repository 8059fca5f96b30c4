/** Wraps content in a drop target for one file, highlighted while a file is dragged over it. */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

interface Props {
  onFile(file: File): void;
  enabled: boolean;
  children: ReactNode;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export function FileDropZone({ onFile, enabled, children }: Props) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave also fire for every child element; count them so the highlight does not flicker.
  const depth = useRef(0);

  const leave = () => {
    depth.current = 0;
    setOver(false);
  };

  return (
    <div
      className={`drop-zone${over ? ' is-over' : ''}`}
      data-testid="upload.area"
      onDragEnter={(event) => {
        if (!enabled || !hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!enabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        leave();
        if (!enabled) return;
        event.preventDefault();
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      {children}
    </div>
  );
}
