/** A hidden file input opened by a visible button (`inputRef.current.click()`); the same file may be picked twice. */
import type { RefObject } from 'react';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  multiple?: boolean;
  testId: string;
  onFiles(files: File[]): void;
}

export function HiddenFileInput({ inputRef, accept, multiple = false, testId, onFiles }: Props) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      multiple={multiple}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}
