/**
 * /create/edit?pid=…: the layered editor. Loaded on demand, so the canvas code (Konva, fonts)
 * is only downloaded by people who open the editor.
 */
import { Suspense, lazy } from 'react';
import { LoadingScreen } from './shell/LoadScreens';
import './styles/editor.css';

const EditorRoute = lazy(() => import('./shell/EditorRoute').then((module) => ({ default: module.EditorRoute })));

export function EditorPage() {
  return (
    <Suspense fallback={<LoadingScreen done={0} total={0} />}>
      <EditorRoute />
    </Suspense>
  );
}
