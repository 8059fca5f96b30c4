/** "Your image": pick a picture of your own as the background; it is scaled to cover the whole photo. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ToastContext';
import { checkImageFile } from '../../../tools/checkImageFile';

interface Props {
  file: File | null;
  onFile(file: File | null): void;
}

export function ImagePanel({ file, onFile }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => setUrl(file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  return (
    <div className="changebg-image">
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="changebg.image.input"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (!picked) return;
          const problem = checkImageFile(picked);
          if (problem) toast.show(t(problem.key, problem.params), 'error');
          else onFile(picked);
        }}
      />
      {url && <img className="changebg-image__preview" src={url} alt={t('changebg.image.alt')} data-testid="changebg.image.preview" />}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => input.current?.click()} data-testid="changebg.image.pick">
          {file ? t('changebg.image.change') : t('changebg.image.pick')}
        </button>
        {file && (
          <button type="button" className="button button--ghost" onClick={() => onFile(null)} data-testid="changebg.image.remove">
            {t('changebg.image.remove')}
          </button>
        )}
      </div>
      <p className="muted small">{t('changebg.image.hint')}</p>
    </div>
  );
}
