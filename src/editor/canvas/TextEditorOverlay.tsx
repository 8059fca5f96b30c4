/**
 * In-place text editing: a <textarea> over the (hidden) text layer, matching its font, size at the
 * current zoom, colour, alignment and rotation. Enter is a new line; Mod+Enter, Escape or leaving the field
 * commits (one undo step: Ctrl+Z takes the typing back); Escape never throws the typing away (issue 29), as in
 * other design editors. Keys are ignored while an IME composes (Chinese,
 * Japanese input), so confirming a candidate with Enter never commits or adds a line.
 */
import { type CSSProperties, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toCssColor } from '../../../engine/doc/color';
import type { Editor } from '../../../engine/Editor';
import { cssFamilyFor } from '../../fonts/fontLoader';
import { useEditorSelector } from '../EditorContext';
import { editingTextStore } from './canvasStores';
import { measureTextBox } from '../scene/nodes/measureText';
import { commitTextEdit } from './textEditCommit';
import { textLayout } from '../scene/text/textStyle';
import { useView } from './viewStore';

export function TextEditorOverlay({ editor, layerId }: { editor: Editor; layerId: string }) {
  const { t, i18n } = useTranslation();
  const layer = useEditorSelector((s) => s.project.layers.find((l) => l.layerId === layerId));
  const canvasW = useEditorSelector((s) => s.project.canvasW);
  const view = useView((v) => v);
  const ref = useRef<HTMLTextAreaElement>(null);
  const composing = useRef(false);
  const closed = useRef(false);
  const value = layer?.value.valueType === 'text' ? layer.value.text : null;
  const initialText = useRef(value?.text ?? '');

  const close = (commit: boolean) => {
    if (closed.current) return;
    closed.current = true;
    if (commit && ref.current) commitTextEdit(editor, layerId, ref.current.value, i18n.language);
    if (editingTextStore.get() === layerId) editingTextStore.set(null);
  };

  // The layer went away (undo, delete elsewhere): stop editing without writing.
  useEffect(() => {
    if (!value) close(false);
  });

  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus({ preventScroll: true });
    area.select();
  }, []);

  const layout = useMemo(() => (value ? textLayout(value, canvasW, cssFamilyFor(value.fontName)) : null), [value, canvasW]);
  const box = useMemo(() => (layout ? measureTextBox(layout) : null), [layout]);

  const fit = () => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${area.scrollHeight}px`;
  };
  useLayoutEffect(fit);

  if (!layer || !value || !layout || !box) return null;

  const s = view.scale;
  const centre = { x: layer.rect.x + layer.rect.w / 2, y: layer.rect.y + layer.rect.h / 2 };
  const alignShift = layout.align === 'left' ? 0 : layout.align === 'right' ? box.width - layout.width : (box.width - layout.width) / 2;
  const left = (centre.x - box.width / 2 + alignShift) * s + view.x;
  const top = (centre.y - box.height / 2) * s + view.y;
  const style: CSSProperties = {
    position: 'absolute',
    left,
    top,
    width: layout.width * s,
    minHeight: box.height * s,
    margin: 0,
    padding: 0,
    border: 0,
    outline: '1px dashed #4f46e5',
    resize: 'none',
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    background: value.backgroundColor ? toCssColor(value.backgroundColor) : 'transparent',
    color: toCssColor(value.textColor),
    caretColor: toCssColor(value.textColor),
    fontFamily: layout.fontFamily,
    fontWeight: layout.fontStyle === 'bold' ? 700 : 400,
    fontSize: layout.fontSize * s,
    lineHeight: layout.lineHeight,
    letterSpacing: layout.letterSpacing * s,
    textAlign: layout.align,
    transform: `rotate(${layer.rect.angle}deg)`,
    transformOrigin: `${centre.x * s + view.x - left}px ${centre.y * s + view.y - top}px`,
    zIndex: 2,
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    e.stopPropagation();
    // keyCode 229: the IME took this key (Safari reports compositionend before the final keydown).
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      close(true);
    }
  };

  return (
    <textarea
      ref={ref}
      data-testid="text-editor"
      aria-label={t('canvas.textEditor')}
      defaultValue={initialText.current}
      rows={1}
      spellCheck={false}
      style={style}
      onInput={fit}
      onKeyDown={onKeyDown}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={() => {
        composing.current = false;
      }}
      onBlur={() => close(true)}
    />
  );
}
