/** The settings form of a batch tool (the bulk background remover has none). */
import type { BatchToolId } from '../../../../engine/spec/batch';
import { ChangeBgSettingsForm } from './ChangeBgSettingsForm';
import { EnhanceSettingsForm } from './EnhanceSettingsForm';
import { ResizeSettingsForm } from './ResizeSettingsForm';

export type AnySettings = Record<string, unknown>;

/** Settings a new batch of each tool starts with. */
export const DEFAULT_SETTINGS: Record<BatchToolId, AnySettings> = {
  enhance: { efMode: 'Balance', scale: 2 },
  removebg: {},
  changebg: { bgType: 'color', color: '#ffffff', shadow: false },
  resize: { mode: 'preset', presetId: 'instagram-square', format: 'original', quality: 90 },
};

export const hasSettings = (tool: BatchToolId) => tool !== 'removebg';

export function SettingsForm({
  tool,
  value,
  onChange,
  disabled,
  idPrefix,
}: {
  tool: BatchToolId;
  value: AnySettings;
  onChange(patch: AnySettings): void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const props = { value: value as never, onChange: onChange as never, disabled, idPrefix };
  switch (tool) {
    case 'enhance':
      return <EnhanceSettingsForm {...props} />;
    case 'changebg':
      return <ChangeBgSettingsForm {...props} />;
    case 'resize':
      return <ResizeSettingsForm {...props} />;
    case 'removebg':
      return null;
  }
}
