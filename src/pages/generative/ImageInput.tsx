/**
 * One picture a generative tool needs (the photo, a garment, a product, a reference): a button that opens the
 * file picker, drag and drop onto it, a preview once chosen, and the client-side file checks.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';
import { useTouchScreen } from '../../hooks/useTouchScreen';
import { checkImageFile } from '../../tools/checkImageFile';

interface Props {
  id: string;
  label: string;
  hint?: string;
  file: File | null;
  onFile(file: File | null): void;
  disabled?: boolean;
}

export function ImageInput({ id, label, hint, file, onFile, disabled = false }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const touch = useTouchScreen();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    const url = file ? URL.createObjectURL(file) : null;
    setPreview(url);
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const take = (next: File) => {
    const issue = checkImageFile(next);
    setProblem(issue ? t(issue.key, issue.params) : null);
    if (!issue) onFile(next);
  };

  return (
    <div className="gen-image-input" data-testid={`gen.image.${id}`}>
      <span className="gen-form__label">{label}</span>
      <FileDropZone onFile={take} enabled={!disabled}>
        <div className="gen-image-input__box">
          {preview ? (
            <img src={preview} alt={label} className="gen-image-input__preview" data-testid={`gen.image.${id}.preview`} />
          ) : (
            <span className="muted small">{hint ?? t(touch ? 'genai.image.emptyTouch' : 'genai.image.empty')}</span>
          )}
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => input.current?.click()}>
            {file ? t('genai.image.change') : t('genai.image.choose')}
          </button>
        </div>
      </FileDropZone>
      <input
        ref={input}
        id={`gen-image-${id}`}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        data-testid={`gen.image.${id}.input`}
        onChange={(event) => {
          const next = event.target.files?.[0];
          event.target.value = '';
          if (next) take(next);
        }}
      />
      {problem && (
        <p className="gen-outcome__error small" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
