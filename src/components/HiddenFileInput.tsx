/**
 * The file picker behind "Upload image" buttons: hidden from view and from the tab order (the visible
 * button opens it through `ref`), images only, and it fires again when the same file is picked twice.
 */
import type { Ref } from 'react';

export function HiddenFileInput({ ref, onFile, accept = 'image/*' }: { ref: Ref<HTMLInputElement>; onFile(file: File): void; accept?: string }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid="upload.input"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = ''; // picking the same file again must fire change again
        if (file) onFile(file);
      }}
    />
  );
}
