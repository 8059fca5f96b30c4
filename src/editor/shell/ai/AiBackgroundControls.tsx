/** The AI background step's controls in the properties panel: a scene description and "Generate background". */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../../engine/doc/types';
import { PROMPT_MAX_CHARS } from '../../../../engine/spec/generativeParams';
import { Icon } from '../Icon';
import type { LayerAiBackground } from './useLayerAiBackground';

export function AiBackgroundControls({ layer, step, disabled }: { layer: Layer; step: LayerAiBackground; disabled: boolean }) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  return (
    <div className="ed-field">
      <label className="ed-field__label" htmlFor="ed-ai-bg">
        {t('genai.editor.title')}
      </label>
      <input
        id="ed-ai-bg"
        type="text"
        className="ed-input"
        value={description}
        maxLength={PROMPT_MAX_CHARS}
        placeholder={t('genai.editor.placeholder')}
        disabled={disabled || layer.locked}
        onChange={(event) => setDescription(event.target.value)}
        data-testid="ai.aibg.prompt"
      />
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={disabled || layer.locked || !description.trim()}
        onClick={() => step.run(layer.layerId, description)}
        data-testid="ai.aibg.run"
      >
        <Icon name="magic" />
        {t('genai.editor.run')}
      </button>
      {step.busy && (
        <span className="ed-ai__progress" role="status">
          {t('designer.ai.working', { percent: step.percent })}
        </span>
      )}
    </div>
  );
}
