/**
 * The editor route's content: opens the project (useProjectLoader) and shows the editor shell, or a clear
 * message with a way back when it cannot be opened.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EditorProvider } from '../EditorContext';
import { useProjectLoader } from '../persistence/useProjectLoader';
import { EditorShell } from './EditorShell';
import { DraftQuestion, LoadErrorScreen, LoadingScreen } from './LoadScreens';
import '../styles/editor.css';

/** `extra` is shown with the editor, inside its provider (the batch fine-tune page's "back to the batch" bar). */
export function EditorRoute({ extra }: { extra?: ReactNode } = {}) {
  const [params] = useSearchParams();
  const pid = params.get('pid');
  const loader = useProjectLoader(pid);
  const { state } = loader;

  switch (state.phase) {
    case 'loading':
      return <LoadingScreen done={state.done} total={state.total} />;
    case 'error':
      return (
        <LoadErrorScreen kind={state.kind} detail={state.detail} localCopyAt={state.localCopyAt} onRetry={loader.retry} onOpenLocal={loader.openLocalCopy} />
      );
    case 'draft':
      return <DraftQuestion savedAt={state.savedAt} onChoose={loader.chooseDraft} />;
    case 'ready':
      return (
        <EditorProvider editor={state.editor}>
          <EditorShell
            key={state.editor.getProject().projectId}
            revision={state.revision}
            warnings={state.warnings}
            missingImages={state.missingImages}
            needsSave={state.needsSave}
          />
          {extra}
        </EditorProvider>
      );
  }
}
