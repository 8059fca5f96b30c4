/** The left rail of tools: each button opens its panel (pressed while open); Text adds a text at once. */
import { useTranslation } from 'react-i18next';
import { Icon } from '../Icon';
import { TOOLS, type ToolId } from './tools';

interface Props {
  active: ToolId | null;
  onPick(tool: ToolId): void;
}

export function ToolRail({ active, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <nav className="ed-rail" aria-label={t('editor.tools.label')}>
      {TOOLS.map(({ id, icon, labelKey }) => (
        <button
          key={id}
          type="button"
          className={`ed-rail__tool${active === id ? ' is-active' : ''}`}
          aria-pressed={id === 'text' ? undefined : active === id}
          onClick={() => onPick(id)}
          data-testid={`tool.${id}`}
        >
          <Icon name={icon} size={22} />
          <span className="ed-rail__label">{t(labelKey)}</span>
        </button>
      ))}
    </nav>
  );
}
