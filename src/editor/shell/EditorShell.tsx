/**
 * The editor's frame around the canvas: toolbar, tool rail and its panel, properties and layers
 * (a bottom sheet with tabs below 768 px), plus autosave, paste, drop, help and import wiring.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { onResourceProblem, type ResourceProblem } from '../scene/resourceProblems';
import { useToast } from '../../components/ToastContext';
import { usePasteImage } from '../../hooks/usePasteImage';
import { useTouchScreen } from '../../hooks/useTouchScreen';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { useEditor } from '../EditorContext';
import { useBeforeUnload } from '../persistence/useBeforeUnload';
import { usePersistence } from '../persistence/usePersistence';
import { addText } from './actions/addContent';
import { HiddenFileInput } from './actions/HiddenFileInput';
import { useContentActions } from './actions/useContentActions';
import { CanvasArea } from './CanvasArea';
import { ShortcutHelpDialog } from './dialogs/ShortcutHelpDialog';
import { LayersPanel } from './layers/LayersPanel';
import { MobileSheet } from './MobileSheet';
import { PropertiesPanel } from './props/PropertiesPanel';
import { Toolbar } from './toolbar/Toolbar';
import { ToolPanel } from './tools/ToolPanel';
import { ToolRail } from './tools/ToolRail';
import type { ToolId } from './tools/tools';
import { usePageLock } from './frame/usePageLock';
import { useSidePanelWidth } from './frame/useSidePanelWidth';
import { useImportZip } from './useImportZip';
import { useIsMobile } from './useIsMobile';
import { useHelpKey } from './useShellKeys';

interface Props {
  revision: number;
  warnings: string[];
  missingImages: number;
  needsSave: boolean;
}

export function EditorShell({ revision, warnings, missingImages, needsSave }: Props) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const editor = useEditor();
  const location = useLocation();
  const persistence = usePersistence(editor, editor.getProject().projectId, revision);
  const actions = useContentActions();
  const importer = useImportZip();
  const mobile = useIsMobile();
  const touch = useTouchScreen();
  const [tool, setTool] = useState<ToolId | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  const shell = useRef<HTMLDivElement>(null);
  const side = useSidePanelWidth();
  const [layersFolded, setLayersFolded] = useState(false);
  usePageLock(placeholder, shell);

  useBeforeUnload(persistence.hasUnsavedChanges);
  usePreventFileNavigation();
  usePasteImage((file) => void actions.addImages([file]));
  useHelpKey(() => setHelpOpen(true));

  // Once on open: say what could not be opened, and save what only this device has.
  const onOpened = useEffectEvent(() => {
    if (warnings.length) {
      console.warn('layers dropped while opening', warnings);
      toast.show(t('editor.load.droppedLayers', { count: warnings.length }), 'info');
    }
    if (missingImages) toast.show(t('editor.load.missingImages', { count: missingImages }), 'error');
    if (needsSave) persistence.requestSave();
    // An imported project arrives with content but no thumbnail; a new empty one needs none yet.
    const fresh = (location.state as { fresh?: boolean } | null)?.fresh;
    if (fresh && editor.getLayers().length > 1) persistence.requestThumbnail();
  });
  useEffect(() => onOpened(), []);
  const onProblem = useEffectEvent((problem: ResourceProblem) =>
    toast.show(t(problem.kind === 'font' ? 'editor.load.fontFailed' : 'editor.load.imageFailed', { name: problem.name }), 'error'),
  );
  useEffect(() => onResourceProblem(onProblem), []);

  const pickTool = (id: ToolId) => {
    if (id === 'text') {
      addText(editor, t(touch ? 'designer.touch.textDefault' : 'editor.text.default'), i18n.language);
      return;
    }
    setTool((current) => (current === id ? null : id));
  };

  const rail = <ToolRail active={tool} onPick={pickTool} />;
  const panel = tool && <ToolPanel tool={tool} actions={actions} onUpload={() => imageInput.current?.click()} onClose={() => setTool(null)} />;

  return (
    <>
      <div ref={placeholder} className="ed-shell-place" aria-hidden="true" />
      <div ref={shell} className={`ed-shell${mobile ? ' ed-shell--mobile' : ''}`} data-testid="editor.shell">
        <Toolbar persistence={persistence} onImport={() => zipInput.current?.click()} onHelp={() => setHelpOpen(true)} />
        {mobile ? (
          <>
            <CanvasArea actions={actions} />
            <MobileSheet
              tools={
                <>
                  {rail}
                  {panel}
                </>
              }
              properties={<PropertiesPanel actions={actions} />}
              layers={<LayersPanel />}
            />
          </>
        ) : (
          <div className="ed-body">
            {rail}
            {panel}
            <CanvasArea actions={actions} />
            <aside className="ed-side" aria-label={t('editor.panels.label')} style={{ width: side.width }}>
              <div
                className="ed-side__resize"
                role="separator"
                aria-orientation="vertical"
                aria-label={t('designer.panel.resize')}
                tabIndex={0}
                {...side.handle}
                data-testid="side.resize"
              />
              <PropertiesPanel actions={actions} />
              <LayersPanel fold={{ folded: layersFolded, toggle: () => setLayersFolded((folded) => !folded) }} />
            </aside>
          </div>
        )}
        <HiddenFileInput inputRef={imageInput} accept="image/*" multiple testId="image.input" onFiles={(files) => void actions.addImages(files)} />
        <HiddenFileInput inputRef={zipInput} accept=".zip,application/zip" testId="import.input" onFiles={([file]) => void importer.importFile(file)} />
        <ShortcutHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      </div>
    </>
  );
}
